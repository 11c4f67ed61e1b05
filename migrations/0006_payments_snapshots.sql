ALTER TABLE `payments` ADD `school_name` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `invoice_number` text;