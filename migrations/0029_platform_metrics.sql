CREATE TABLE `activity_week_counts` (
	`week_start` integer NOT NULL,
	`user_role` text NOT NULL,
	`users` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`week_start`, `user_role`)
);
--> statement-breakpoint
CREATE TABLE `payment_weeks` (
	`week_start` integer PRIMARY KEY NOT NULL,
	`payments` integer DEFAULT 0 NOT NULL,
	`gross_cents` integer DEFAULT 0 NOT NULL,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`fee_refunded_cents` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `school_plan_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`school_id` text NOT NULL,
	`plan` text,
	`pupil_count` integer,
	`status` text NOT NULL,
	`from_status` text,
	`valid_from` integer NOT NULL,
	`valid_to` integer
);
--> statement-breakpoint
CREATE INDEX `school_plan_history_from_idx` ON `school_plan_history` (`valid_from`);--> statement-breakpoint
CREATE INDEX `school_plan_history_to_idx` ON `school_plan_history` (`valid_to`);--> statement-breakpoint
CREATE INDEX `school_plan_history_open_idx` ON `school_plan_history` (`school_id`,`valid_to`);--> statement-breakpoint
CREATE TABLE `user_activity_weeks` (
	`week_start` integer NOT NULL,
	`user_role` text NOT NULL,
	`user_id` text NOT NULL,
	PRIMARY KEY(`week_start`, `user_role`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `user_activity_weeks_user_idx` ON `user_activity_weeks` (`user_role`,`user_id`);
--> statement-breakpoint
-- ADR 0072: a school's plan, pupil count and subscription status over time, kept by triggers.
CREATE TRIGGER `schools_plan_history_insert` AFTER INSERT ON `schools`
BEGIN
  INSERT INTO `school_plan_history` (`school_id`, `plan`, `pupil_count`, `status`, `from_status`, `valid_from`)
  VALUES (NEW.`id`, NEW.`plan`, NEW.`pupil_count`, NEW.`subscription_status`, NULL, NEW.`created_at`);
END;
--> statement-breakpoint
CREATE TRIGGER `schools_plan_history_update` AFTER UPDATE OF `plan`, `pupil_count`, `subscription_status` ON `schools`
WHEN OLD.`plan` IS NOT NEW.`plan` OR OLD.`pupil_count` IS NOT NEW.`pupil_count`
  OR OLD.`subscription_status` IS NOT NEW.`subscription_status`
BEGIN
  -- The change's instant is the write's updated_at (every writer sets it), never before the period it ends.
  UPDATE `school_plan_history` SET `valid_to` = max(NEW.`updated_at`, `valid_from`)
  WHERE `school_id` = NEW.`id` AND `valid_to` IS NULL;
  INSERT INTO `school_plan_history` (`school_id`, `plan`, `pupil_count`, `status`, `from_status`, `valid_from`)
  VALUES (NEW.`id`, NEW.`plan`, NEW.`pupil_count`, NEW.`subscription_status`, OLD.`subscription_status`,
    coalesce((SELECT max(`valid_to`) FROM `school_plan_history` WHERE `school_id` = NEW.`id`), NEW.`updated_at`));
END;
--> statement-breakpoint
CREATE TRIGGER `schools_plan_history_delete` AFTER DELETE ON `schools`
BEGIN
  UPDATE `school_plan_history`
  SET `valid_to` = max(CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), `valid_from`)
  WHERE `school_id` = OLD.`id` AND `valid_to` IS NULL;
END;
--> statement-breakpoint
INSERT INTO `school_plan_history` (`school_id`, `plan`, `pupil_count`, `status`, `from_status`, `valid_from`)
SELECT `id`, `plan`, `pupil_count`, `subscription_status`, NULL, `created_at` FROM `schools`;
--> statement-breakpoint
-- ADR 0072: the week (Monday 00:00 UTC) a parent's or driver's session was created or refreshed in.
CREATE TRIGGER `sessions_activity_insert` AFTER INSERT ON `sessions`
WHEN NEW.`user_role` IN ('parent', 'driver')
BEGIN
  INSERT OR IGNORE INTO `user_activity_weeks` (`week_start`, `user_role`, `user_id`)
  VALUES (NEW.`created_at` - ((NEW.`created_at` / 86400000 + 3) % 7) * 86400000 - NEW.`created_at` % 86400000,
    NEW.`user_role`, NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `sessions_activity_seen` AFTER UPDATE OF `last_seen_at` ON `sessions`
WHEN NEW.`user_role` IN ('parent', 'driver')
BEGIN
  INSERT OR IGNORE INTO `user_activity_weeks` (`week_start`, `user_role`, `user_id`)
  VALUES (NEW.`last_seen_at` - ((NEW.`last_seen_at` / 86400000 + 3) % 7) * 86400000 - NEW.`last_seen_at` % 86400000,
    NEW.`user_role`, NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `parents_activity_delete` AFTER DELETE ON `parents`
BEGIN
  DELETE FROM `user_activity_weeks` WHERE `user_role` = 'parent' AND `user_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `drivers_activity_delete` AFTER DELETE ON `drivers`
BEGIN
  DELETE FROM `user_activity_weeks` WHERE `user_role` = 'driver' AND `user_id` = OLD.`id`;
END;
--> statement-breakpoint
-- ADR 0072: users per week and role, so the metrics read a row per week.
CREATE TRIGGER `user_activity_weeks_count_insert` AFTER INSERT ON `user_activity_weeks`
BEGIN
  INSERT INTO `activity_week_counts` (`week_start`, `user_role`, `users`) VALUES (NEW.`week_start`, NEW.`user_role`, 1)
  ON CONFLICT(`week_start`, `user_role`) DO UPDATE SET `users` = `users` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `user_activity_weeks_count_delete` AFTER DELETE ON `user_activity_weeks`
BEGIN
  UPDATE `activity_week_counts` SET `users` = `users` - 1
  WHERE `week_start` = OLD.`week_start` AND `user_role` = OLD.`user_role`;
END;
--> statement-breakpoint
INSERT OR IGNORE INTO `user_activity_weeks` (`week_start`, `user_role`, `user_id`)
SELECT `at` - ((`at` / 86400000 + 3) % 7) * 86400000 - `at` % 86400000, `user_role`, `user_id`
FROM (SELECT `created_at` AS `at`, `user_role`, `user_id` FROM `sessions`
  UNION ALL SELECT `last_seen_at`, `user_role`, `user_id` FROM `sessions`)
WHERE `user_role` IN ('parent', 'driver');

--> statement-breakpoint
-- ADR 0072: payments by the week they were paid (succeeded or refunded), kept in the statement of every write.
CREATE TRIGGER `payments_weeks_insert` AFTER INSERT ON `payments`
BEGIN
  INSERT INTO `payment_weeks` (`week_start`, `payments`, `gross_cents`, `refunded_cents`, `fee_cents`, `fee_refunded_cents`)
  SELECT NEW.`paid_at` - ((NEW.`paid_at` / 86400000 + 3) % 7) * 86400000 - NEW.`paid_at` % 86400000, 1, NEW.`amount_cents`, NEW.`refunded_cents`, NEW.`application_fee_cents`,
    CASE WHEN NEW.`amount_cents` > 0 THEN (NEW.`application_fee_cents` * NEW.`refunded_cents` * 2 + NEW.`amount_cents`) / (NEW.`amount_cents` * 2) ELSE 0 END
  WHERE NEW.`paid_at` IS NOT NULL AND NEW.`status` IN ('succeeded', 'refunded')
  ON CONFLICT(`week_start`) DO UPDATE SET
    `payments` = `payments` + excluded.`payments`,
    `gross_cents` = `gross_cents` + excluded.`gross_cents`,
    `refunded_cents` = `refunded_cents` + excluded.`refunded_cents`,
    `fee_cents` = `fee_cents` + excluded.`fee_cents`,
    `fee_refunded_cents` = `fee_refunded_cents` + excluded.`fee_refunded_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `payments_weeks_update` AFTER UPDATE OF `paid_at`, `status`, `amount_cents`, `application_fee_cents`, `refunded_cents` ON `payments`
BEGIN
  UPDATE `payment_weeks` SET
    `payments` = `payments` - 1,
    `gross_cents` = `gross_cents` - OLD.`amount_cents`,
    `refunded_cents` = `refunded_cents` - OLD.`refunded_cents`,
    `fee_cents` = `fee_cents` - OLD.`application_fee_cents`,
    `fee_refunded_cents` = `fee_refunded_cents` - CASE WHEN OLD.`amount_cents` > 0 THEN (OLD.`application_fee_cents` * OLD.`refunded_cents` * 2 + OLD.`amount_cents`) / (OLD.`amount_cents` * 2) ELSE 0 END
  WHERE `week_start` = OLD.`paid_at` - ((OLD.`paid_at` / 86400000 + 3) % 7) * 86400000 - OLD.`paid_at` % 86400000 AND OLD.`paid_at` IS NOT NULL AND OLD.`status` IN ('succeeded', 'refunded');
  INSERT INTO `payment_weeks` (`week_start`, `payments`, `gross_cents`, `refunded_cents`, `fee_cents`, `fee_refunded_cents`)
  SELECT NEW.`paid_at` - ((NEW.`paid_at` / 86400000 + 3) % 7) * 86400000 - NEW.`paid_at` % 86400000, 1, NEW.`amount_cents`, NEW.`refunded_cents`, NEW.`application_fee_cents`,
    CASE WHEN NEW.`amount_cents` > 0 THEN (NEW.`application_fee_cents` * NEW.`refunded_cents` * 2 + NEW.`amount_cents`) / (NEW.`amount_cents` * 2) ELSE 0 END
  WHERE NEW.`paid_at` IS NOT NULL AND NEW.`status` IN ('succeeded', 'refunded')
  ON CONFLICT(`week_start`) DO UPDATE SET
    `payments` = `payments` + excluded.`payments`,
    `gross_cents` = `gross_cents` + excluded.`gross_cents`,
    `refunded_cents` = `refunded_cents` + excluded.`refunded_cents`,
    `fee_cents` = `fee_cents` + excluded.`fee_cents`,
    `fee_refunded_cents` = `fee_refunded_cents` + excluded.`fee_refunded_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `payments_weeks_delete` AFTER DELETE ON `payments`
BEGIN
  UPDATE `payment_weeks` SET
    `payments` = `payments` - 1,
    `gross_cents` = `gross_cents` - OLD.`amount_cents`,
    `refunded_cents` = `refunded_cents` - OLD.`refunded_cents`,
    `fee_cents` = `fee_cents` - OLD.`application_fee_cents`,
    `fee_refunded_cents` = `fee_refunded_cents` - CASE WHEN OLD.`amount_cents` > 0 THEN (OLD.`application_fee_cents` * OLD.`refunded_cents` * 2 + OLD.`amount_cents`) / (OLD.`amount_cents` * 2) ELSE 0 END
  WHERE `week_start` = OLD.`paid_at` - ((OLD.`paid_at` / 86400000 + 3) % 7) * 86400000 - OLD.`paid_at` % 86400000 AND OLD.`paid_at` IS NOT NULL AND OLD.`status` IN ('succeeded', 'refunded');
END;
--> statement-breakpoint
INSERT INTO `payment_weeks` (`week_start`, `payments`, `gross_cents`, `refunded_cents`, `fee_cents`, `fee_refunded_cents`)
SELECT p.`paid_at` - ((p.`paid_at` / 86400000 + 3) % 7) * 86400000 - p.`paid_at` % 86400000, count(*), sum(p.`amount_cents`), sum(p.`refunded_cents`), sum(p.`application_fee_cents`),
  sum(CASE WHEN p.`amount_cents` > 0 THEN (p.`application_fee_cents` * p.`refunded_cents` * 2 + p.`amount_cents`) / (p.`amount_cents` * 2) ELSE 0 END)
FROM `payments` p WHERE p.`paid_at` IS NOT NULL AND p.`status` IN ('succeeded', 'refunded')
GROUP BY 1;
