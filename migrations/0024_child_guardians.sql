CREATE TABLE `child_guardians` (
	`id` text PRIMARY KEY NOT NULL,
	`child_id` text NOT NULL,
	`parent_id` text NOT NULL,
	`school_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`child_id`) REFERENCES `children`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `parents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `child_guardians_child_parent_unique` ON `child_guardians` (`child_id`,`parent_id`);--> statement-breakpoint
CREATE INDEX `child_guardians_parent_idx` ON `child_guardians` (`parent_id`,`school_id`,`child_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_children` (
	`id` text PRIMARY KEY NOT NULL,
	`school_id` text NOT NULL,
	`parent_id` text,
	`name` text NOT NULL,
	`age` integer NOT NULL,
	`grade` text NOT NULL,
	`school` text NOT NULL,
	`bus_route` text,
	`bus_number` text,
	`special_needs` text,
	`allergy_info` text,
	`emergency_contact` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`school_id`) REFERENCES `schools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `parents`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "children_age" CHECK("__new_children"."age" between 3 and 18)
);
--> statement-breakpoint
INSERT INTO `__new_children`("id", "school_id", "parent_id", "name", "age", "grade", "school", "bus_route", "bus_number", "special_needs", "allergy_info", "emergency_contact", "created_at", "updated_at") SELECT "id", "school_id", "parent_id", "name", "age", "grade", "school", "bus_route", "bus_number", "special_needs", "allergy_info", "emergency_contact", "created_at", "updated_at" FROM `children`;--> statement-breakpoint
DROP TABLE `children`;--> statement-breakpoint
ALTER TABLE `__new_children` RENAME TO `children`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `children_parent_idx` ON `children` (`parent_id`,`name`);--> statement-breakpoint
CREATE INDEX `children_school_idx` ON `children` (`school_id`);--> statement-breakpoint
ALTER TABLE `invitations` ADD `child_id` text REFERENCES children(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `invitations_child_idx` ON `invitations` (`child_id`);--> statement-breakpoint
-- Backfill (ADR 0053): every child's parent is its owner guardian.
INSERT INTO `child_guardians` (`id`, `child_id`, `parent_id`, `school_id`, `role`, `created_at`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' ||
         substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
       `id`, `parent_id`, `school_id`, 'owner', `created_at`
FROM `children` WHERE `parent_id` IS NOT NULL;
--> statement-breakpoint
-- Whoever writes a child (the app, an import, a seed), its parent is its owner guardian (ADR 0053).
CREATE TRIGGER `children_owner_guardian` AFTER INSERT ON `children` WHEN new.`parent_id` IS NOT NULL BEGIN
  INSERT OR IGNORE INTO `child_guardians` (`id`, `child_id`, `parent_id`, `school_id`, `role`, `created_at`)
  VALUES (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' ||
         substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), new.`id`, new.`parent_id`, new.`school_id`, 'owner', new.`created_at`);
END;
