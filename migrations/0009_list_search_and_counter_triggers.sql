-- ADR 0018: counters, trigram search and the e-mail an audit row names.
-- The e-mail an audit row names (a failed login's, an invitation's), lower-cased, for the e-mail filter.
-- Virtual: computed on read, never stored, so the append-only table is not rewritten.
ALTER TABLE `audit_logs` ADD `subject_email` text GENERATED ALWAYS AS (CASE WHEN json_valid(`metadata`) THEN lower(json_extract(`metadata`, '$.email')) END) VIRTUAL;
--> statement-breakpoint
CREATE INDEX `audit_logs_subject_email_idx` ON `audit_logs` (`subject_email`);
--> statement-breakpoint
-- Backfill: each school's admin count, then the platform counters, from the base tables.
UPDATE `schools` SET `admin_count` = (SELECT count(*) FROM `school_admins` a WHERE a.`school_id` = `schools`.`id`);
--> statement-breakpoint
INSERT INTO `platform_counters` (`key`, `value`) VALUES
	('schools', (SELECT count(*) FROM `schools`)),
	('schools_active', (SELECT count(*) FROM `schools` WHERE `is_active` = 1 AND `subscription_status` = 'active')),
	('schools_without_admins', (SELECT count(*) FROM `schools` WHERE `admin_count` = 0)),
	('school_admins', (SELECT count(*) FROM `school_admins`)),
	('parents', (SELECT count(*) FROM `parents`));
--> statement-breakpoint
-- Counters: every write to schools, school_admins and parents moves them in the same statement.
CREATE TRIGGER `schools_counters_insert` AFTER INSERT ON `schools`
BEGIN
	UPDATE `platform_counters` SET `value` = `value` + CASE `key`
		WHEN 'schools' THEN 1
		WHEN 'schools_active' THEN (NEW.`is_active` = 1 AND NEW.`subscription_status` = 'active')
		WHEN 'schools_without_admins' THEN (NEW.`admin_count` = 0)
	END WHERE `key` IN ('schools', 'schools_active', 'schools_without_admins');
END;
--> statement-breakpoint
CREATE TRIGGER `schools_counters_delete` AFTER DELETE ON `schools`
BEGIN
	UPDATE `platform_counters` SET `value` = `value` - CASE `key`
		WHEN 'schools' THEN 1
		WHEN 'schools_active' THEN (OLD.`is_active` = 1 AND OLD.`subscription_status` = 'active')
		WHEN 'schools_without_admins' THEN (OLD.`admin_count` = 0)
	END WHERE `key` IN ('schools', 'schools_active', 'schools_without_admins');
END;
--> statement-breakpoint
CREATE TRIGGER `schools_counters_update` AFTER UPDATE OF `is_active`, `subscription_status`, `admin_count` ON `schools`
BEGIN
	UPDATE `platform_counters` SET `value` = `value` + CASE `key`
		WHEN 'schools_active' THEN (NEW.`is_active` = 1 AND NEW.`subscription_status` = 'active') - (OLD.`is_active` = 1 AND OLD.`subscription_status` = 'active')
		WHEN 'schools_without_admins' THEN (NEW.`admin_count` = 0) - (OLD.`admin_count` = 0)
	END WHERE `key` IN ('schools_active', 'schools_without_admins');
END;
--> statement-breakpoint
CREATE TRIGGER `school_admins_counters_insert` AFTER INSERT ON `school_admins`
BEGIN
	UPDATE `platform_counters` SET `value` = `value` + 1 WHERE `key` = 'school_admins';
	UPDATE `schools` SET `admin_count` = `admin_count` + 1 WHERE `id` = NEW.`school_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `school_admins_counters_delete` AFTER DELETE ON `school_admins`
BEGIN
	UPDATE `platform_counters` SET `value` = `value` - 1 WHERE `key` = 'school_admins';
	UPDATE `schools` SET `admin_count` = `admin_count` - 1 WHERE `id` = OLD.`school_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `school_admins_counters_move` AFTER UPDATE OF `school_id` ON `school_admins` WHEN NEW.`school_id` IS NOT OLD.`school_id`
