DROP INDEX `attendance_run_child_unique`;--> statement-breakpoint
ALTER TABLE `attendance` ADD `phase` text GENERATED ALWAYS AS (case when status = 'dropped' then 'drop' else 'board' end) VIRTUAL;--> statement-breakpoint
CREATE UNIQUE INDEX `attendance_run_child_phase_unique` ON `attendance` (`run_id`,`child_id`,`phase`);