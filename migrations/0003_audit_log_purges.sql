CREATE TABLE `audit_log_purges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cutoff` integer NOT NULL,
	`created_at` integer NOT NULL
);
