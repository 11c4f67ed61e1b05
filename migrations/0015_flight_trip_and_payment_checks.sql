PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text,
	`parent_id` text,
	`kind` text DEFAULT 'invoice' NOT NULL,
	`invoice_id` text,
	`enrollment_id` text,
	`school_name` text,
	`invoice_number` text,
	`amount_cents` integer NOT NULL,
	`application_fee_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`stripe_checkout_session_id` text,
	`stripe_payment_intent_id` text,
	`stripe_account_id` text,
	`stripe_charge_id` text,
	`paid_at` integer,
	`refunded_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`enrollment_id`) REFERENCES `flight_trip_enrollments`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payments_amounts" CHECK("__new_payments"."amount_cents" >= 0 and "__new_payments"."application_fee_cents" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_payments`("id", "school_id", "parent_id", "kind", "invoice_id", "enrollment_id", "school_name", "invoice_number", "amount_cents", "application_fee_cents", "status", "stripe_checkout_session_id", "stripe_payment_intent_id", "stripe_account_id", "stripe_charge_id", "paid_at", "refunded_at", "created_at", "updated_at") SELECT "id", "school_id", "parent_id", "kind", "invoice_id", "enrollment_id", "school_name", "invoice_number", "amount_cents", "application_fee_cents", "status", "stripe_checkout_session_id", "stripe_payment_intent_id", "stripe_account_id", "stripe_charge_id", "paid_at", "refunded_at", "created_at", "updated_at" FROM `payments`;--> statement-breakpoint
DROP TABLE `payments`;--> statement-breakpoint
ALTER TABLE `__new_payments` RENAME TO `payments`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `payments_enrollment_idx` ON `payments` (`enrollment_id`);--> statement-breakpoint
CREATE INDEX `payments_school_idx` ON `payments` (`school_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_checkout_unique` ON `payments` (`stripe_checkout_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_payment_intent_unique` ON `payments` (`stripe_payment_intent_id`);--> statement-breakpoint
CREATE TABLE `__new_flight_trip_enrollments` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`flight_trip_id` text NOT NULL,
	`child_id` text NOT NULL,
	`parent_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`amount_paid_cents` integer DEFAULT 0 NOT NULL,
	`emergency_contact` text NOT NULL,
	`emergency_phone` text NOT NULL,
	`medical_info` text,
	`dietary_restrictions` text,
	`terms_accepted_at` integer NOT NULL,
	`terms_accepted_by` text,
	`reminder_sent_at` integer,
	`opted_out_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`flight_trip_id`) REFERENCES `flight_trips`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `children`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `parents`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "flight_trip_enrollments_paid" CHECK("__new_flight_trip_enrollments"."amount_paid_cents" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_flight_trip_enrollments`("id", "school_id", "flight_trip_id", "child_id", "parent_id", "status", "payment_status", "amount_paid_cents", "emergency_contact", "emergency_phone", "medical_info", "dietary_restrictions", "terms_accepted_at", "terms_accepted_by", "reminder_sent_at", "opted_out_at", "created_at", "updated_at") SELECT "id", "school_id", "flight_trip_id", "child_id", "parent_id", "status", "payment_status", "amount_paid_cents", "emergency_contact", "emergency_phone", "medical_info", "dietary_restrictions", "terms_accepted_at", "terms_accepted_by", "reminder_sent_at", "opted_out_at", "created_at", "updated_at" FROM `flight_trip_enrollments`;--> statement-breakpoint
DROP TABLE `flight_trip_enrollments`;--> statement-breakpoint
ALTER TABLE `__new_flight_trip_enrollments` RENAME TO `flight_trip_enrollments`;--> statement-breakpoint
CREATE UNIQUE INDEX `flight_trip_enrollments_child_unique` ON `flight_trip_enrollments` (`flight_trip_id`,`child_id`);--> statement-breakpoint
CREATE INDEX `flight_trip_enrollments_parent_idx` ON `flight_trip_enrollments` (`parent_id`);--> statement-breakpoint
CREATE INDEX `flight_trip_enrollments_school_idx` ON `flight_trip_enrollments` (`school_id`,`flight_trip_id`);--> statement-breakpoint
CREATE TABLE `__new_flight_trips` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`title` text NOT NULL,
	`departure_airport` text NOT NULL,
	`arrival_airport` text NOT NULL,
	`departure_date` text NOT NULL,
	`departure_time` text NOT NULL,
	`return_date` text NOT NULL,
	`return_time` text NOT NULL,
	`airline` text NOT NULL,
	`cost_per_student_cents` integer NOT NULL,
	`deposit_cents` integer,
	`description` text,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`enrollment_deadline` text NOT NULL,
	`capacity` integer,
	`created_by` text,
	`change_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "flight_trips_cost" CHECK("__new_flight_trips"."cost_per_student_cents" >= 0),
	CONSTRAINT "flight_trips_deposit" CHECK("__new_flight_trips"."deposit_cents" is null or ("__new_flight_trips"."deposit_cents" > 0 and "__new_flight_trips"."deposit_cents" < "__new_flight_trips"."cost_per_student_cents")),
	CONSTRAINT "flight_trips_capacity" CHECK("__new_flight_trips"."capacity" is null or "__new_flight_trips"."capacity" >= 1)
);
--> statement-breakpoint
INSERT INTO `__new_flight_trips`("id", "school_id", "title", "departure_airport", "arrival_airport", "departure_date", "departure_time", "return_date", "return_time", "airline", "cost_per_student_cents", "deposit_cents", "description", "status", "enrollment_deadline", "capacity", "created_by", "change_id", "created_at", "updated_at") SELECT "id", "school_id", "title", "departure_airport", "arrival_airport", "departure_date", "departure_time", "return_date", "return_time", "airline", "cost_per_student_cents", "deposit_cents", "description", "status", "enrollment_deadline", "capacity", "created_by", "change_id", "created_at", "updated_at" FROM `flight_trips`;--> statement-breakpoint
DROP TABLE `flight_trips`;--> statement-breakpoint
ALTER TABLE `__new_flight_trips` RENAME TO `flight_trips`;--> statement-breakpoint
CREATE INDEX `flight_trips_school_idx` ON `flight_trips` (`school_id`,`departure_date`);