import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { children, riders, routeStops } from "#db/schema/index.ts";
import { CSV_PARSE_MESSAGES, csvCell, parseCsv } from "#shared/csv.ts";
import { IMPORT_LIMITS, IMPORT_MESSAGES } from "#shared/route-imports.ts";
import { ROUTE_MESSAGES } from "#shared/routes.ts";
import { text } from "#worker/i18n/texts.ts";
import { ROUTE_REFUSALS } from "#worker/services/refusal-texts.ts";
import { IMPORT_PROBLEMS, problemIn } from "#worker/services/routes/import-texts.ts";
import { parseWeekdays, stopArea } from "#worker/services/routes/imports.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

/** ADR 0052: CSV imports of stops and rider assignments, previewed row by row, written all or nothing. */

let t: TestApp;
type Api = Awaited<ReturnType<typeof callerFor>>;
let admin: Api;
let other: Api;
let schoolId: string;
let parentId: string;

const CHILD = { age: 9, grade: "4th Grade" as const, school: "Maple", emergencyContact: "Gran 555 0100" };
const csv = (...lines: string[]) => `${lines.join("\r\n")}\r\n`;

async function child(name: string, grade: (typeof children.$inferInsert)["grade"] = "4th Grade", school = schoolId) {
  const [row] = await t.db
    .insert(children)
    .values({ ...CHILD, grade, name, schoolId: school, parentId })
    .returning({ id: children.id });
  return row!.id;
}

async function route(name: string, options: { busId?: string | null; direction?: "pickup" | "dropoff" } = {}) {
  const { id } = await admin.schoolAdmin.routes.create({
    route: {
      name,
      direction: options.direction ?? "pickup",
      colour: "#1f77b4",
      busId: options.busId ?? null,
      driverName: "Dana",
      activeFrom: "2026-01-05",
      activeTo: null,
      weekdays: [1, 2, 3, 4, 5],
    },
  });
  return id;
}

const stopsOf = (routeId: string) =>
  t.db.select().from(routeStops).where(eq(routeStops.routeId, routeId)).orderBy(asc(routeStops.position));

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date("2026-03-02T12:00:00Z"));
  const school = await createSchool(t.db, { timeZone: "America/Chicago" });
  schoolId = school.id;
  admin = await callerFor(t, (await createUser(t.db, "school_admin", { schoolId })) as never);
  other = await callerFor(
    t,
    (await createUser(t.db, "school_admin", { schoolId: (await createSchool(t.db)).id })) as never,
  );
  parentId = (await createUser(t.db, "parent", { schoolId })).id;
});
afterAll(() => t.close());

describe("CSV reading (RFC 4180)", () => {
  const fields = (text: string) => {
    const parsed = parseCsv(text, 100);
    if ("error" in parsed) throw new Error(parsed.error);
    return parsed.records.map((record) => record.fields);
  };

  it("quoted fields with commas, doubled quotes and line breaks; CRLF, LF and CR; a BOM; blank lines; no final newline", () => {
    expect(fields('\ufeffa,b\r\n"x, y","say ""hi"""\n"two\r\nlines",\r\rlast,=cmd')).toEqual([
      ["a", "b"],
      ["x, y", 'say "hi"'],
      ["two\r\nlines", ""],
      ["last", "=cmd"],
    ]);
    const parsed = parseCsv('h\r\n"a\nb"\r\nc\r\n', 10);
    expect("records" in parsed && parsed.records.map((record) => record.line)).toEqual([1, 2, 4]);
  });

  it("an unclosed quote, a quote inside an unquoted field and too many rows are errors that name the line", () => {
    expect(parseCsv('a\r\n"open,b', 10)).toEqual({ error: CSV_PARSE_MESSAGES.unterminated(2) });
    expect(parseCsv('a\r\nb"c', 10)).toEqual({ error: CSV_PARSE_MESSAGES.strayQuote(2) });
    expect(parseCsv('a\r\n"b"c', 10)).toEqual({ error: CSV_PARSE_MESSAGES.strayQuote(2) });
    expect(parseCsv("h\na\nb\nc\n", 2)).toEqual({ error: CSV_PARSE_MESSAGES.tooManyRecords(2) });
    expect("records" in parseCsv("h\na\nb\n", 2)).toBe(true);
  });

  it("weekdays and the area rule", () => {
    expect(parseWeekdays("Mon tue; Friday")).toBe(0b100110);
    expect(parseWeekdays("Mon Funday")).toBeNull();
    expect(parseWeekdays("")).toBeNull();
    // The school's stops' centroid; without stops, the median of the file's (one stray row does not move it).
    expect(
      stopArea(
        [
          { lat: 1, lng: 1 },
          { lat: 3, lng: 5 },
        ],
        [],
      ),
    ).toEqual({ lat: 2, lng: 3 });
    expect(
      stopArea(
        [],
        [
          { lat: 41.7, lng: -88.1 },
          { lat: 41.8, lng: -88.2 },
          { lat: 10, lng: 10 },
        ],
      ),
    ).toEqual({
      lat: 41.7,
      lng: -88.1,
    });
  });
});

