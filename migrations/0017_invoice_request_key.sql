ALTER TABLE `invoices` ADD `request_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_school_request_key_unique` ON `invoices` (`school_id`,`request_key`);