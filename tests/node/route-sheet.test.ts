import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, children, notRiding, routeStops, routes, schoolAdmins } from "#db/schema/index.ts";
import { ROUTE_MESSAGES } from "#shared/routes.ts";
import { ROUTE_SHEET_TEXTS, riderFlags } from "#worker/services/routes/sheet-pdf.ts";
import { callerFor } from "../support/caller.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { pdfText } from "../support/invoice-documents.ts";

/** ADR 0052: the driver's route sheet, `GET /api/routes/:routeId/sheet.pdf?date=`, for the school's admins only. */

let t: TestApp;
const cookies: Record<string, string> = {};
let routeId: string;
let admin: Awaited<ReturnType<typeof callerFor>>;
let schoolId: string;
let parentId: string;
let adminId: string;
const ids: Record<string, string> = {};

const CHILD = { age: 9, grade: "4th Grade" as const, school: "Maple", emergencyContact: "Gran 555 0100" };
const sheet = (id: string, date: string | null, cookie?: string) =>
  t.app.request(`http://localhost:8787/api/routes/${id}/sheet.pdf${date === null ? "" : `?date=${date}`}`, {
    headers: cookie ? { cookie } : {},
  });

async function textOf(response: Response) {
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  return pdfText(bytes);
}

async function child(name: string, values: Partial<typeof children.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(children)
    .values({ ...CHILD, name, schoolId, parentId, ...values })
    .returning({ id: children.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date("2026-03-02T12:00:00Z")); // Monday
  const school = await createSchool(t.db, { name: "Maple Grove Primary", timeZone: "America/Chicago" });
  schoolId = school.id;
  const other = await createSchool(t.db);
  const adminUser = await createUser(t.db, "school_admin", { schoolId });
  adminId = adminUser.id;
  const parent = await createUser(t.db, "parent", { schoolId, name: "Dana Rivers", email: "dana@example.com" });
  parentId = parent.id;
  const users = {
    admin: adminUser,
    parent,
    otherAdmin: await createUser(t.db, "school_admin", { schoolId: other.id }),
    superAdmin: await createUser(t.db, "super_admin"),
  };
  for (const [name, user] of Object.entries(users))
    cookies[name] = (await sessionCookieFor(t.db, t.deps.config, user, t.clock.now())).cookie;
  admin = await callerFor(t, adminUser as never);
  const bus = await admin.schoolAdmin.buses.create({ bus: { number: "12", seats: 40, plate: null } });
  routeId = (
    await admin.schoolAdmin.routes.create({
      route: {
        name: "North loop",
        direction: "pickup",
        colour: "#1f77b4",
        busId: bus.id,
        driverName: "Sam Driver",
        activeFrom: "2026-01-05",
        activeTo: null,
        weekdays: [1, 2, 3, 4, 5],
      },
    })
  ).id;
  const { stopIds } = await admin.schoolAdmin.routes.stops.set({
    routeId,
    version: 0,
    stops: [
      { name: "Oak & 5th", latitude: 41.77, longitude: -88.15, time: "07:30", distanceMeters: 0 },
      { name: "Library", latitude: 41.78, longitude: -88.15, time: "07:42", distanceMeters: 1200 },
      { name: "Maple Grove Primary", latitude: 41.79, longitude: -88.15, time: "08:00", distanceMeters: 3000 },
    ],
  });
  ids.ada = await child("Ada Lovelace", { allergyInfo: "Peanuts: EpiPen in the front pocket of her bag" });
  ids.ben = await child("Ben Okafor", { specialNeeds: "Needs the front seat", allergyInfo: "  " });
  ids.cy = await child("Cy Young"); // assigned Mondays only
  ids.dee = await child("Dee Marsh"); // not riding on Wednesday
  ids.eve = await child("Eve Park"); // from next week
  const assign = (childId: string, stopId: string, weekdays = [1, 2, 3, 4, 5], fromDate = "2026-03-02") =>
    admin.schoolAdmin.riders.assign({ childId, stopId, weekdays, fromDate, toDate: null });
  await assign(ids.ada!, stopIds[0]!);
  await assign(ids.ben!, stopIds[0]!);
  await assign(ids.cy!, stopIds[1]!, [1]);
  await assign(ids.dee!, stopIds[1]!);
  await assign(ids.eve!, stopIds[1]!, [1, 2, 3, 4, 5], "2026-03-09");
  await t.db.insert(notRiding).values({ schoolId, childId: ids.dee!, date: "2026-03-04" });
});
afterAll(() => t.close());

