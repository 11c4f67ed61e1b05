CREATE TABLE `drivers` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`password_hash` text NOT NULL,
	`phone` text,
	`is_active` integer DEFAULT true NOT NULL,
	`must_change_password` integer DEFAULT false NOT NULL,
	`password_changed_at` integer,
	`last_login` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `drivers_email_unique` ON `drivers` (`email`);--> statement-breakpoint
CREATE INDEX `drivers_school_name_idx` ON `drivers` (`school_id`,`is_active`,`name`);--> statement-breakpoint
ALTER TABLE `routes` ADD `driver_id` text REFERENCES drivers(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `routes_driver_idx` ON `routes` (`driver_id`);--> statement-breakpoint
ALTER TABLE `trips` ADD `driver_id` text REFERENCES drivers(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `trips_driver_departure_idx` ON `trips` (`driver_id`,`departure_time`);