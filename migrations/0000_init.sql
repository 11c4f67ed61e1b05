CREATE TABLE `pending_schools` (
	`id` text PRIMARY KEY NOT NULL,
	`school_name` text NOT NULL,
	`school_type` text NOT NULL,
	`school_address` text NOT NULL,
	`school_city` text NOT NULL,
	`school_state` text NOT NULL,
	`school_zip_code` text NOT NULL,
	`school_country` text NOT NULL,
	`admin_full_name` text NOT NULL,
	`admin_role` text NOT NULL,
	`admin_email` text NOT NULL,
	`admin_phone` text,
	`pupil_count` integer NOT NULL,
	`bus_count` integer NOT NULL,
	`intended_start_date` text NOT NULL,
	`plan` text NOT NULL,
	`verification_status` text DEFAULT 'pending_verification' NOT NULL,
	`payment_status` text DEFAULT 'unpaid' NOT NULL,
	`email_verified_at` integer,
	`terms_accepted_at` integer,
	`stripe_checkout_session_id` text,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`subscription_status` text,
	`stripe_status_at` integer,
	`review_id` text,
	`reviewed_by` text,
	`reviewed_at` integer,
	`rejection_reason` text,
	`school_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pending_schools_review_idx` ON `pending_schools` (`verification_status`,`payment_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `pending_schools_email_idx` ON `pending_schools` (`admin_email`);--> statement-breakpoint
CREATE UNIQUE INDEX `pending_schools_checkout_unique` ON `pending_schools` (`stripe_checkout_session_id`);--> statement-breakpoint
CREATE TABLE `schools` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`address` text,
	`city` text,
	`state` text,
	`zip_code` text,
	`country` text,
	`school_type` text,
	`pupil_count` integer,
	`bus_count` integer,
	`code` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`subscription_status` text DEFAULT 'pending' NOT NULL,
	`plan` text,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`stripe_status_at` integer,
	`stripe_connect_account_id` text,
	`connect_charges_enabled` integer DEFAULT false NOT NULL,
	`connect_payouts_enabled` integer DEFAULT false NOT NULL,
	`platform_fee_bps` integer DEFAULT 500 NOT NULL,
	`pending_school_id` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "schools_fee_range" CHECK("schools"."platform_fee_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `schools_code_unique` ON `schools` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `schools_stripe_subscription_unique` ON `schools` (`stripe_subscription_id`);--> statement-breakpoint
CREATE INDEX `schools_created_at_idx` ON `schools` (`created_at`);--> statement-breakpoint
CREATE INDEX `schools_status_idx` ON `schools` (`subscription_status`,`is_active`);--> statement-breakpoint
CREATE INDEX `schools_name_idx` ON `schools` (`name`);--> statement-breakpoint
CREATE TABLE `parents` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`password_hash` text NOT NULL,
	`phone` text,
	`address` text,
	`emergency_contact` text,
	`emergency_phone` text,
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
CREATE UNIQUE INDEX `parents_email_unique` ON `parents` (`email`);--> statement-breakpoint
CREATE INDEX `parents_school_name_idx` ON `parents` (`school_id`,`is_active`,`name`);--> statement-breakpoint
CREATE TABLE `school_admins` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`password_hash` text NOT NULL,
	`phone` text,
	`address` text,
	`position` text DEFAULT 'Administrator' NOT NULL,
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
CREATE UNIQUE INDEX `school_admins_email_unique` ON `school_admins` (`email`);--> statement-breakpoint
CREATE INDEX `school_admins_school_idx` ON `school_admins` (`school_id`,`is_active`);--> statement-breakpoint
CREATE TABLE `super_admins` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`password_hash` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`must_change_password` integer DEFAULT false NOT NULL,
	`password_changed_at` integer,
	`last_login` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `super_admins_email_unique` ON `super_admins` (`email`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`user_role` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_reset_tokens_hash_unique` ON `password_reset_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_role`,`user_id`);--> statement-breakpoint
CREATE INDEX `password_reset_tokens_expires_idx` ON `password_reset_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`window_start` integer NOT NULL,
	`streak` integer DEFAULT 0 NOT NULL,
	`blocked_until` integer,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_updated_idx` ON `rate_limits` (`updated_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`secret_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`user_role` text NOT NULL,
	`remember` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`ip_address` text,
	`user_agent` text
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_role`,`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `verification_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`subject_id` text NOT NULL,
	`email` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`consumed_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `verification_codes_subject_idx` ON `verification_codes` (`purpose`,`subject_id`);--> statement-breakpoint
CREATE INDEX `verification_codes_expires_idx` ON `verification_codes` (`expires_at`);--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`school_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`temporary_password_hash` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_user_id` text,
	`revoked_at` integer,
	`reminder_sent_at` integer,
	`invited_by` text,
	`invited_by_role` text,
	`metadata` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_token_unique` ON `invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `invitations_status_idx` ON `invitations` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `invitations_role_status_idx` ON `invitations` (`role`,`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `invitations_school_idx` ON `invitations` (`school_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `invitations_email_idx` ON `invitations` (`email`);--> statement-breakpoint
CREATE INDEX `invitations_created_idx` ON `invitations` (`created_at`);--> statement-breakpoint
CREATE TABLE `email_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`email_type` text NOT NULL,
	`recipient_email` text NOT NULL,
	`subject` text NOT NULL,
	`html_body` text NOT NULL,
	`text_body` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`school_id` text,
	`related_id` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_enqueued_at` integer,
	`sent_at` integer,
	`delivered_at` integer,
	`bounced_at` integer,
	`provider_message_id` text,
	`error_message` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_logs_status_idx` ON `email_logs` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_logs_recipient_idx` ON `email_logs` (`recipient_email`,`created_at`);--> statement-breakpoint
CREATE INDEX `email_logs_provider_idx` ON `email_logs` (`provider_message_id`);--> statement-breakpoint
CREATE TABLE `audit_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`user_role` text,
	`school_id` text,
	`event_type` text NOT NULL,
	`description` text NOT NULL,
	`metadata` text NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`request_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_logs_created_idx` ON `audit_logs` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_event_idx` ON `audit_logs` (`event_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_school_idx` ON `audit_logs` (`school_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`recipient_role` text NOT NULL,
	`recipient_id` text NOT NULL,
	`batch_id` text,
	`sender_id` text,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`type` text DEFAULT 'info' NOT NULL,
	`category` text DEFAULT 'system' NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`read_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_recipient_idx` ON `notifications` (`recipient_role`,`recipient_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_school_idx` ON `notifications` (`school_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `trips` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`route_name` text NOT NULL,
	`route_type` text NOT NULL,
	`bus_number` text NOT NULL,
	`driver_name` text NOT NULL,
	`departure_time` integer NOT NULL,
	`arrival_time` integer NOT NULL,
	`students_count` integer DEFAULT 0 NOT NULL,
	`stops` integer DEFAULT 1 NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "trips_counts" CHECK("trips"."students_count" >= 0 and "trips"."stops" >= 1)
);
--> statement-breakpoint
CREATE INDEX `trips_school_departure_idx` ON `trips` (`school_id`,`departure_time`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`invoice_number` text NOT NULL,
	`recipient_id` text NOT NULL,
	`description` text NOT NULL,
	`base_amount_cents` integer NOT NULL,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`amount_cents` integer NOT NULL,
	`fee_bps` integer DEFAULT 0 NOT NULL,
	`fee_application_type` text DEFAULT 'term_based' NOT NULL,
	`issue_date` text NOT NULL,
	`due_date` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`paid_at` integer,
	`flight_trip_enrollment_id` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipient_id`) REFERENCES `parents`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "invoices_money" CHECK("invoices"."base_amount_cents" >= 0 and "invoices"."fee_cents" >= 0 and "invoices"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_school_number_unique` ON `invoices` (`school_id`,`invoice_number`);--> statement-breakpoint
CREATE INDEX `invoices_school_issue_idx` ON `invoices` (`school_id`,`issue_date`);--> statement-breakpoint
CREATE INDEX `invoices_recipient_idx` ON `invoices` (`recipient_id`,`status`,`due_date`);--> statement-breakpoint
CREATE INDEX `invoices_status_due_idx` ON `invoices` (`status`,`due_date`);--> statement-breakpoint
CREATE TABLE `payment_settings` (
	`school_id` text PRIMARY KEY NOT NULL,
	`fee_bps` integer DEFAULT 500 NOT NULL,
	`fee_application_type` text DEFAULT 'term_based' NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payment_settings_fee_range" CHECK("payment_settings"."fee_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`parent_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`application_fee_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`stripe_checkout_session_id` text,
	`stripe_payment_intent_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `payments_school_idx` ON `payments` (`school_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_checkout_unique` ON `payments` (`stripe_checkout_session_id`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`event_created_at` integer NOT NULL,
	`processed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `children` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`parent_id` text NOT NULL,
	`name` text NOT NULL,
	`age` integer NOT NULL,
	`grade` text NOT NULL,
	`school` text NOT NULL,
	`bus_route` text,
	`bus_number` text,
	`special_needs` text,
	`allergy_info` text,
	`emergency_contact` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `parents`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "children_age" CHECK("children"."age" between 3 and 18)
);
--> statement-breakpoint
CREATE INDEX `children_parent_idx` ON `children` (`parent_id`,`name`);--> statement-breakpoint
CREATE INDEX `children_school_idx` ON `children` (`school_id`);--> statement-breakpoint
CREATE TABLE `flight_trip_enrollments` (
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
	`opted_out_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`flight_trip_id`) REFERENCES `flight_trips`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `children`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `parents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `flight_trip_enrollments_child_unique` ON `flight_trip_enrollments` (`flight_trip_id`,`child_id`);--> statement-breakpoint
CREATE INDEX `flight_trip_enrollments_parent_idx` ON `flight_trip_enrollments` (`parent_id`);--> statement-breakpoint
CREATE INDEX `flight_trip_enrollments_school_idx` ON `flight_trip_enrollments` (`school_id`,`flight_trip_id`);--> statement-breakpoint
CREATE TABLE `flight_trips` (
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
	`description` text,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`enrollment_deadline` text NOT NULL,
	`capacity` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "flight_trips_cost" CHECK("flight_trips"."cost_per_student_cents" >= 0)
);
--> statement-breakpoint
CREATE INDEX `flight_trips_school_idx` ON `flight_trips` (`school_id`,`departure_date`);--> statement-breakpoint
CREATE TABLE `cron_runs` (
	`job` text NOT NULL,
	`period` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	PRIMARY KEY(`job`, `period`)
);
--> statement-breakpoint
CREATE TABLE `dev_stripe_objects` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `newsletter_subscriptions` (
	`email` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`unsubscribed_at` integer
);
--> statement-breakpoint
CREATE TABLE `platform_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL
);