describe("route sheet", () => {
  it("the school's admin gets the driver's PDF: route, direction, bus, driver, day, stops in order with times, that day's riders and their flags, no parent", async () => {
    const response = await sheet(routeId, "2026-03-04", cookies.admin);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="route-sheet-2026-03-04.pdf"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const lines = await textOf(response);
    const at = (line: string) => lines.indexOf(line);
    expect(lines).toEqual(
      expect.arrayContaining([
        "Maple Grove Primary",
        "North loop",
        "Date: Wednesday, March 4, 2026",
        "Direction: Pickup",
        "Bus: 12 (40 seats)",
        "Driver: Sam Driver",
        "3 stops, 2 riders",
        "[ ] Ada Lovelace (4th Grade)",
        "Allergy: Peanuts: EpiPen in the front pocket of her bag",
        "[ ] Ben Okafor (4th Grade)",
        "Special needs: Needs the front seat",
        "No riders",
        "North loop, Wednesday, March 4, 2026 - page 1 of 1",
      ]),
    );
    // Stops in order, each rider under their stop, the flags under the rider.
    expect(at("1. 07:30 Oak & 5th")).toBeGreaterThan(-1);
    expect(at("1. 07:30 Oak & 5th")).toBeLessThan(at("[ ] Ada Lovelace (4th Grade)"));
    expect(at("[ ] Ada Lovelace (4th Grade)")).toBeLessThan(
      at("Allergy: Peanuts: EpiPen in the front pocket of her bag"),
    );
    expect(at("[ ] Ben Okafor (4th Grade)")).toBeLessThan(at("2. 07:42 Library"));
    expect(at("2. 07:42 Library")).toBeLessThan(at("3. 08:00 Maple Grove Primary"));
    const text = lines.join("\n");
    // Cy rides Mondays only, Dee is not riding that day, Eve starts next week; a blank allergy is no flag.
    for (const absent of ["Cy Young", "Dee Marsh", "Eve Park", "Dana Rivers", "dana@example.com", "Allergy:  "])
      expect(text).not.toContain(absent);
    expect(text.match(/Allergy:/g)).toHaveLength(1);
  });

  it("the riders are those of the day asked for: on Monday Cy and Dee ride too", async () => {
    const text = (await textOf(await sheet(routeId, "2026-03-02", cookies.admin))).join("\n");
    expect(text).toContain("Date: Monday, March 2, 2026");
    expect(text).toContain("[ ] Cy Young (4th Grade)");
    expect(text).toContain("[ ] Dee Marsh (4th Grade)");
    expect(text).not.toContain("Eve Park");
    expect(text).toContain("3 stops, 4 riders");
  });

  it("a day the route does not run, or a no-service day, says so and lists no riders", async () => {
    const saturday = (await textOf(await sheet(routeId, "2026-03-07", cookies.admin))).join("\n");
    expect(saturday).toContain(ROUTE_SHEET_TEXTS.notRunning.message);
    expect(saturday).toContain("3 stops, 0 riders");
    await admin.schoolAdmin.routes.noServiceDays.add({ date: "2026-03-05", reason: "Teacher training" });
    const closed = (await textOf(await sheet(routeId, "2026-03-05", cookies.admin))).join("\n");
    expect(closed).toContain("No service on this day: Teacher training");
    expect(closed).not.toContain("Ada Lovelace");
  });

  it("long text wraps onto more lines and more pages; lone surrogates, NUL, controls, emoji and bidi overrides never crash pdf-lib", async () => {
    // Written straight to the database: the forms refuse ill-formed text, the sheet must survive it anyway.
    const [long] = await t.db
      .insert(routes)
      .values({
        schoolId,
        name: `Route \ud800 \u0000 \u202e 🚌 ${"W".repeat(200)}`,
        direction: "dropoff",
        colour: "#1f77b4",
        driverName: "Zoë \udfff\u0007 Ng",
        activeFrom: "2026-01-05",
        weekdays: 127,
      })
      .returning({ id: routes.id });
    const stopIds = (
      await t.db
        .insert(routeStops)
        .values(
          Array.from({ length: 30 }, (_, index) => ({
            schoolId,
            routeId: long!.id,
            position: index,
            name: `Stop ${index + 1} \ud83d`,
            latitude: 41.77,
            longitude: -88.15,
            scheduledMinutes: 930,
          })),
        )
        .returning({ id: routeStops.id, position: routeStops.position })
    )
      .sort((a, b) => a.position - b.position)
      .map((stop) => stop.id);
    for (let index = 0; index < 8; index++) {
      const id = await child(`Kid ${index} \ud800 🙂\u0000 (cut here by the database)`, {
        allergyInfo: `${"severe nut allergy, ".repeat(40)}\udc00`,
        specialNeeds: `Line one\r\nLine two\u0000 ${"x".repeat(300)}`,
      });
      await admin.schoolAdmin.riders.assign({
        childId: id,
        stopId: stopIds[index * 3]!,
        weekdays: [3],
        fromDate: "2026-03-02",
        toDate: null,
      });
    }
    const lines = await textOf(await sheet(long!.id, "2026-03-04", cookies.admin));
    const text = lines.join("\n");
    expect(text).toContain("Direction: Dropoff");
    expect(text).toContain("Bus: none assigned");
    expect(text).toContain("Driver: Zoë ? Ng");
    expect(text).toContain("[ ] Kid 0 ? ? (4th Grade)");
    expect(text).toMatch(/page 1 of [2-9]/);
    expect(text).toContain("(continued)");
    // The allergy text is wrapped (many lines) and cut with an ellipsis past its last line.
    expect(lines.filter((line) => line.includes("severe nut allergy")).length).toBeGreaterThan(3);
    expect(text).toContain("...");
    expect(riderFlags("en", { allergyInfo: " milk ", specialNeeds: null })).toEqual(["Allergy: milk"]);
  });

  it("is drawn in the admin's own language: labels, the day, the stops' times, plurals and grades (issue 30)", async () => {
    await t.db.update(schoolAdmins).set({ locale: "sv" }).where(eq(schoolAdmins.id, adminId));
    try {
      const lines = await textOf(await sheet(routeId, "2026-03-02", cookies.admin));
      expect(lines).toEqual(
        expect.arrayContaining([
          "Körlista",
          "Datum: måndag 2 mars 2026",
          "Riktning: hämtning",
          "Buss: 12 (40 platser)",
          "Förare: Sam Driver",
          "3 hållplatser, 4 passagerare",
          "1. 07:30 Oak & 5th",
          "[ ] Ada Lovelace (Årskurs 4)",
          "Allergi: Peanuts: EpiPen in the front pocket of her bag",
          "Särskilda behov: Needs the front seat",
          "North loop, måndag 2 mars 2026 - sida 1 av 1",
        ]),
      );
      expect(lines.join("\n")).not.toMatch(/Route sheet|Driver:|Allergy:|4th Grade/);
    } finally {
      await t.db.update(schoolAdmins).set({ locale: null }).where(eq(schoolAdmins.id, adminId));
    }
  });

  it("NUL and lone surrogates inside the text (which the database cuts or replaces) are drawn as a space and ?, even without the fonts' files", async () => {
    const { renderRouteSheetPdf } = await import("#worker/services/routes/sheet-pdf.ts");
    const bytes = await renderRouteSheetPdf(
      {
        schoolName: "A\u0000B",
        date: "2026-03-04",
        route: { name: "R\ud800S", direction: "pickup", driverName: "D\udc00\u0000E", bus: null },
        notice: null,
        stops: [
          {
            name: "Stop\u0000\ud83d",
            time: "07:30",
            riders: [{ name: "Kid\u0000\udfffX", grade: "1st Grade", specialNeeds: "a\u0000b", allergyInfo: "\ud800" }],
          },
        ],
      },
      t.clock.now(),
      // Without the fonts' files: the standard fonts draw what they can.
      { locale: "en", fonts: async () => null },
    );
    expect(await pdfText(bytes)).toEqual(
      expect.arrayContaining([
        "A B",
        "R?S",
        "Driver: D? E",
        "1. 07:30 Stop ?",
        "[ ] Kid ?X (1st Grade)",
        "Allergy: ?",
        "Special needs: a b",
      ]),
    );
  });
});

