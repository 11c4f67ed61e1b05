CREATE TABLE `digest_items` (
	`id` text PRIMARY KEY NOT NULL,
	`user_role` text NOT NULL,
	`user_id` text NOT NULL,
	`school_id` text NOT NULL,
	`kind` text NOT NULL,
	`reason` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`url` text NOT NULL,
	`email` integer NOT NULL,
	`push` integer NOT NULL,
	`due_at` integer NOT NULL,
	`sent_in` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "digest_items_role" CHECK("digest_items"."user_role" in ('parent', 'school_admin', 'driver')),
	CONSTRAINT "digest_items_reason" CHECK("digest_items"."reason" in ('digest', 'quiet'))
);
--> statement-breakpoint
CREATE INDEX `digest_items_due` ON `digest_items` (`sent_in`,`due_at`);--> statement-breakpoint
CREATE INDEX `digest_items_user` ON `digest_items` (`user_role`,`user_id`);--> statement-breakpoint
CREATE TABLE `digest_sends` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`token` text NOT NULL,
	`items` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
