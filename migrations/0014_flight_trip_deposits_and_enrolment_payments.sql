ALTER TABLE `payments` ADD `kind` text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `enrollment_id` text REFERENCES flight_trip_enrollments(id);--> statement-breakpoint
CREATE INDEX `payments_enrollment_idx` ON `payments` (`enrollment_id`);--> statement-breakpoint
ALTER TABLE `flight_trip_enrollments` ADD `terms_accepted_by` text;--> statement-breakpoint
ALTER TABLE `flight_trip_enrollments` ADD `reminder_sent_at` integer;--> statement-breakpoint
ALTER TABLE `flight_trips` ADD `deposit_cents` integer;--> statement-breakpoint
ALTER TABLE `flight_trips` ADD `change_id` text;