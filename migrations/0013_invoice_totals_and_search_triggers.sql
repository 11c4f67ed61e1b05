-- ADR 0022: each school's invoice totals by status, and the invoices' trigram search, kept by triggers.
-- Backfill the totals from the invoices already there, then keep them in the statement of every write.
INSERT INTO `invoice_totals` (`school_id`, `pending_count`, `pending_cents`, `paid_count`, `paid_cents`, `overdue_count`, `overdue_cents`, `refunded_count`, `refunded_cents`)
SELECT `school_id`, sum(`status` = 'pending'), sum(CASE WHEN `status` = 'pending' THEN `amount_cents` ELSE 0 END), sum(`status` = 'paid'), sum(CASE WHEN `status` = 'paid' THEN `amount_cents` ELSE 0 END), sum(`status` = 'overdue'), sum(CASE WHEN `status` = 'overdue' THEN `amount_cents` ELSE 0 END), sum(`status` = 'refunded'), sum(CASE WHEN `status` = 'refunded' THEN `amount_cents` ELSE 0 END)
FROM `invoices` GROUP BY `school_id`;
--> statement-breakpoint
CREATE TRIGGER `invoices_totals_insert` AFTER INSERT ON `invoices`
BEGIN
	INSERT INTO `invoice_totals` (`school_id`, `pending_count`, `pending_cents`, `paid_count`, `paid_cents`, `overdue_count`, `overdue_cents`, `refunded_count`, `refunded_cents`)
	VALUES (NEW.`school_id`, (NEW.`status` = 'pending'), CASE WHEN NEW.`status` = 'pending' THEN NEW.`amount_cents` ELSE 0 END, (NEW.`status` = 'paid'), CASE WHEN NEW.`status` = 'paid' THEN NEW.`amount_cents` ELSE 0 END, (NEW.`status` = 'overdue'), CASE WHEN NEW.`status` = 'overdue' THEN NEW.`amount_cents` ELSE 0 END, (NEW.`status` = 'refunded'), CASE WHEN NEW.`status` = 'refunded' THEN NEW.`amount_cents` ELSE 0 END)
	ON CONFLICT(`school_id`) DO UPDATE SET
		`pending_count` = `pending_count` + excluded.`pending_count`,
		`pending_cents` = `pending_cents` + excluded.`pending_cents`,
		`paid_count` = `paid_count` + excluded.`paid_count`,
		`paid_cents` = `paid_cents` + excluded.`paid_cents`,
		`overdue_count` = `overdue_count` + excluded.`overdue_count`,
		`overdue_cents` = `overdue_cents` + excluded.`overdue_cents`,
		`refunded_count` = `refunded_count` + excluded.`refunded_count`,
		`refunded_cents` = `refunded_cents` + excluded.`refunded_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_totals_delete` AFTER DELETE ON `invoices`
BEGIN
	UPDATE `invoice_totals` SET
		`pending_count` = `pending_count` - (OLD.`status` = 'pending'),
		`pending_cents` = `pending_cents` - CASE WHEN OLD.`status` = 'pending' THEN OLD.`amount_cents` ELSE 0 END,
		`paid_count` = `paid_count` - (OLD.`status` = 'paid'),
		`paid_cents` = `paid_cents` - CASE WHEN OLD.`status` = 'paid' THEN OLD.`amount_cents` ELSE 0 END,
		`overdue_count` = `overdue_count` - (OLD.`status` = 'overdue'),
		`overdue_cents` = `overdue_cents` - CASE WHEN OLD.`status` = 'overdue' THEN OLD.`amount_cents` ELSE 0 END,
		`refunded_count` = `refunded_count` - (OLD.`status` = 'refunded'),
		`refunded_cents` = `refunded_cents` - CASE WHEN OLD.`status` = 'refunded' THEN OLD.`amount_cents` ELSE 0 END
	WHERE `school_id` = OLD.`school_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_totals_update` AFTER UPDATE OF `status`, `amount_cents`, `school_id` ON `invoices`
