-- LG1: audit_logs is append-only (ADR 0011). created_at and cutoff are epoch milliseconds.
-- No UPDATE, ever.
CREATE TRIGGER `audit_logs_no_update` BEFORE UPDATE ON `audit_logs`
BEGIN
	SELECT RAISE(ABORT, 'audit_logs is append-only');
END;
--> statement-breakpoint
-- A DELETE only of rows older than the latest retention-purge marker.
CREATE TRIGGER `audit_logs_delete_only_purged` BEFORE DELETE ON `audit_logs`
WHEN OLD.`created_at` >= coalesce((SELECT max(`cutoff`) FROM `audit_log_purges`), 0)
BEGIN
	SELECT RAISE(ABORT, 'audit_logs rows leave only through the retention purge');
END;
--> statement-breakpoint
-- A marker may not reach rows younger than 3 years by the database's own clock (one hour of slack
-- for clock skew between the application and the database).
CREATE TRIGGER `audit_log_purges_cutoff` BEFORE INSERT ON `audit_log_purges`
WHEN NEW.`cutoff` > (CAST(strftime('%s', 'now', '-3 years') AS INTEGER) + 3600) * 1000
BEGIN
	SELECT RAISE(ABORT, 'audit log purge cutoff must be at least 3 years old');
END;
--> statement-breakpoint
-- The markers themselves are append-only (moving a cutoff forward would unlock recent rows).
CREATE TRIGGER `audit_log_purges_no_update` BEFORE UPDATE ON `audit_log_purges`
BEGIN
	SELECT RAISE(ABORT, 'audit_log_purges is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_purges_no_delete` BEFORE DELETE ON `audit_log_purges`
BEGIN
	SELECT RAISE(ABORT, 'audit_log_purges is append-only');
END;
