CREATE TABLE `invoice_sequences` (
	`school_id` text NOT NULL,
	`year` integer NOT NULL,
	`last_number` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`school_id`, `year`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `invoices` ADD `refunded_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `stripe_account_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `stripe_charge_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `paid_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_payment_intent_unique` ON `payments` (`stripe_payment_intent_id`);--> statement-breakpoint
ALTER TABLE `schools` ADD `connect_details_submitted` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `schools` ADD `connect_requirements_due` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `schools` ADD `connect_status_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `schools_stripe_connect_unique` ON `schools` (`stripe_connect_account_id`);