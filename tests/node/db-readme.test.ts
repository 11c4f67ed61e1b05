import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../support/harness.ts";

/**
 * db/README.md names every trigger, full-text table and table of the migrated database, so what
 * the Drizzle schema does not show is never invisible: a migration that adds one without naming it
 * there fails here.
 */
const README = readFileSync(join(import.meta.dirname, "../../db/README.md"), "utf8");
const named = (name: string) => README.includes(`\`${name}\``);

let objects: { type: string; name: string; sql: string }[] = [];
let close: () => void;

beforeAll(async () => {
  const { db, cleanup } = await createTestDb({ countRoundTrips: false });
  close = cleanup;
  const rows = await db.$client.execute(
    "select type, name, sql from sqlite_master where sql is not null order by name",
  );
  objects = rows.rows.map((row) => ({ type: String(row.type), name: String(row.name), sql: String(row.sql) }));
});
afterAll(() => close());

describe("db/README.md names what the schema does not show", () => {
  it("every trigger", () => {
    const triggers = objects.filter((object) => object.type === "trigger").map((object) => object.name);
    expect(triggers.length).toBeGreaterThan(30);
    expect(triggers.filter((name) => !named(name))).toEqual([]);
  });

  it("every full-text (virtual) table", () => {
    const virtual = objects
      .filter((object) => object.type === "table" && /^create virtual table/i.test(object.sql))
      .map((object) => object.name);
    expect(virtual.length).toBeGreaterThan(5);
    expect(virtual.filter((name) => !named(name))).toEqual([]);
  });

  it("every table, and no table that does not exist", () => {
    const shadow = new Set(
      objects.filter((object) => /^create virtual table/i.test(object.sql)).map((object) => object.name),
    );
    const tables = objects
      .filter(
        (object) =>
          object.type === "table" && !object.name.startsWith("__drizzle") && !object.name.startsWith("sqlite_"),
      )
      .map((object) => object.name)
      .filter((name) => ![...shadow].some((fts) => name !== fts && name.startsWith(`${fts}_`)));
    expect(tables.filter((name) => !named(name))).toEqual([]);
    // The first cell of each row of the page's table is a table that exists.
    const rows = [...README.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]!);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((name) => !tables.includes(name))).toEqual([]);
  });
});
