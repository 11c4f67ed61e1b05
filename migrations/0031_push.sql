CREATE TABLE `push_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`subscription_id` text,
	`batch_id` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`url` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_enqueued_at` integer,
	`sent_at` integer,
	`error_message` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `push_subscriptions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `push_logs_batch_idx` ON `push_logs` (`batch_id`);--> statement-breakpoint
CREATE INDEX `push_logs_status_idx` ON `push_logs` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `push_logs_subscription_idx` ON `push_logs` (`subscription_id`);--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_role` text NOT NULL,
	`user_id` text NOT NULL,
	`school_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`label` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_pushed_at` integer,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "push_subscriptions_role" CHECK("push_subscriptions"."user_role" in ('parent', 'school_admin', 'driver'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user` ON `push_subscriptions` (`user_role`,`user_id`);