BEGIN
	UPDATE `invoice_totals` SET
		`pending_count` = `pending_count` - (OLD.`status` = 'pending'),
		`pending_cents` = `pending_cents` - CASE WHEN OLD.`status` = 'pending' THEN OLD.`amount_cents` ELSE 0 END,
		`paid_count` = `paid_count` - (OLD.`status` = 'paid'),
		`paid_cents` = `paid_cents` - CASE WHEN OLD.`status` = 'paid' THEN OLD.`amount_cents` ELSE 0 END,
		`overdue_count` = `overdue_count` - (OLD.`status` = 'overdue'),
		`overdue_cents` = `overdue_cents` - CASE WHEN OLD.`status` = 'overdue' THEN OLD.`amount_cents` ELSE 0 END,
		`refunded_count` = `refunded_count` - (OLD.`status` = 'refunded'),
		`refunded_cents` = `refunded_cents` - CASE WHEN OLD.`status` = 'refunded' THEN OLD.`amount_cents` ELSE 0 END
	WHERE `school_id` = OLD.`school_id`;
	INSERT INTO `invoice_totals` (`school_id`, `pending_count`, `pending_cents`, `paid_count`, `paid_cents`, `overdue_count`, `overdue_cents`, `refunded_count`, `refunded_cents`)
	VALUES (NEW.`school_id`, (NEW.`status` = 'pending'), CASE WHEN NEW.`status` = 'pending' THEN NEW.`amount_cents` ELSE 0 END, (NEW.`status` = 'paid'), CASE WHEN NEW.`status` = 'paid' THEN NEW.`amount_cents` ELSE 0 END, (NEW.`status` = 'overdue'), CASE WHEN NEW.`status` = 'overdue' THEN NEW.`amount_cents` ELSE 0 END, (NEW.`status` = 'refunded'), CASE WHEN NEW.`status` = 'refunded' THEN NEW.`amount_cents` ELSE 0 END)
	ON CONFLICT(`school_id`) DO UPDATE SET
		`pending_count` = `pending_count` + excluded.`pending_count`,
		`pending_cents` = `pending_cents` + excluded.`pending_cents`,
		`paid_count` = `paid_count` + excluded.`paid_count`,
		`paid_cents` = `paid_cents` + excluded.`paid_cents`,
		`overdue_count` = `overdue_count` + excluded.`overdue_count`,
		`overdue_cents` = `overdue_cents` + excluded.`overdue_cents`,
		`refunded_count` = `refunded_count` + excluded.`refunded_count`,
		`refunded_cents` = `refunded_cents` + excluded.`refunded_cents`;
END;
--> statement-breakpoint
-- Search by invoice number or description: FTS5 trigram, external content (ADR 0018).
CREATE VIRTUAL TABLE `invoices_fts` USING fts5(invoice_number, description, content='invoices', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `invoices_fts`(`invoices_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `invoices_fts_insert` AFTER INSERT ON `invoices`
BEGIN
	INSERT INTO `invoices_fts` (rowid, `invoice_number`, `description`) VALUES (NEW.rowid, NEW.`invoice_number`, NEW.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_fts_delete` AFTER DELETE ON `invoices`
BEGIN
	INSERT INTO `invoices_fts` (`invoices_fts`, rowid, `invoice_number`, `description`) VALUES ('delete', OLD.rowid, OLD.`invoice_number`, OLD.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_fts_update` AFTER UPDATE OF `invoice_number`, `description` ON `invoices`
BEGIN
	INSERT INTO `invoices_fts` (`invoices_fts`, rowid, `invoice_number`, `description`) VALUES ('delete', OLD.rowid, OLD.`invoice_number`, OLD.`description`);
	INSERT INTO `invoices_fts` (rowid, `invoice_number`, `description`) VALUES (NEW.rowid, NEW.`invoice_number`, NEW.`description`);
END;
