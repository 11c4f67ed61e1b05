PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text,
	`parent_id` text,
	`invoice_id` text,
	`amount_cents` integer NOT NULL,
	`application_fee_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`stripe_checkout_session_id` text,
	`stripe_payment_intent_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_payments`("id", "school_id", "parent_id", "invoice_id", "amount_cents", "application_fee_cents", "status", "stripe_checkout_session_id", "stripe_payment_intent_id", "created_at", "updated_at") SELECT "id", "school_id", "parent_id", "invoice_id", "amount_cents", "application_fee_cents", "status", "stripe_checkout_session_id", "stripe_payment_intent_id", "created_at", "updated_at" FROM `payments`;--> statement-breakpoint
DROP TABLE `payments`;--> statement-breakpoint
ALTER TABLE `__new_payments` RENAME TO `payments`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `payments_school_idx` ON `payments` (`school_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_checkout_unique` ON `payments` (`stripe_checkout_session_id`);