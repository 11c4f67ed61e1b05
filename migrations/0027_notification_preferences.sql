CREATE TABLE `notification_preferences` (
	`user_role` text NOT NULL,
	`user_id` text NOT NULL,
	`school_id` text NOT NULL,
	`channels` text NOT NULL,
	`approach_minutes` integer NOT NULL,
	`quiet_start` text,
	`quiet_end` text,
	`digest` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_role`, `user_id`),
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notification_preferences_role" CHECK("notification_preferences"."user_role" in ('parent', 'school_admin', 'driver')),
	CONSTRAINT "notification_preferences_minutes" CHECK("notification_preferences"."approach_minutes" between 1 and 60),
	CONSTRAINT "notification_preferences_quiet" CHECK(("notification_preferences"."quiet_start" is null) = ("notification_preferences"."quiet_end" is null))
);
--> statement-breakpoint
-- The parents' approach lead times move here (ADR 0066): one place for the setting; the table goes next.
INSERT INTO `notification_preferences` (`user_role`, `user_id`, `school_id`, `channels`, `approach_minutes`, `quiet_start`, `quiet_end`, `digest`, `updated_at`)
SELECT 'parent', `parent_id`, `school_id`, '{}', `approach_minutes`, NULL, NULL, 0, `updated_at` FROM `parent_live_settings`;
