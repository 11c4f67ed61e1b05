CREATE TABLE `notification_sends` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`sender_id` text,
	`title` text NOT NULL,
	`type` text NOT NULL,
	`category` text NOT NULL,
	`audience_kind` text NOT NULL,
	`audience_ref` text,
	`audience_label` text,
	`recipients` integer NOT NULL,
	`read_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_sends_school_idx` ON `notification_sends` (`school_id`,`created_at`);--> statement-breakpoint
-- ADR 0040: a send's read count follows its rows, whatever marks them read (each row once: unread to read).
CREATE TRIGGER `notification_sends_read` AFTER UPDATE OF `read` ON `notifications`
WHEN NEW.`read` = 1 AND OLD.`read` = 0 AND NEW.`batch_id` IS NOT NULL
BEGIN
	UPDATE `notification_sends` SET `read_count` = `read_count` + 1 WHERE `id` = NEW.`batch_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `notification_sends_read_insert` AFTER INSERT ON `notifications`
WHEN NEW.`read` = 1 AND NEW.`batch_id` IS NOT NULL
BEGIN
	UPDATE `notification_sends` SET `read_count` = `read_count` + 1 WHERE `id` = NEW.`batch_id`;
END;
