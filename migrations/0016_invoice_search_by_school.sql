-- ADR 0031: a school's invoice search reads only its own trigram matches. The index gains the last
-- 8 characters of the invoice's school id (a virtual generated column, not in the Drizzle schema:
-- no select reads it), and the search matches it together with the term.
ALTER TABLE `invoices` ADD `search_school` text GENERATED ALWAYS AS (substr(`school_id`, -8)) VIRTUAL;
--> statement-breakpoint
DROP TRIGGER `invoices_fts_insert`;
--> statement-breakpoint
DROP TRIGGER `invoices_fts_delete`;
--> statement-breakpoint
DROP TRIGGER `invoices_fts_update`;
--> statement-breakpoint
DROP TABLE `invoices_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `invoices_fts` USING fts5(invoice_number, description, search_school, content='invoices', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `invoices_fts`(`invoices_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `invoices_fts_insert` AFTER INSERT ON `invoices`
BEGIN
	INSERT INTO `invoices_fts` (rowid, `invoice_number`, `description`, `search_school`) VALUES (NEW.rowid, NEW.`invoice_number`, NEW.`description`, NEW.`search_school`);
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_fts_delete` AFTER DELETE ON `invoices`
BEGIN
	INSERT INTO `invoices_fts` (`invoices_fts`, rowid, `invoice_number`, `description`, `search_school`) VALUES ('delete', OLD.rowid, OLD.`invoice_number`, OLD.`description`, OLD.`search_school`);
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_fts_update` AFTER UPDATE OF `invoice_number`, `description`, `school_id` ON `invoices`
BEGIN
	INSERT INTO `invoices_fts` (`invoices_fts`, rowid, `invoice_number`, `description`, `search_school`) VALUES ('delete', OLD.rowid, OLD.`invoice_number`, OLD.`description`, OLD.`search_school`);
	INSERT INTO `invoices_fts` (rowid, `invoice_number`, `description`, `search_school`) VALUES (NEW.rowid, NEW.`invoice_number`, NEW.`description`, NEW.`search_school`);
END;
