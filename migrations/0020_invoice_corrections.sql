ALTER TABLE `invoice_totals` ADD `void_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_totals` ADD `void_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `payment_method` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `payment_reference` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `payment_recorded_by` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `void_reason` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `emailed_at` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `change_id` text;
--> statement-breakpoint
-- ADR 0041 (issue 25): invoices a school corrects. Every invoice paid before now was paid online
-- (the webhook was the only writer of `paid`), and its e-mail went out when it was created.
UPDATE `invoices` SET `payment_method` = 'online' WHERE `status` IN ('paid', 'refunded');
--> statement-breakpoint
UPDATE `invoices` SET `emailed_at` = `created_at`;
--> statement-breakpoint
-- The totals (ADR 0022) count void invoices too: the triggers are recreated with the fifth status.
DROP TRIGGER `invoices_totals_insert`;
--> statement-breakpoint
DROP TRIGGER `invoices_totals_delete`;
--> statement-breakpoint
DROP TRIGGER `invoices_totals_update`;
--> statement-breakpoint
CREATE TRIGGER `invoices_totals_insert` AFTER INSERT ON `invoices`
BEGIN
	INSERT INTO `invoice_totals` (`school_id`, `pending_count`, `pending_cents`, `paid_count`, `paid_cents`, `overdue_count`, `overdue_cents`, `refunded_count`, `refunded_cents`, `void_count`, `void_cents`)
	VALUES (NEW.`school_id`, (NEW.`status` = 'pending'), CASE WHEN NEW.`status` = 'pending' THEN NEW.`amount_cents` ELSE 0 END, (NEW.`status` = 'paid'), CASE WHEN NEW.`status` = 'paid' THEN NEW.`amount_cents` ELSE 0 END, (NEW.`status` = 'overdue'), CASE WHEN NEW.`status` = 'overdue' THEN NEW.`amount_cents` ELSE 0 END, (NEW.`status` = 'refunded'), CASE WHEN NEW.`status` = 'refunded' THEN NEW.`amount_cents` ELSE 0 END, (NEW.`status` = 'void'), CASE WHEN NEW.`status` = 'void' THEN NEW.`amount_cents` ELSE 0 END)
	ON CONFLICT(`school_id`) DO UPDATE SET
		`pending_count` = `pending_count` + excluded.`pending_count`,
		`pending_cents` = `pending_cents` + excluded.`pending_cents`,
		`paid_count` = `paid_count` + excluded.`paid_count`,
		`paid_cents` = `paid_cents` + excluded.`paid_cents`,
		`overdue_count` = `overdue_count` + excluded.`overdue_count`,
		`overdue_cents` = `overdue_cents` + excluded.`overdue_cents`,
		`refunded_count` = `refunded_count` + excluded.`refunded_count`,
		`refunded_cents` = `refunded_cents` + excluded.`refunded_cents`,
		`void_count` = `void_count` + excluded.`void_count`,
		`void_cents` = `void_cents` + excluded.`void_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_totals_delete` AFTER DELETE ON `invoices`
BEGIN
	UPDATE `invoice_totals` SET
		`pending_count` = `pending_count` - (OLD.`status` = 'pending'),
		`pending_cents` = `pending_cents` - CASE WHEN OLD.`status` = 'pending' THEN OLD.`amount_cents` ELSE 0 END,
		`paid_count` = `paid_count` - (OLD.`status` = 'paid'),
		`paid_cents` = `paid_cents` - CASE WHEN OLD.`status` = 'paid' THEN OLD.`amount_cents` ELSE 0 END,
		`overdue_count` = `overdue_count` - (OLD.`status` = 'overdue'),
		`overdue_cents` = `overdue_cents` - CASE WHEN OLD.`status` = 'overdue' THEN OLD.`amount_cents` ELSE 0 END,
		`refunded_count` = `refunded_count` - (OLD.`status` = 'refunded'),
		`refunded_cents` = `refunded_cents` - CASE WHEN OLD.`status` = 'refunded' THEN OLD.`amount_cents` ELSE 0 END,
		`void_count` = `void_count` - (OLD.`status` = 'void'),
		`void_cents` = `void_cents` - CASE WHEN OLD.`status` = 'void' THEN OLD.`amount_cents` ELSE 0 END
	WHERE `school_id` = OLD.`school_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_totals_update` AFTER UPDATE OF `status`, `amount_cents`, `school_id` ON `invoices`
BEGIN
	UPDATE `invoice_totals` SET
		`pending_count` = `pending_count` - (OLD.`status` = 'pending'),
		`pending_cents` = `pending_cents` - CASE WHEN OLD.`status` = 'pending' THEN OLD.`amount_cents` ELSE 0 END,
		`paid_count` = `paid_count` - (OLD.`status` = 'paid'),
		`paid_cents` = `paid_cents` - CASE WHEN OLD.`status` = 'paid' THEN OLD.`amount_cents` ELSE 0 END,
		`overdue_count` = `overdue_count` - (OLD.`status` = 'overdue'),
		`overdue_cents` = `overdue_cents` - CASE WHEN OLD.`status` = 'overdue' THEN OLD.`amount_cents` ELSE 0 END,
		`refunded_count` = `refunded_count` - (OLD.`status` = 'refunded'),
		`refunded_cents` = `refunded_cents` - CASE WHEN OLD.`status` = 'refunded' THEN OLD.`amount_cents` ELSE 0 END,
		`void_count` = `void_count` - (OLD.`status` = 'void'),
		`void_cents` = `void_cents` - CASE WHEN OLD.`status` = 'void' THEN OLD.`amount_cents` ELSE 0 END
	WHERE `school_id` = OLD.`school_id`;
	INSERT INTO `invoice_totals` (`school_id`, `pending_count`, `pending_cents`, `paid_count`, `paid_cents`, `overdue_count`, `overdue_cents`, `refunded_count`, `refunded_cents`, `void_count`, `void_cents`)
	VALUES (NEW.`school_id`, (NEW.`status` = 'pending'), CASE WHEN NEW.`status` = 'pending' THEN NEW.`amount_cents` ELSE 0 END, (NEW.`status` = 'paid'), CASE WHEN NEW.`status` = 'paid' THEN NEW.`amount_cents` ELSE 0 END, (NEW.`status` = 'overdue'), CASE WHEN NEW.`status` = 'overdue' THEN NEW.`amount_cents` ELSE 0 END, (NEW.`status` = 'refunded'), CASE WHEN NEW.`status` = 'refunded' THEN NEW.`amount_cents` ELSE 0 END, (NEW.`status` = 'void'), CASE WHEN NEW.`status` = 'void' THEN NEW.`amount_cents` ELSE 0 END)
	ON CONFLICT(`school_id`) DO UPDATE SET
		`pending_count` = `pending_count` + excluded.`pending_count`,
		`pending_cents` = `pending_cents` + excluded.`pending_cents`,
		`paid_count` = `paid_count` + excluded.`paid_count`,
		`paid_cents` = `paid_cents` + excluded.`paid_cents`,
		`overdue_count` = `overdue_count` + excluded.`overdue_count`,
		`overdue_cents` = `overdue_cents` + excluded.`overdue_cents`,
		`refunded_count` = `refunded_count` + excluded.`refunded_count`,
		`refunded_cents` = `refunded_cents` + excluded.`refunded_cents`,
		`void_count` = `void_count` + excluded.`void_count`,
		`void_cents` = `void_cents` + excluded.`void_cents`;
END;
--> statement-breakpoint
-- The school's invoice search also finds the parent's name and e-mail. They live in `parents`, so the
-- index cannot be an external-content one over `invoices` (its 'delete' needs the old values, which a
-- parent's rename or a cascade would no longer give): it is contentless, rows deleted by rowid
-- (`contentless_delete`, SQLite 3.43+), and kept by triggers on both tables.
DROP TRIGGER `invoices_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `invoices_fts_delete`;
--> statement-breakpoint
DROP TRIGGER `invoices_fts_update`;
--> statement-breakpoint
DROP TABLE `invoices_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `invoices_fts` USING fts5(invoice_number, description, search_school, recipient_name, recipient_email, content='', contentless_delete=1, tokenize='trigram');
--> statement-breakpoint
INSERT INTO `invoices_fts` (rowid, `invoice_number`, `description`, `search_school`, `recipient_name`, `recipient_email`)
SELECT `invoices`.rowid, `invoices`.`invoice_number`, `invoices`.`description`, `invoices`.`search_school`, `parents`.`name`, `parents`.`email`
FROM `invoices` LEFT JOIN `parents` ON `parents`.`id` = `invoices`.`recipient_id`;
--> statement-breakpoint
CREATE TRIGGER `invoices_fts_insert` AFTER INSERT ON `invoices`
BEGIN
	INSERT INTO `invoices_fts` (rowid, `invoice_number`, `description`, `search_school`, `recipient_name`, `recipient_email`)
	VALUES (NEW.rowid, NEW.`invoice_number`, NEW.`description`, NEW.`search_school`,
		(SELECT `name` FROM `parents` WHERE `id` = NEW.`recipient_id`), (SELECT `email` FROM `parents` WHERE `id` = NEW.`recipient_id`));
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_fts_delete` AFTER DELETE ON `invoices`
BEGIN
	DELETE FROM `invoices_fts` WHERE rowid = OLD.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_fts_update` AFTER UPDATE OF `invoice_number`, `description`, `school_id`, `recipient_id` ON `invoices`
BEGIN
	DELETE FROM `invoices_fts` WHERE rowid = OLD.rowid;
	INSERT INTO `invoices_fts` (rowid, `invoice_number`, `description`, `search_school`, `recipient_name`, `recipient_email`)
	VALUES (NEW.rowid, NEW.`invoice_number`, NEW.`description`, NEW.`search_school`,
		(SELECT `name` FROM `parents` WHERE `id` = NEW.`recipient_id`), (SELECT `email` FROM `parents` WHERE `id` = NEW.`recipient_id`));
END;
--> statement-breakpoint
CREATE TRIGGER `parents_invoices_fts_update` AFTER UPDATE OF `name`, `email` ON `parents`
WHEN OLD.`name` IS NOT NEW.`name` OR OLD.`email` IS NOT NEW.`email`
BEGIN
	DELETE FROM `invoices_fts` WHERE rowid IN (SELECT rowid FROM `invoices` WHERE `recipient_id` = NEW.`id`);
	INSERT INTO `invoices_fts` (rowid, `invoice_number`, `description`, `search_school`, `recipient_name`, `recipient_email`)
	SELECT rowid, `invoice_number`, `description`, `search_school`, NEW.`name`, NEW.`email` FROM `invoices` WHERE `recipient_id` = NEW.`id`;
END;
