CREATE TABLE `registration_resume_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`pending_school_id` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `registration_resume_tokens_hash_unique` ON `registration_resume_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `registration_resume_tokens_pending_idx` ON `registration_resume_tokens` (`pending_school_id`);--> statement-breakpoint
CREATE INDEX `registration_resume_tokens_expires_idx` ON `registration_resume_tokens` (`expires_at`);