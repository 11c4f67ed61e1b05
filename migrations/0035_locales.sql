-- Who chooses the language (issue 30): a user's own language (`locale`, null: not chosen) on each
-- role's table, a school's default for its people who have not chosen (`default_locale`), and the
-- language a registration form was filled in (`pending_schools.locale`, for its e-mails). Plain
-- ADD COLUMNs (no table rebuild, so no trigger is dropped and no update trigger fires: existing rows
-- get the default, or null). The CHECKs, written by hand (the Drizzle schema types the columns with
-- LOCALES of worker/shared/locales.ts), keep the database to the six languages.
ALTER TABLE `pending_schools` ADD `locale` text DEFAULT 'en' NOT NULL CHECK (`locale` IN ('en', 'es', 'ar', 'zh', 'vi', 'sv'));--> statement-breakpoint
ALTER TABLE `schools` ADD `default_locale` text DEFAULT 'en' NOT NULL CHECK (`default_locale` IN ('en', 'es', 'ar', 'zh', 'vi', 'sv'));--> statement-breakpoint
ALTER TABLE `drivers` ADD `locale` text CHECK (`locale` IN ('en', 'es', 'ar', 'zh', 'vi', 'sv'));--> statement-breakpoint
ALTER TABLE `parents` ADD `locale` text CHECK (`locale` IN ('en', 'es', 'ar', 'zh', 'vi', 'sv'));--> statement-breakpoint
ALTER TABLE `school_admins` ADD `locale` text CHECK (`locale` IN ('en', 'es', 'ar', 'zh', 'vi', 'sv'));--> statement-breakpoint
ALTER TABLE `super_admins` ADD `locale` text CHECK (`locale` IN ('en', 'es', 'ar', 'zh', 'vi', 'sv'));