BEGIN
	UPDATE `schools` SET `admin_count` = `admin_count` - 1 WHERE `id` = OLD.`school_id`;
	UPDATE `schools` SET `admin_count` = `admin_count` + 1 WHERE `id` = NEW.`school_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `parents_counters_insert` AFTER INSERT ON `parents`
BEGIN
	UPDATE `platform_counters` SET `value` = `value` + 1 WHERE `key` = 'parents';
END;
--> statement-breakpoint
CREATE TRIGGER `parents_counters_delete` AFTER DELETE ON `parents`
BEGIN
	UPDATE `platform_counters` SET `value` = `value` - 1 WHERE `key` = 'parents';
END;
--> statement-breakpoint
-- Substring search: FTS5 trigram indexes over the searched columns (external content, kept by triggers).
CREATE VIRTUAL TABLE `schools_fts` USING fts5(name, email, content='schools', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `schools_fts`(`schools_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `schools_fts_insert` AFTER INSERT ON `schools`
BEGIN
	INSERT INTO `schools_fts` (rowid, `name`, `email`) VALUES (NEW.rowid, NEW.`name`, NEW.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `schools_fts_delete` AFTER DELETE ON `schools`
BEGIN
	INSERT INTO `schools_fts` (`schools_fts`, rowid, `name`, `email`) VALUES ('delete', OLD.rowid, OLD.`name`, OLD.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `schools_fts_update` AFTER UPDATE OF `name`, `email` ON `schools`
BEGIN
	INSERT INTO `schools_fts` (`schools_fts`, rowid, `name`, `email`) VALUES ('delete', OLD.rowid, OLD.`name`, OLD.`email`);
	INSERT INTO `schools_fts` (rowid, `name`, `email`) VALUES (NEW.rowid, NEW.`name`, NEW.`email`);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `invitations_fts` USING fts5(email, content='invitations', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `invitations_fts`(`invitations_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `invitations_fts_insert` AFTER INSERT ON `invitations`
BEGIN
	INSERT INTO `invitations_fts` (rowid, `email`) VALUES (NEW.rowid, NEW.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `invitations_fts_delete` AFTER DELETE ON `invitations`
BEGIN
	INSERT INTO `invitations_fts` (`invitations_fts`, rowid, `email`) VALUES ('delete', OLD.rowid, OLD.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `invitations_fts_update` AFTER UPDATE OF `email` ON `invitations`
BEGIN
	INSERT INTO `invitations_fts` (`invitations_fts`, rowid, `email`) VALUES ('delete', OLD.rowid, OLD.`email`);
	INSERT INTO `invitations_fts` (rowid, `email`) VALUES (NEW.rowid, NEW.`email`);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `school_admins_fts` USING fts5(name, email, content='school_admins', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `school_admins_fts`(`school_admins_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `school_admins_fts_insert` AFTER INSERT ON `school_admins`
BEGIN
	INSERT INTO `school_admins_fts` (rowid, `name`, `email`) VALUES (NEW.rowid, NEW.`name`, NEW.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `school_admins_fts_delete` AFTER DELETE ON `school_admins`
BEGIN
	INSERT INTO `school_admins_fts` (`school_admins_fts`, rowid, `name`, `email`) VALUES ('delete', OLD.rowid, OLD.`name`, OLD.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `school_admins_fts_update` AFTER UPDATE OF `name`, `email` ON `school_admins`
BEGIN
	INSERT INTO `school_admins_fts` (`school_admins_fts`, rowid, `name`, `email`) VALUES ('delete', OLD.rowid, OLD.`name`, OLD.`email`);
	INSERT INTO `school_admins_fts` (rowid, `name`, `email`) VALUES (NEW.rowid, NEW.`name`, NEW.`email`);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `parents_fts` USING fts5(email, content='parents', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `parents_fts`(`parents_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `parents_fts_insert` AFTER INSERT ON `parents`
BEGIN
	INSERT INTO `parents_fts` (rowid, `email`) VALUES (NEW.rowid, NEW.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `parents_fts_delete` AFTER DELETE ON `parents`
BEGIN
	INSERT INTO `parents_fts` (`parents_fts`, rowid, `email`) VALUES ('delete', OLD.rowid, OLD.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `parents_fts_update` AFTER UPDATE OF `email` ON `parents`
BEGIN
	INSERT INTO `parents_fts` (`parents_fts`, rowid, `email`) VALUES ('delete', OLD.rowid, OLD.`email`);
	INSERT INTO `parents_fts` (rowid, `email`) VALUES (NEW.rowid, NEW.`email`);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `audit_logs_fts` USING fts5(subject_email, content='audit_logs', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `audit_logs_fts`(`audit_logs_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `audit_logs_fts_insert` AFTER INSERT ON `audit_logs`
BEGIN
	INSERT INTO `audit_logs_fts` (rowid, `subject_email`) VALUES (NEW.rowid, NEW.`subject_email`);
END;
--> statement-breakpoint
CREATE TRIGGER `audit_logs_fts_delete` AFTER DELETE ON `audit_logs`
BEGIN
	INSERT INTO `audit_logs_fts` (`audit_logs_fts`, rowid, `subject_email`) VALUES ('delete', OLD.rowid, OLD.`subject_email`);
END;
