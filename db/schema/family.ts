import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { GRADES } from "#shared/children-texts.ts";
import { createdAt, id, updatedAt } from "./columns.ts";
import { schools } from "./schools.ts";
import { parents } from "./users.ts";

export const children = sqliteTable(
  "children",
  {
    id: id(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    /**
     * The owner guardian (ADR 0053): the parent who added the child, or the guardian it passed to.
     * Null for a pupil the school imported whose guardians have not accepted yet; the first to
     * accept becomes the owner.
     */
    parentId: text("parent_id").references(() => parents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    age: integer("age").notNull(),
    grade: text("grade", { enum: GRADES }).notNull(),
    school: text("school").notNull(),
    busRoute: text("bus_route"),
    busNumber: text("bus_number"),
    specialNeeds: text("special_needs"),
    allergyInfo: text("allergy_info"),
    emergencyContact: text("emergency_contact").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("children_parent_idx").on(t.parentId, t.name),
    index("children_school_idx").on(t.schoolId),
    check("children_age", sql`${t.age} between 3 and 18`),
  ],
);

export const GUARDIAN_ROLES = ["owner", "guardian"] as const;

/**
 * Who may see and act for a child (ADR 0053): one row per parent account and child. The owner is
 * `children.parent_id` (the account that added the child, or the guardian it passed to); a second
 * household's account is a guardian. Every parent read or write of a child goes through this table.
 */
export const childGuardians = sqliteTable(
  "child_guardians",
  {
    id: id(),
    childId: text("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    parentId: text("parent_id")
      .notNull()
      .references(() => parents.id, { onDelete: "cascade" }),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    role: text("role", { enum: GUARDIAN_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("child_guardians_child_parent_unique").on(t.childId, t.parentId),
    index("child_guardians_parent_idx").on(t.parentId, t.schoolId, t.childId),
  ],
);
