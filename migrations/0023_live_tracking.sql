CREATE TABLE `attendance` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`run_id` text NOT NULL,
	`child_id` text NOT NULL,
	`stop_id` text,
	`status` text NOT NULL,
	`at` integer NOT NULL,
	`latitude` real,
	`longitude` real,
	`client_id` text NOT NULL,
	`recorded_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`run_id`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `children`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stop_id`) REFERENCES `route_stops`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `attendance_run_child_unique` ON `attendance` (`run_id`,`child_id`);--> statement-breakpoint
CREATE INDEX `attendance_child_idx` ON `attendance` (`child_id`,`at`);--> statement-breakpoint
CREATE TABLE `live_notices` (
	`key` text PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	`school_id` text NOT NULL,
	`batch_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `live_notices_run_idx` ON `live_notices` (`run_id`);--> statement-breakpoint
CREATE TABLE `parent_live_settings` (
	`parent_id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`approach_minutes` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `parents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "parent_live_settings_minutes" CHECK("parent_live_settings"."approach_minutes" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE `run_positions` (
	`id` text PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	`school_id` text NOT NULL,
	`driver_id` text NOT NULL,
	`client_id` text NOT NULL,
	`device_at` integer NOT NULL,
	`received_at` integer NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`accuracy` real NOT NULL,
	`speed` real,
	`heading` real,
	FOREIGN KEY (`run_id`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "run_positions_location" CHECK("run_positions"."latitude" between -90 and 90 and "run_positions"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `run_positions_run_client_unique` ON `run_positions` (`run_id`,`client_id`);--> statement-breakpoint
CREATE INDEX `run_positions_run_device_idx` ON `run_positions` (`run_id`,`device_at`);--> statement-breakpoint
CREATE INDEX `run_positions_received_idx` ON `run_positions` (`received_at`);--> statement-breakpoint
CREATE TABLE `run_stop_visits` (
	`run_id` text NOT NULL,
	`stop_id` text NOT NULL,
	`school_id` text NOT NULL,
	`arrived_at` integer NOT NULL,
	`departed_at` integer,
	`source` text NOT NULL,
	PRIMARY KEY(`run_id`, `stop_id`),
	FOREIGN KEY (`run_id`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stop_id`) REFERENCES `route_stops`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `trips` ADD `started_at` integer;--> statement-breakpoint
ALTER TABLE `trips` ADD `ended_at` integer;--> statement-breakpoint
ALTER TABLE `trips` ADD `last_position_at` integer;--> statement-breakpoint
ALTER TABLE `trips` ADD `delay_seconds` integer;--> statement-breakpoint
ALTER TABLE `trips` ADD `bus_id` text REFERENCES buses(id) ON DELETE set null;