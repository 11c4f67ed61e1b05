import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
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
    parentId: text("parent_id")
      .notNull()
      .references(() => parents.id, { onDelete: "cascade" }),
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
