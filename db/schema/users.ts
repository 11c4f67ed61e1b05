import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { LOCALES } from "#shared/locales.ts";
import { bool, createdAt, id, instant, updatedAt } from "./columns.ts";
import { schools } from "./schools.ts";

/**
 * The language a user chose for themselves (one of LOCALES; null: not chosen, so their school's
 * default, then English, applies: `personLocale` in worker/i18n/person.ts).
 */
const userLocale = () => text("locale", { enum: LOCALES });

/** E-mail addresses are stored lower-cased and trimmed; uniqueness is per role table. */
export const superAdmins = sqliteTable(
  "super_admins",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    isActive: bool("is_active").notNull().default(true),
    mustChangePassword: bool("must_change_password").notNull().default(false),
    locale: userLocale(),
    passwordChangedAt: instant("password_changed_at"),
    lastLogin: instant("last_login"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("super_admins_email_unique").on(t.email)],
);

export const schoolAdmins = sqliteTable(
  "school_admins",
  {
    id: id(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    phone: text("phone"),
    address: text("address"),
    position: text("position").notNull().default("Administrator"),
    isActive: bool("is_active").notNull().default(true),
    mustChangePassword: bool("must_change_password").notNull().default(false),
    locale: userLocale(),
    passwordChangedAt: instant("password_changed_at"),
    lastLogin: instant("last_login"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("school_admins_email_unique").on(t.email),
    index("school_admins_school_idx").on(t.schoolId, t.isActive),
  ],
);

export const parents = sqliteTable(
  "parents",
  {
    id: id(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    phone: text("phone"),
    address: text("address"),
    emergencyContact: text("emergency_contact"),
    emergencyPhone: text("emergency_phone"),
    isActive: bool("is_active").notNull().default(true),
    mustChangePassword: bool("must_change_password").notNull().default(false),
    locale: userLocale(),
    passwordChangedAt: instant("password_changed_at"),
    lastLogin: instant("last_login"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("parents_email_unique").on(t.email),
    index("parents_school_name_idx").on(t.schoolId, t.isActive, t.name),
    /** The school's parent directory, ordered by name. */
    index("parents_school_list_idx").on(t.schoolId, t.name, t.id),
  ],
);

/**
 * A school's driver (ADR 0057): invited by the school admin like a parent, signs in at
 * /login/driver and sees the runs assigned to them (`routes.driver_id`, `trips.driver_id`).
 */
export const drivers = sqliteTable(
  "drivers",
  {
    id: id(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    phone: text("phone"),
    isActive: bool("is_active").notNull().default(true),
    mustChangePassword: bool("must_change_password").notNull().default(false),
    locale: userLocale(),
    passwordChangedAt: instant("password_changed_at"),
    lastLogin: instant("last_login"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("drivers_email_unique").on(t.email),
    /** The school's drivers, ordered by name (the Drivers list and the route form's select). */
    index("drivers_school_name_idx").on(t.schoolId, t.isActive, t.name),
  ],
);
