import { customType, integer, text } from "drizzle-orm/sqlite-core";
import { toWellFormedDeep } from "#shared/well-formed.ts";

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

/**
 * JSON stored as text. Strings are made well-formed first: JSON.stringify escapes a lone surrogate
 * as `\ud800`, which SQLite's JSON functions would decode into text that is not UTF-8.
 */
const wellFormedJson = customType<{ data: unknown; driverData: string }>({
  dataType: () => "text",
  toDriver: (value) => JSON.stringify(toWellFormedDeep(value)),
  fromDriver: (value) => JSON.parse(value) as unknown,
});
export const json = <T>(name: string) => wellFormedJson(name).$type<T>();

export const ROLES = ["super_admin", "school_admin", "parent", "driver"] as const;
export type Role = (typeof ROLES)[number];
