CREATE TABLE `report_child_months` (
	`school_id` text NOT NULL,
	`month` text NOT NULL,
	`child_id` text NOT NULL,
	`absences` integer NOT NULL,
	`last_absent` text NOT NULL,
	PRIMARY KEY(`school_id`, `month`, `child_id`)
);
--> statement-breakpoint
CREATE TABLE `report_stop_months` (
	`school_id` text NOT NULL,
	`month` text NOT NULL,
	`route_id` text NOT NULL,
	`stop_id` text NOT NULL,
	`stop_name` text NOT NULL,
	`runs` integer NOT NULL,
	`boarded` integer NOT NULL,
	`absent` integer NOT NULL,
	`dropped` integer NOT NULL,
	PRIMARY KEY(`school_id`, `month`, `route_id`, `stop_id`)
);
--> statement-breakpoint
CREATE INDEX `report_absences_school_route_date_idx` ON `report_absences` (`school_id`,`route_id`,`service_date`);--> statement-breakpoint
CREATE INDEX `report_absences_child_date_idx` ON `report_absences` (`child_id`,`service_date`);--> statement-breakpoint
CREATE INDEX `report_run_stops_stop_date_idx` ON `report_run_stops` (`stop_id`,`service_date`);--> statement-breakpoint
CREATE INDEX `report_runs_school_route_date_idx` ON `report_runs` (`school_id`,`route_id`,`service_date`);--> statement-breakpoint
-- The monthly rollups (ADR 0074) follow the per-run rows, which report_dirty_runs_refresh only
-- inserts and deletes (a run's rows are computed again as a whole). Counts are added and taken away;
-- the greatest stop name and the last day absent are read again from the month's per-run rows only
-- when the row that goes carried them. A month row leaves with its last per-run row.
CREATE TRIGGER `report_stop_months_insert` AFTER INSERT ON `report_run_stops` BEGIN
  INSERT INTO `report_stop_months` (`school_id`, `month`, `route_id`, `stop_id`, `stop_name`, `runs`, `boarded`, `absent`, `dropped`)
    VALUES (new.`school_id`, substr(new.`service_date`, 1, 7), new.`route_id`, new.`stop_id`, new.`stop_name`, 1,
      new.`boarded`, new.`absent`, new.`dropped`)
    ON CONFLICT (`school_id`, `month`, `route_id`, `stop_id`) DO UPDATE SET
      `stop_name` = max(`stop_name`, excluded.`stop_name`), `runs` = `runs` + 1,
      `boarded` = `boarded` + excluded.`boarded`, `absent` = `absent` + excluded.`absent`,
      `dropped` = `dropped` + excluded.`dropped`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_stop_months_delete` AFTER DELETE ON `report_run_stops` BEGIN
  UPDATE `report_stop_months` SET `runs` = `runs` - 1, `boarded` = `boarded` - old.`boarded`,
      `absent` = `absent` - old.`absent`, `dropped` = `dropped` - old.`dropped`
    WHERE `school_id` = old.`school_id` AND `month` = substr(old.`service_date`, 1, 7)
      AND `route_id` = old.`route_id` AND `stop_id` = old.`stop_id`;
  DELETE FROM `report_stop_months`
    WHERE `school_id` = old.`school_id` AND `month` = substr(old.`service_date`, 1, 7)
      AND `route_id` = old.`route_id` AND `stop_id` = old.`stop_id` AND `runs` <= 0;
  UPDATE `report_stop_months` SET `stop_name` = (
      SELECT max(s.`stop_name`) FROM `report_run_stops` s
      WHERE s.`stop_id` = old.`stop_id`
        AND s.`service_date` BETWEEN substr(old.`service_date`, 1, 7) || '-01' AND substr(old.`service_date`, 1, 7) || '-31'
        AND s.`school_id` = old.`school_id` AND s.`route_id` = old.`route_id`)
    WHERE `school_id` = old.`school_id` AND `month` = substr(old.`service_date`, 1, 7)
      AND `route_id` = old.`route_id` AND `stop_id` = old.`stop_id` AND `stop_name` = old.`stop_name`;
END;
--> statement-breakpoint
CREATE TRIGGER `report_child_months_insert` AFTER INSERT ON `report_absences` BEGIN
  INSERT INTO `report_child_months` (`school_id`, `month`, `child_id`, `absences`, `last_absent`)
    VALUES (new.`school_id`, substr(new.`service_date`, 1, 7), new.`child_id`, 1, new.`service_date`)
    ON CONFLICT (`school_id`, `month`, `child_id`) DO UPDATE SET
      `absences` = `absences` + 1, `last_absent` = max(`last_absent`, excluded.`last_absent`);
END;
--> statement-breakpoint
CREATE TRIGGER `report_child_months_delete` AFTER DELETE ON `report_absences` BEGIN
  UPDATE `report_child_months` SET `absences` = `absences` - 1
    WHERE `school_id` = old.`school_id` AND `month` = substr(old.`service_date`, 1, 7) AND `child_id` = old.`child_id`;
  DELETE FROM `report_child_months`
    WHERE `school_id` = old.`school_id` AND `month` = substr(old.`service_date`, 1, 7) AND `child_id` = old.`child_id`
      AND `absences` <= 0;
  UPDATE `report_child_months` SET `last_absent` = (
      SELECT max(a.`service_date`) FROM `report_absences` a
      WHERE a.`child_id` = old.`child_id`
        AND a.`service_date` BETWEEN substr(old.`service_date`, 1, 7) || '-01' AND substr(old.`service_date`, 1, 7) || '-31'
        AND a.`school_id` = old.`school_id`)
    WHERE `school_id` = old.`school_id` AND `month` = substr(old.`service_date`, 1, 7) AND `child_id` = old.`child_id`
      AND `last_absent` = old.`service_date`;
END;
--> statement-breakpoint
-- The months of the runs already rolled up.
INSERT INTO `report_stop_months` (`school_id`, `month`, `route_id`, `stop_id`, `stop_name`, `runs`, `boarded`, `absent`, `dropped`)
  SELECT `school_id`, substr(`service_date`, 1, 7), `route_id`, `stop_id`, max(`stop_name`), count(*), sum(`boarded`), sum(`absent`), sum(`dropped`)
  FROM `report_run_stops` GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `report_child_months` (`school_id`, `month`, `child_id`, `absences`, `last_absent`)
  SELECT `school_id`, substr(`service_date`, 1, 7), `child_id`, count(*), max(`service_date`)
  FROM `report_absences` GROUP BY 1, 2, 3;
