CREATE TABLE `invoice_totals` (
	`school_id` text PRIMARY KEY NOT NULL,
	`pending_count` integer DEFAULT 0 NOT NULL,
	`pending_cents` integer DEFAULT 0 NOT NULL,
	`paid_count` integer DEFAULT 0 NOT NULL,
	`paid_cents` integer DEFAULT 0 NOT NULL,
	`overdue_count` integer DEFAULT 0 NOT NULL,
	`overdue_cents` integer DEFAULT 0 NOT NULL,
	`refunded_count` integer DEFAULT 0 NOT NULL,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoices_school_list_idx` ON `invoices` (`school_id`,`issue_date`,`id`);--> statement-breakpoint
CREATE INDEX `invoices_school_status_list_idx` ON `invoices` (`school_id`,`status`,`issue_date`,`id`);--> statement-breakpoint
CREATE INDEX `invoices_recipient_list_idx` ON `invoices` (`recipient_id`,`issue_date`,`id`);