ALTER TABLE `payments` ADD `refund_due_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `payments_refund_owed_idx` ON `payments` (`created_at`) WHERE "payments"."status" = 'succeeded' and "payments"."refund_due_cents" > "payments"."refunded_cents";--> statement-breakpoint
ALTER TABLE `flight_trip_enrollments` ADD `amount_refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `flight_trip_enrollments` ADD `refund_pending_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A payment refunded before these columns existed was refunded whole.
UPDATE `payments` SET `refunded_cents` = `amount_cents`, `refund_due_cents` = `amount_cents` WHERE `status` = 'refunded';--> statement-breakpoint
UPDATE `flight_trip_enrollments` SET `amount_refunded_cents` = (SELECT coalesce(sum(p.`refunded_cents`), 0) FROM `payments` p WHERE p.`enrollment_id` = `flight_trip_enrollments`.`id`);
