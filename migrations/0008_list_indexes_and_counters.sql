CREATE TABLE `platform_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX `invitations_created_idx`;--> statement-breakpoint
CREATE INDEX `invitations_school_role_idx` ON `invitations` (`school_id`,`role`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `invitations_invited_by_idx` ON `invitations` (`invited_by`);--> statement-breakpoint
CREATE INDEX `invitations_status_created_idx` ON `invitations` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `invitations_role_created_idx` ON `invitations` (`role`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `invitations_role_status_created_idx` ON `invitations` (`role`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `invitations_created_idx` ON `invitations` (`created_at`,`id`);--> statement-breakpoint
DROP INDEX `schools_created_at_idx`;--> statement-breakpoint
DROP INDEX `schools_status_idx`;--> statement-breakpoint
ALTER TABLE `schools` ADD `admin_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `schools_active_created_idx` ON `schools` (`is_active`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `schools_admin_count_idx` ON `schools` (`admin_count`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `schools_name_lower_idx` ON `schools` (lower("name"),`id`);--> statement-breakpoint
CREATE INDEX `schools_created_at_idx` ON `schools` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `schools_status_idx` ON `schools` (`subscription_status`,`is_active`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_logs_role_idx` ON `audit_logs` (`user_role`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_user_idx` ON `audit_logs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `parents_school_list_idx` ON `parents` (`school_id`,`name`,`id`);