import { integer, text } from "drizzle-orm/sqlite-core";

/** Random, URL-safe primary key (never sequential: ids reach URLs). */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** UTC instant stored as epoch milliseconds. */
export const instant = (name: string) => integer(name, { mode: "timestamp_ms" });

export const createdAt = () =>
  instant("created_at")
    .notNull()
    .$defaultFn(() => new Date());

export const updatedAt = () =>
  instant("updated_at")
    .notNull()
    .$defaultFn(() => new Date());

export const bool = (name: string) => integer(name, { mode: "boolean" });

/** Calendar date without time, ISO `YYYY-MM-DD`. */
export const isoDate = (name: string) => text(name);

/** JSON stored as text. */
export const json = <T>(name: string) => text(name, { mode: "json" }).$type<T>();

export const ROLES = ["super_admin", "school_admin", "parent"] as const;
export type Role = (typeof ROLES)[number];
