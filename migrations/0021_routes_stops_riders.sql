CREATE TABLE `buses` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`number` text NOT NULL,
	`seats` integer NOT NULL,
	`plate` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "buses_seats" CHECK("buses"."seats" between 1 and 200)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `buses_school_number_unique` ON `buses` (`school_id`,`number`);--> statement-breakpoint
CREATE TABLE `no_service_days` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`date` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `no_service_days_school_date_unique` ON `no_service_days` (`school_id`,`date`);--> statement-breakpoint
CREATE TABLE `not_riding` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`child_id` text NOT NULL,
	`date` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `not_riding_child_date_unique` ON `not_riding` (`child_id`,`date`);--> statement-breakpoint
CREATE TABLE `riders` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`child_id` text NOT NULL,
	`route_id` text NOT NULL,
	`stop_id` text NOT NULL,
	`direction` text NOT NULL,
	`weekdays` integer NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `children`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`route_id`) REFERENCES `routes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stop_id`) REFERENCES `route_stops`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "riders_weekdays" CHECK("riders"."weekdays" between 1 and 127),
	CONSTRAINT "riders_dates" CHECK("riders"."to_date" is null or "riders"."to_date" >= "riders"."from_date")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `riders_child_direction_unique` ON `riders` (`child_id`,`direction`);--> statement-breakpoint
CREATE INDEX `riders_route_idx` ON `riders` (`route_id`,`weekdays`);--> statement-breakpoint
CREATE INDEX `riders_stop_idx` ON `riders` (`stop_id`);--> statement-breakpoint
CREATE TABLE `route_stops` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`route_id` text NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`scheduled_minutes` integer NOT NULL,
	`distance_meters` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`route_id`) REFERENCES `routes`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "route_stops_minutes" CHECK("route_stops"."scheduled_minutes" between 0 and 1439),
	CONSTRAINT "route_stops_location" CHECK("route_stops"."latitude" between -90 and 90 and "route_stops"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `route_stops_route_position_unique` ON `route_stops` (`route_id`,`position`);--> statement-breakpoint
CREATE TABLE `routes` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`name` text NOT NULL,
	`direction` text NOT NULL,
	`colour` text NOT NULL,
	`bus_id` text,
	`driver_name` text NOT NULL,
	`active_from` text NOT NULL,
	`active_to` text,
	`weekdays` integer DEFAULT 62 NOT NULL,
	`stops_version` integer DEFAULT 0 NOT NULL,
	`stops_claim` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`bus_id`) REFERENCES `buses`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "routes_weekdays" CHECK("routes"."weekdays" between 0 and 127),
	CONSTRAINT "routes_active" CHECK("routes"."active_to" is null or "routes"."active_to" >= "routes"."active_from")
);
--> statement-breakpoint
CREATE INDEX `routes_school_name_idx` ON `routes` (`school_id`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `routes_bus_idx` ON `routes` (`bus_id`);--> statement-breakpoint
CREATE TABLE `transport_settings` (
	`school_id` text PRIMARY KEY NOT NULL,
	`ride_cutoff_minutes` integer DEFAULT 60 NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "transport_settings_cutoff" CHECK("transport_settings"."ride_cutoff_minutes" between 0 and 1440)
);
--> statement-breakpoint
ALTER TABLE `trips` ADD `route_id` text REFERENCES routes(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `trips` ADD `service_date` text;--> statement-breakpoint
CREATE UNIQUE INDEX `trips_route_service_date_unique` ON `trips` (`route_id`,`service_date`);