-- Every school's amounts in one ISO 4217 currency (ADR 0077). Two ALTERs: drizzle-kit proposed
-- rebuilding the table, which would drop the schools triggers (ADR 0018). The backfill is the
-- column's default: every existing school (the demo school too) charged US dollars, and ADD COLUMN
-- gives each existing row 'USD' without an UPDATE (which would fire the schools update triggers).
ALTER TABLE `schools` ADD `currency` text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE `schools` ADD `connect_currency` text;