describe("stops import", () => {
  it("the preview lists every row with its problems and writes nothing; commit refuses while a row has one", async () => {
    const routeId = await route("Stops A");
    await admin.schoolAdmin.routes.stops.set({
      routeId,
      version: 0,
      stops: [{ name: "Depot", latitude: 41.77, longitude: -88.15, time: "07:00", distanceMeters: 0 }],
    });
    const file = csv(
      "Name,Time,Latitude,Longitude,Notes",
      "Oak & 5th,07:10,41.78,-88.15,ignored",
      "Late,25:00,41.78,-88.15,",
      "Nowhere,07:20,91,-88.15,",
      "Paris,07:30,48.85,2.35,",
      "Back in time,06:50,41.79,-88.15,",
      ",07:40,41.79,-88.15,",
      '"=HYPERLINK(""http://x"")",07:45,41.79,-88.16,',
    );
    const preview = await admin.schoolAdmin.routes.importStops.preview({ routeId, csv: file });
    expect(preview.valid).toBe(false);
    expect(preview.rows.map((row) => [row.line, row.problems])).toEqual([
      [2, []],
      [3, [IMPORT_PROBLEMS.badTime]],
      [4, [IMPORT_PROBLEMS.badCoordinates]],
      [5, [expect.stringMatching(/^The stop is 6,\d{3} km from the school's other stops \(at most 50 km\)$/)]],
      [6, [problemIn("en", IMPORT_PROBLEMS.timeBefore("07:10"))]],
      [7, [IMPORT_PROBLEMS.stopName]],
      [8, []],
    ]);
    expect(preview.rows[0]!.values).toEqual({
      name: "Oak & 5th",
      latitude: "41.78",
      longitude: "-88.15",
      time: "07:10",
    });
    expect((await stopsOf(routeId)).map((stop) => stop.name)).toEqual(["Depot"]);
    const refused = await failure(admin.schoolAdmin.routes.importStops.commit({ routeId, version: 1, csv: file }));
    expect(refused.code).toBe("BAD_REQUEST");
    expect(refused.message).toMatch(/^Nothing was imported: 5 rows have problems\. Line 3: Enter the time as HH:MM/);
    expect((await stopsOf(routeId)).map((stop) => stop.name)).toEqual(["Depot"]);
  });

  it("commit adds the rows after the route's stops, in order, with distances; a formula is stored as typed and exported safely; a stale version is refused", async () => {
    const routeId = await route("Stops B");
    const file = csv(
      "name,latitude,longitude,time",
      "First,41.77,-88.15,07:00",
      "=cmd|' /C calc'!A0,41.78,-88.15,07:05",
      "+Third,41.79,-88.15,07:10",
    );
    expect((await admin.schoolAdmin.routes.importStops.preview({ routeId, csv: file })).valid).toBe(true);
    const done = await admin.schoolAdmin.routes.importStops.commit({ routeId, version: 0, csv: file });
    expect(done).toMatchObject({ imported: 3, version: 1 });
    const stops = await stopsOf(routeId);
    expect(stops.map((stop) => [stop.position, stop.name, stop.scheduledMinutes])).toEqual([
      [0, "First", 420],
      [1, "=cmd|' /C calc'!A0", 425],
      [2, "+Third", 430],
    ]);
    expect(stops[1]!.distanceMeters).toBeGreaterThan(1000);
    expect(stops[2]!.distanceMeters).toBeGreaterThan(stops[1]!.distanceMeters);
    expect(csvCell(stops[1]!.name)).toBe(`"'=cmd|' /C calc'!A0"`);
    // A longitude west of Greenwich is a number, written as one, so an exported stop reads back in;
    // a minus that starts anything else is still neutralised.
    expect(csvCell(-88.15)).toBe(`"-88.15"`);
    expect(csvCell("-88.15")).toBe(`"-88.15"`);
    expect(csvCell("-2+3")).toBe(`"'-2+3"`);
    expect(csvCell("-1e3")).toBe(`"'-1e3"`);
    expect(csvCell("+15551234567")).toBe(`"'+15551234567"`);
    const later = csv("name,latitude,longitude,time", "Fourth,41.8,-88.15,07:20");
    const stale = await failure(admin.schoolAdmin.routes.importStops.commit({ routeId, version: 0, csv: later }));
    expect(stale).toMatchObject({ code: "CONFLICT", message: ROUTE_MESSAGES.stopsStale });
    expect(await stopsOf(routeId)).toHaveLength(3);
  });

  it("refuses a file it cannot read, one over the route's 100 stops, another school's route, hostile text and an oversize file", async () => {
    const routeId = await route("Stops C");
    const preview = (text: string) => admin.schoolAdmin.routes.importStops.preview({ routeId, csv: text });
    expect(await preview("name,time\r\nA,07:00\r\n")).toEqual({
      rows: [],
      valid: false,
      error: problemIn("en", IMPORT_PROBLEMS.missingColumns(["name", "latitude", "longitude", "time"])),
    });
    expect((await preview("name,latitude,longitude,time\r\n")).error).toBe(IMPORT_PROBLEMS.empty);
    expect((await preview('name,latitude,longitude,time\r\n"A,1,1,07:00\r\n')).error).toBe(
      CSV_PARSE_MESSAGES.unterminated(2),
    );
    const many = csv(
      "name,latitude,longitude,time",
      ...Array.from({ length: 101 }, (_, i) => `S${i},41.7,-88.1,07:00`),
    );
    expect((await preview(many)).error).toBe(problemIn("en", IMPORT_PROBLEMS.tooManyStops(100, 0)));
    const foreign = await failure(other.schoolAdmin.routes.importStops.preview({ routeId, csv: "name\r\n" }));
    expect(foreign).toMatchObject({ code: "NOT_FOUND", message: ROUTE_MESSAGES.notFound });
    for (const hostile of ["name,latitude,longitude,time\r\nA\u0000,1,1,07:00\r\n", "name\r\n\ud800\r\n"]) {
      expect((await failure(preview(hostile))).code).toBe("BAD_REQUEST");
    }
    const huge = await failure(preview("x".repeat(IMPORT_LIMITS.maxChars + 1)));
    expect(huge.code).toBe("BAD_REQUEST");
    expect(huge.message).toContain(IMPORT_MESSAGES.tooLarge);
    expect(await stopsOf(routeId)).toHaveLength(0);
  });
});

describe("riders import", () => {
  let north: string;
  let south: string;
  beforeAll(async () => {
    const bus = await admin.schoolAdmin.buses.create({ bus: { number: "7", seats: 2, plate: null } });
    north = await route("North", { busId: bus.id });
    south = await route("South", { direction: "dropoff" });
    for (const id of [north, south])
      await admin.schoolAdmin.routes.stops.set({
        routeId: id,
        version: 0,
        stops: [
          { name: "Main St", latitude: 41.77, longitude: -88.15, time: "07:30", distanceMeters: 0 },
          { name: "School", latitude: 41.78, longitude: -88.15, time: "07:50", distanceMeters: 1200 },
        ],
      });
    await child("Ada Lovelace");
    await child("Ben Okafor");
    await child("Sam Twin", "1st Grade");
    await child("Sam Twin", "3rd Grade");
    await child("=cmd|' /C calc'!A0");
    await child("Cy Young");
    await child("Elsewhere Kid", "4th Grade", (await createSchool(t.db)).id);
  });

  const ridersOf = (routeId: string) =>
    t.db
      .select({ name: children.name, weekdays: riders.weekdays, toDate: riders.toDate })
      .from(riders)
      .innerJoin(children, eq(children.id, riders.childId))
      .where(and(eq(riders.routeId, routeId)))
      .orderBy(asc(children.name));

  it("the preview names each row's problems: unknown or ambiguous child (saying who matched), route, stop, days, dates, a child twice, over capacity", async () => {
    const file = csv(
      "child,route,stop,weekdays,from,to",
      "ada lovelace,North,Main St,Mon Tue,2026-03-02,",
      "Ben  Okafor,north,school,Mon,,2026-06-30",
      "Sam Twin,North,Main St,Mon,2026-03-02,",
      "Nobody,North,Main St,Mon,2026-03-02,",
      "Elsewhere Kid,North,Main St,Mon,2026-03-02,",
      "Cy Young,Nowhere,Main St,Mon,2026-03-02,",
      "Cy Young,North,Bus depot,Sat,2026-03-32,2026-01-01",
      "Cy Young,North,Main St,Mon Funday,2026-03-02,2026-01-01",
      "Cy Young,North,Main St,Mon,2026-03-02,",
      "Ada Lovelace,North,School,Wed,2026-03-02,",
      "Ada Lovelace,South,School,Mon,2026-03-02,",
    );
    const preview = await admin.schoolAdmin.riders.import.preview({ csv: file });
    expect(preview.rows.map((row) => [row.line, row.problems])).toEqual([
      [2, []],
      [3, []],
      [
        4,
        [
          problemIn(
            "en",
            IMPORT_PROBLEMS.ambiguousChild("Sam Twin", [
              { grade: "1st Grade", age: 9 },
              { grade: "3rd Grade", age: 9 },
            ]),
          ),
        ],
      ],
      [5, [problemIn("en", IMPORT_PROBLEMS.unknownChild("Nobody"))]],
      [6, [problemIn("en", IMPORT_PROBLEMS.unknownChild("Elsewhere Kid"))]],
      [7, [problemIn("en", IMPORT_PROBLEMS.unknownRoute("Nowhere"))]],
      [
        8,
        [
          problemIn("en", IMPORT_PROBLEMS.unknownStop("Bus depot", "North")),
          problemIn("en", IMPORT_PROBLEMS.notRunning("North")),
          IMPORT_PROBLEMS.badFrom,
        ],
      ],
      [9, [IMPORT_PROBLEMS.badWeekdays, IMPORT_PROBLEMS.badTo]],
      // Ada and Ben already take the bus's 2 seats on Mondays.
      [10, [text("en", ROUTE_REFUSALS.riderFull("7", 2, 2, "Monday"))]],
      [11, [problemIn("en", IMPORT_PROBLEMS.duplicateChild(2))]],
      [12, []],
    ]);
    expect(preview.valid).toBe(false);
    expect(await ridersOf(north)).toEqual([]);
    const refused = await failure(admin.schoolAdmin.riders.import.commit({ csv: file }));
    expect(refused.message).toMatch(/^Nothing was imported: 8 rows have problems\. Line 4: 2 children are called/);
    expect(await ridersOf(north)).toEqual([]);
    expect(await ridersOf(south)).toEqual([]);
  });

  it("commit assigns every row in one write, replacing a child's earlier assignment in that direction; values stored as typed", async () => {
    const file = csv(
      "child,route,stop,weekdays,from,to",
      "Ada Lovelace,North,Main St,Mon Tue,2026-03-02,",
      "Ben Okafor,North,School,Mon,,2026-06-30",
      "=cmd|' /C calc'!A0,South,School,Mon Fri,2026-03-02,",
    );
    expect((await admin.schoolAdmin.riders.import.preview({ csv: file })).valid).toBe(true);
    expect(await admin.schoolAdmin.riders.import.commit({ csv: file })).toEqual({ imported: 3 });
    expect(await ridersOf(north)).toEqual([
      { name: "Ada Lovelace", weekdays: 0b110, toDate: null },
      { name: "Ben Okafor", weekdays: 0b10, toDate: "2026-06-30" },
    ]);
    expect(await ridersOf(south)).toEqual([{ name: "=cmd|' /C calc'!A0", weekdays: 0b100010, toDate: null }]);
    // Ada moves to Thursday only: her own seat does not count against her; Cy then fits on Monday.
    const again = csv(
      "child,route,stop,weekdays,from",
      "Ada Lovelace,North,School,Thu,2026-03-02",
      "Cy Young,North,Main St,Mon,2026-03-02",
    );
    expect(await admin.schoolAdmin.riders.import.commit({ csv: again })).toEqual({ imported: 2 });
    expect((await ridersOf(north)).map((row) => row.name)).toEqual(["Ada Lovelace", "Ben Okafor", "Cy Young"]);
    // The bus is now full on Mondays (Ben, Cy): another is over capacity, and nothing is written.
    const full = csv("child,route,stop,weekdays,from", "Ada Lovelace,North,School,Mon,2026-03-02");
    const refused = await failure(admin.schoolAdmin.riders.import.commit({ csv: full }));
    expect(refused.message).toContain(text("en", ROUTE_REFUSALS.riderFull("7", 2, 2, "Monday")));
    expect((await ridersOf(north)).find((row) => row.name === "Ada Lovelace")!.weekdays).toBe(0b10000);
  });

  it("another school's admin matches none of this school's children or routes", async () => {
    const file = csv("child,route,stop,weekdays,from", "Ada Lovelace,North,Main St,Mon,2026-03-02");
    const preview = await other.schoolAdmin.riders.import.preview({ csv: file });
    expect(preview.rows[0]!.problems).toEqual([
      problemIn("en", IMPORT_PROBLEMS.unknownChild("Ada Lovelace")),
      problemIn("en", IMPORT_PROBLEMS.unknownRoute("North")),
    ]);
  });

  it("hostile rows: NUL and lone surrogates refused at the edge, formulas read as names, a 1 MB cell refused, a 600,000-character cell a problem, 10,001 rows refused; nothing written", async () => {
    const header = "child,route,stop,weekdays,from";
    const before = await t.db.$count(riders, eq(riders.schoolId, schoolId));
    const both = (text: string) => [
      admin.schoolAdmin.riders.import.preview({ csv: text }),
      admin.schoolAdmin.riders.import.commit({ csv: text }),
    ];
    // NUL, a lone high and a lone low surrogate, anywhere in a row: refused before the service reads it.
    for (const hostile of [
      csv(header, "Ada Lovelace\u0000,North,Main St,Mon,2026-03-02"),
      csv(header, "Ada Lovelace,North\ud800,Main St,Mon,2026-03-02"),
      csv(header, "Ada Lovelace,North,Main St,Mon\udc00,2026-03-02"),
    ])
      for (const call of both(hostile)) expect((await failure(call)).code).toBe("BAD_REQUEST");
    // Formulas are values like any other: no child, route or stop is called that.
    const formulas = csv(
      header,
      '"=HYPERLINK(""http://x"")",+North,@Main St,Mon,2026-03-02',
      "-1+1,North,Main St,Mon,=1",
    );
    const preview = await admin.schoolAdmin.riders.import.preview({ csv: formulas });
    expect(preview.rows.map((row) => row.problems)).toEqual([
      [
        problemIn("en", IMPORT_PROBLEMS.unknownChild('=HYPERLINK("http://x")')),
        problemIn("en", IMPORT_PROBLEMS.unknownRoute("+North")),
      ],
      [problemIn("en", IMPORT_PROBLEMS.unknownChild("-1+1")), IMPORT_PROBLEMS.badFrom],
    ]);
    expect(csvCell(preview.rows[0]!.values.child!)).toBe(`"'=HYPERLINK(""http://x"")"`);
    // One cell of 1 MB: the file is over the limit, refused whole.
    const megabyte = csv(header, `${"x".repeat(1_000_000)},North,Main St,Mon,2026-03-02`);
    for (const call of both(megabyte)) {
      const refused = await failure(call);
      expect(refused.code).toBe("BAD_REQUEST");
      expect(refused.message).toContain(IMPORT_MESSAGES.tooLarge);
    }
    // A cell of 600,000 characters fits the file: read as the value it is, a problem of its row.
    const long = "y".repeat(600_000);
    const longRow = await admin.schoolAdmin.riders.import.preview({
      csv: csv(header, `${long},North,Main St,Mon,2026-03-02`),
    });
    expect(longRow.valid).toBe(false);
    expect(longRow.rows[0]!.problems).toEqual([problemIn("en", IMPORT_PROBLEMS.unknownChild(long))]);
    // 10,001 rows under the header: refused as a file, naming the limit.
    const tooMany = csv(header, ...Array.from({ length: 10_001 }, () => "A,B,C,Mon,2026-03-02"));
    expect(tooMany.length).toBeLessThan(IMPORT_LIMITS.maxChars);
    expect(await admin.schoolAdmin.riders.import.preview({ csv: tooMany })).toEqual({
      rows: [],
      valid: false,
      error: CSV_PARSE_MESSAGES.tooManyRecords(IMPORT_LIMITS.maxRows),
    });
    expect((await failure(admin.schoolAdmin.riders.import.commit({ csv: tooMany }))).message).toContain(
      CSV_PARSE_MESSAGES.tooManyRecords(IMPORT_LIMITS.maxRows),
    );
    expect(await t.db.$count(riders, eq(riders.schoolId, schoolId))).toBe(before);
  });

  it("10,000 rows: previewed and committed (timed for the report, no assertion on time)", async () => {
    const ids: string[] = [];
    const routeIds: string[] = [];
    for (let index = 0; index < 10; index++) {
      const id = await route(`Bulk ${index}`);
      await admin.schoolAdmin.routes.stops.set({
        routeId: id,
        version: 0,
        stops: [{ name: "Stop", latitude: 41.77, longitude: -88.15, time: "07:30", distanceMeters: 0 }],
      });
      routeIds.push(id);
    }
    for (let chunk = 0; chunk < 10_000; chunk += 500) {
      const rows = await t.db
        .insert(children)
        .values(
          Array.from({ length: 500 }, (_, i) => ({ ...CHILD, name: `Bulk child ${chunk + i}`, schoolId, parentId })),
        )
        .returning({ id: children.id });
      ids.push(...rows.map((row) => row.id));
    }
    const file = csv(
      "child,route,stop,weekdays,from",
      ...ids.map((_, index) => `Bulk child ${index},Bulk ${index % 10},Stop,Mon Tue Wed Thu Fri,2026-03-02`),
    );
    expect(file.length).toBeLessThan(IMPORT_LIMITS.maxChars);
    let started = performance.now();
    const preview = await admin.schoolAdmin.riders.import.preview({ csv: file });
    const previewMs = performance.now() - started;
    expect(preview.valid).toBe(true);
    expect(preview.rows).toHaveLength(10_000);
    started = performance.now();
    expect(await admin.schoolAdmin.riders.import.commit({ csv: file })).toEqual({ imported: 10_000 });
    const commitMs = performance.now() - started;
    console.log(`riders import of 10,000 rows: preview ${Math.round(previewMs)} ms, commit ${Math.round(commitMs)} ms`);
    expect(await ridersOf(routeIds[0]!)).toHaveLength(1_000);
  });
});