describe("who may download", () => {
  it("another school's admin, a parent of the school, a super admin and an unknown id get one 404; the refusal is audited", async () => {
    const before = await t.db.select().from(routes);
    for (const who of ["otherAdmin", "parent", "superAdmin"]) {
      const answer = await sheet(routeId, "2026-03-04", cookies[who]);
      expect({ who, status: answer.status, body: await answer.text() }).toEqual({
        who,
        status: 404,
        body: '{"error":"Not found"}',
      });
    }
    for (const id of ["no-such-route", "x".repeat(500)]) {
      const answer = await sheet(id, "2026-03-04", cookies.admin);
      expect(answer.status).toBe(404);
      expect(answer.headers.has("content-disposition")).toBe(false);
    }
    expect(await t.db.select().from(routes)).toEqual(before);
    const denied = await t.db
      .select({ metadata: auditLogs.metadata })
      .from(auditLogs)
      .where(and(eq(auditLogs.eventType, "authorization_denied"), eq(auditLogs.schoolId, schoolId)));
    expect(denied.map((row) => row.metadata)).toEqual(
      expect.arrayContaining([{ path: "schoolAdmin.routeSheet", code: "NOT_FOUND" }]),
    );
  });

  it("anonymous gets 401; a missing or impossible date is a 400 that says so", async () => {
    expect((await sheet(routeId, "2026-03-04")).status).toBe(401);
    for (const date of [null, "2026-02-30", "tomorrow", "2026-3-4"]) {
      const answer = await sheet(routeId, date, cookies.admin);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ error: ROUTE_MESSAGES.sheetDate });
    }
  });

  it("only GET: another method gets the API's 404", async () => {
    const posted = await t.app.request(`http://localhost:8787/api/routes/${routeId}/sheet.pdf?date=2026-03-04`, {
      method: "POST",
      headers: { cookie: cookies.admin!, "content-type": "application/json", origin: "http://localhost:8787" },
      body: "{}",
    });
    expect(posted.status).toBe(404);
  });
});
