/**
 * Issue 30 item 2 (ADR 0080): the CSV headers the server writes are in the requesting admin's
 * language, and a file the school imports is read whatever of the six languages its header is in —
 * a file written in Arabic or Chinese reads back. Values stay as typed; dates stay ISO.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { children, schoolAdmins } from "#db/schema/index.ts";
import { csvDocument, parseCsv } from "#shared/csv.ts";
import { LOCALES, type Locale } from "#shared/locales.ts";
import { PUPIL_COLUMNS } from "#shared/pupils.ts";
import { RIDER_COLUMNS, STOP_COLUMNS } from "#shared/route-imports.ts";
import { columnNames, IMPORT_FILES, importHeader, rosterHeader } from "#worker/services/_shared/csv-headers.ts";
import { ROSTER_HEADER } from "#worker/services/flight-trips/roster.ts";
import { readTable } from "#worker/services/routes/imports.ts";
import { callerFor } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { enroll, flightSchool, tripForm } from "../support/flight-trips-admin.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe("the flight-trip roster", () => {
  it("has its header and statuses in the requesting admin's language; names, notes and the ISO date as they are", async () => {
    const f = await flightSchool(t);
    const api = await callerFor(t, f.admin);
    const { id: tripId } = await api.schoolAdmin.flightTrips.create({ trip: tripForm() });
    await enroll(
      t,
      { schoolId: f.school.id, tripId, parentId: f.parent.id, childId: f.child.id },
      { status: "confirmed", paymentStatus: "partial", amountPaidCents: 10_000 },
    );
    const rosterIn = async (locale: Locale | null) => {
      await t.db.update(schoolAdmins).set({ locale }).where(eq(schoolAdmins.id, f.admin.id));
      const { csv } = await api.schoolAdmin.flightTrips.roster({ tripId });
      const parsed = parseCsv(csv, 10);
      if ("error" in parsed) throw new Error(parsed.error);
      return parsed.records.map((record) => record.fields);
    };

    const [spanishHeader, spanishRow] = await rosterIn("es");
    expect(spanishHeader).toEqual(rosterHeader("es"));
    expect(spanishHeader!.slice(0, 3)).toEqual(["Alumno", "Grado", "Estado de la inscripción"]);
    expect(spanishRow!.slice(0, 4)).toEqual(["Ava Martin", "5th Grade", "Confirmada", "Parcial"]);
    expect(spanishRow!.at(-1)).toBe("2026-03-02T09:00:00.000Z");

    const [arabicHeader, arabicRow] = await rosterIn("ar");
    expect(arabicHeader).toEqual(rosterHeader("ar"));
    expect(arabicHeader![0]).toBe("الطالب");
    expect(arabicRow!.slice(0, 2)).toEqual(["Ava Martin", "5th Grade"]);
    expect(arabicRow!.at(-2)).toBe("No peanuts");

    const [englishHeader, englishRow] = await rosterIn(null);
    expect(englishHeader).toEqual([...ROSTER_HEADER]);
    expect(englishHeader![0]).toBe("Student");
    expect(englishRow!.slice(2, 4)).toEqual(["Confirmed", "Partial"]);
  });
});

describe("an import file's header", () => {
  it("names each column in one way only, whatever the language (no header could be read as another column)", () => {
    for (const [file, { columns }] of Object.entries(IMPORT_FILES)) {
      const owner = new Map<string, string>();
      for (const column of columns)
        for (const name of columnNames(column)) {
          expect(owner.get(name) ?? column, `${file}: "${name}"`).toBe(column);
          owner.set(name, column);
        }
      for (const locale of LOCALES)
        expect(new Set(importHeader(locale, columns)).size, `${file} in ${locale}`).toBe(columns.length);
    }
  });

  it("is read in English in any case, and in each of the six languages", () => {
    const row = ["Main St", "41.88", "-87.63", "07:30"];
    const english = readTable(csvDocument(["NAME", " Latitude ", "longitude", "Time"], [row]), STOP_COLUMNS);
    expect(english).toEqual({
      rows: [{ line: 2, values: { name: "Main St", latitude: "41.88", longitude: "-87.63", time: "07:30" } }],
    });
    for (const locale of LOCALES) {
      const header = importHeader(locale, STOP_COLUMNS);
      if (locale !== "en") expect(header).not.toEqual([...STOP_COLUMNS]);
      // In another order too.
      const read = readTable(
        csvDocument([header[3]!, header[0]!, header[2]!, header[1]!], [[row[3]!, row[0]!, row[2]!, row[1]!]]),
        STOP_COLUMNS,
      );
      expect(read, locale).toEqual(english);
    }
    const riders = readTable(
      csvDocument(importHeader("zh", RIDER_COLUMNS).slice(0, 5), [
        ["Ada", "North", "Main St", "Mon Tue", "2026-03-02"],
      ]),
      RIDER_COLUMNS,
      ["to"],
    );
    expect(riders).toEqual({
      rows: [
        {
          line: 2,
          values: { child: "Ada", route: "North", stop: "Main St", weekdays: "Mon Tue", from: "2026-03-02", to: "" },
        },
      ],
    });
  });
});

describe("a pupils file written in Arabic or Chinese", () => {
  it.each(["ar", "zh"] as const)("imports back (%s): every pupil and guardian as typed", async (locale) => {
    const school = await createSchool(t.db, { name: "Maple Grove Primary" });
    const admin = await callerFor(t, await createUser(t.db, "school_admin", { schoolId: school.id }));
    const header = importHeader(locale, PUPIL_COLUMNS);
    expect(header[0]).toBe(locale === "ar" ? "التلميذ" : "学生");
    const csv = csvDocument(header, [
      ["أمينة حداد", 8, "3rd Grade", "ليلى حداد", "layla@example.com", "", "", "", "", ""],
      ["王小明", 7, "2nd Grade", "王芳", "fang@example.com", "", "", "Grandma 555", "peanuts", ""],
    ]);
    expect(await admin.schoolAdmin.pupils.import.preview({ csv })).toMatchObject({ valid: true, pupils: 2 });
    expect(await admin.schoolAdmin.pupils.import.commit({ csv })).toMatchObject({ imported: 2 });
    const rows = await t.db.select().from(children).where(eq(children.schoolId, school.id)).orderBy(children.name);
    expect(rows.map((row) => [row.name, row.age, row.grade, row.emergencyContact, row.allergyInfo])).toEqual([
      ["أمينة حداد", 8, "3rd Grade", "ليلى حداد (layla@example.com)", null],
      ["王小明", 7, "2nd Grade", "Grandma 555", "peanuts"],
    ]);
  });
});
