CREATE TABLE `report_absences` (
	`run_id` text NOT NULL,
	`child_id` text NOT NULL,
	`school_id` text NOT NULL,
	`route_id` text NOT NULL,
	`service_date` text NOT NULL,
	`stop_id` text,
	PRIMARY KEY(`run_id`, `child_id`),
	FOREIGN KEY (`run_id`) REFERENCES `report_runs`(`run_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_absences_school_date_idx` ON `report_absences` (`school_id`,`service_date`);--> statement-breakpoint
CREATE TABLE `report_dirty_runs` (
	`run_id` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE `report_run_stops` (
	`run_id` text NOT NULL,
	`stop_id` text NOT NULL,
	`school_id` text NOT NULL,
	`route_id` text NOT NULL,
	`service_date` text NOT NULL,
	`stop_name` text NOT NULL,
	`boarded` integer NOT NULL,
	`absent` integer NOT NULL,
	`dropped` integer NOT NULL,
	PRIMARY KEY(`run_id`, `stop_id`),
	FOREIGN KEY (`run_id`) REFERENCES `report_runs`(`run_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_run_stops_school_date_idx` ON `report_run_stops` (`school_id`,`service_date`);--> statement-breakpoint
CREATE TABLE `report_runs` (
	`run_id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`route_id` text NOT NULL,
	`route_name` text NOT NULL,
	`service_date` text NOT NULL,
	`status` text NOT NULL,
	`bus_id` text,
	`bus_number` text NOT NULL,
	`seats` integer,
	`due_at` integer NOT NULL,
	`reached_at` integer,
	`late_seconds` integer,
	`riders` integer NOT NULL,
	`boarded` integer NOT NULL,
	`absent` integer NOT NULL,
	`dropped` integer NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `trips`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_runs_school_date_idx` ON `report_runs` (`school_id`,`service_date`);--> statement-breakpoint
ALTER TABLE `transport_settings` ADD `on_time_minutes` integer DEFAULT 5 NOT NULL;--> statement-breakpoint
-- The rollups' one rule (ADR 0071): a run put in report_dirty_runs has its rows computed again from
-- trips, run_stop_visits and attendance, then leaves the table. Only route runs (route and service
-- day set) that are completed or cancelled have a row; only completed ones have stop and absence rows.
CREATE TRIGGER `report_dirty_runs_refresh` AFTER INSERT ON `report_dirty_runs` BEGIN
  DELETE FROM `report_absences` WHERE `run_id` = new.`run_id`;
  DELETE FROM `report_run_stops` WHERE `run_id` = new.`run_id`;
  DELETE FROM `report_runs` WHERE `run_id` = new.`run_id`;
  INSERT INTO `report_runs` (`run_id`, `school_id`, `route_id`, `route_name`, `service_date`, `status`, `bus_id`,
      `bus_number`, `seats`, `due_at`, `reached_at`, `late_seconds`, `riders`, `boarded`, `absent`, `dropped`)
    SELECT t.`id`, t.`school_id`, t.`route_id`, t.`route_name`, t.`service_date`, t.`status`, b.`id`,
      coalesce(b.`number`, t.`bus_number`), b.`seats`, t.`arrival_time`, v.`arrived_at`,
      CASE WHEN v.`arrived_at` IS NULL THEN NULL ELSE (v.`arrived_at` - t.`arrival_time`) / 1000 END,
      (SELECT count(DISTINCT a.`child_id`) FROM `attendance` a WHERE a.`run_id` = t.`id` AND a.`status` IN ('boarded', 'dropped')),
      (SELECT count(*) FROM `attendance` a WHERE a.`run_id` = t.`id` AND a.`status` = 'boarded'),
      (SELECT count(*) FROM `attendance` a WHERE a.`run_id` = t.`id` AND a.`status` = 'absent'),
      (SELECT count(*) FROM `attendance` a WHERE a.`run_id` = t.`id` AND a.`status` = 'dropped')
    FROM `trips` t
    LEFT JOIN `routes` r ON r.`id` = t.`route_id`
    LEFT JOIN `buses` b ON b.`id` = coalesce(t.`bus_id`, r.`bus_id`)
    LEFT JOIN `run_stop_visits` v ON v.`run_id` = t.`id` AND v.`stop_id` = (
      SELECT s.`id` FROM `route_stops` s WHERE s.`route_id` = t.`route_id` ORDER BY s.`position` DESC LIMIT 1)
    WHERE t.`id` = new.`run_id` AND t.`route_id` IS NOT NULL AND t.`service_date` IS NOT NULL
      AND t.`status` IN ('completed', 'cancelled');
  INSERT INTO `report_run_stops` (`run_id`, `stop_id`, `school_id`, `route_id`, `service_date`, `stop_name`, `boarded`, `absent`, `dropped`)
    SELECT rr.`run_id`, a.`stop_id`, rr.`school_id`, rr.`route_id`, rr.`service_date`, coalesce(s.`name`, '—'),
      sum(a.`status` = 'boarded'), sum(a.`status` = 'absent'), sum(a.`status` = 'dropped')
    FROM `attendance` a
    JOIN `report_runs` rr ON rr.`run_id` = a.`run_id` AND rr.`status` = 'completed'
    LEFT JOIN `route_stops` s ON s.`id` = a.`stop_id`
    WHERE a.`run_id` = new.`run_id` AND a.`stop_id` IS NOT NULL
    GROUP BY a.`stop_id`;
  INSERT INTO `report_absences` (`run_id`, `child_id`, `school_id`, `route_id`, `service_date`, `stop_id`)
    SELECT rr.`run_id`, a.`child_id`, rr.`school_id`, rr.`route_id`, rr.`service_date`, a.`stop_id`
    FROM `attendance` a
    JOIN `report_runs` rr ON rr.`run_id` = a.`run_id` AND rr.`status` = 'completed'
    WHERE a.`run_id` = new.`run_id` AND a.`status` = 'absent';
  DELETE FROM `report_dirty_runs` WHERE `run_id` = new.`run_id`;
END;
--> statement-breakpoint
-- A route run closing (completed, cancelled), reopening, linked to its route, or changing what its row
-- shows once closed. A route's deletion sets route_id null: its runs' rows stay (history by name).
CREATE TRIGGER `report_runs_trip_update` AFTER UPDATE OF `status`, `ended_at`, `bus_id`, `arrival_time`, `route_name`, `route_id`, `service_date` ON `trips`
WHEN new.`route_id` IS NOT NULL AND (new.`status` IN ('completed', 'cancelled') OR old.`status` IN ('completed', 'cancelled'))
BEGIN
  INSERT OR IGNORE INTO `report_dirty_runs` (`run_id`) VALUES (new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `report_runs_trip_insert` AFTER INSERT ON `trips`
WHEN new.`route_id` IS NOT NULL AND new.`status` IN ('completed', 'cancelled')
BEGIN
  INSERT OR IGNORE INTO `report_dirty_runs` (`run_id`) VALUES (new.`id`);
END;
--> statement-breakpoint
-- A tap or a stop visit written, changed or removed on a run that already has its row.
CREATE TRIGGER `report_runs_attendance_insert` AFTER INSERT ON `attendance`
WHEN EXISTS (SELECT 1 FROM `report_runs` WHERE `run_id` = new.`run_id`)
BEGIN
  INSERT OR IGNORE INTO `report_dirty_runs` (`run_id`) VALUES (new.`run_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `report_runs_attendance_update` AFTER UPDATE ON `attendance`
WHEN EXISTS (SELECT 1 FROM `report_runs` WHERE `run_id` = new.`run_id`)
BEGIN
  INSERT OR IGNORE INTO `report_dirty_runs` (`run_id`) VALUES (new.`run_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `report_runs_attendance_delete` AFTER DELETE ON `attendance`
WHEN EXISTS (SELECT 1 FROM `report_runs` WHERE `run_id` = old.`run_id`)
BEGIN
  INSERT OR IGNORE INTO `report_dirty_runs` (`run_id`) VALUES (old.`run_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `report_runs_visit_insert` AFTER INSERT ON `run_stop_visits`
WHEN EXISTS (SELECT 1 FROM `report_runs` WHERE `run_id` = new.`run_id`)
BEGIN
  INSERT OR IGNORE INTO `report_dirty_runs` (`run_id`) VALUES (new.`run_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `report_runs_visit_update` AFTER UPDATE ON `run_stop_visits`
WHEN EXISTS (SELECT 1 FROM `report_runs` WHERE `run_id` = new.`run_id`)
BEGIN
  INSERT OR IGNORE INTO `report_dirty_runs` (`run_id`) VALUES (new.`run_id`);
END;
--> statement-breakpoint
-- The runs already closed.
INSERT INTO `report_dirty_runs` (`run_id`)
  SELECT `id` FROM `trips`
  WHERE `route_id` IS NOT NULL AND `service_date` IS NOT NULL AND `status` IN ('completed', 'cancelled');
