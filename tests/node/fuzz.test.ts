import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError, z } from "zod";
import { drivers, invitations, parents, schoolAdmins, schools } from "#db/schema/index.ts";
import type { RoleValue } from "#shared/auth.ts";
import { CONTROL_CHARACTER_ERROR, VALIDATION_ERROR } from "#shared/well-formed.ts";
import { markReauthenticated } from "#worker/auth/mfa.ts";
import { type Context, resolveAuth } from "#worker/trpc/context.ts";
import { createCallerFactory } from "#worker/trpc/init.ts";
import { appRouter } from "#worker/trpc/router.ts";
import { callerFor } from "../support/caller.ts";
import { type CommitWatcher, watchCommits } from "../support/commits.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, PRODUCTION_ENV, type TestApp } from "../support/harness.ts";
import {
  CONTROL_CHARACTERS,
  CONTROL_STRINGS,
  type FuzzInput,
  fromSchema,
  hostileInputs,
  hostileValue,
  type IdPool,
  type JsonSchema,
  setAt,
  textFieldPaths,
} from "../support/hostile.ts";
import { query } from "../support/http.ts";

/**
 * AZ2, AZ3, IN1 under hostile input: every procedure of the app router (walked from
 * `appRouter._def.procedures`, so a new one is fuzzed the day it is added), called as every role and
 * as another school's users, with values shaped by its zod input and hostile mutations of them.
 * Never a 500, never another tenant's row in an answer, never a change to another tenant's rows,
 * and an unknown key is always refused. Seeded: FUZZ_SEED=<n> replays a run (the seed is printed on failure).
 * IN2: every text field of every procedure also gets NUL and each other C0 control, as the roles that reach it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);

type Procedure = { _def: { inputs: z.ZodType[]; type: "query" | "mutation" } };
const PROCEDURES = appRouter._def.procedures as unknown as Record<string, Procedure>;
const paths = Object.keys(PROCEDURES).sort();

const IDENTITIES = [
  "anonymous",
  "super_admin",
  "school_admin",
  "parent",
  "driver",
  "other_school_admin",
  "other_parent",
  "other_driver",
] as const;
type Identity = (typeof IDENTITIES)[number];
type Tenant = { schoolId: string; users: string[]; ids: string[] };

let t: TestApp;
const createCaller = createCallerFactory(appRouter);
const users = new Map<Exclude<Identity, "anonymous">, { id: string; role: RoleValue; schoolId: string | null }>();
/** School A (school_admin, parent, driver, and a neighbour family) and school B (the other_* users). */
let tenants: { a: Tenant; b: Tenant; neighbour: { id: string; ids: string[] } };
const CHILD = { name: "Ada", age: 8, grade: "3rd Grade" as const, school: "Maple", emergencyContact: "Mum 555 0100" };
const TRIP = {
  routeName: "North loop",
  routeType: "pickup" as const,
  busNumber: "B-7",
  driverName: "Sam",
  departureDate: "2026-03-04",
  departureTime: "07:30",
  arrivalTime: "08:10",
  stops: 4,
  studentsCount: 12,
  status: "scheduled" as const,
};

/** A school with an admin, a parent with a child, an invoice, a trip, a notice and a pending invitation, made through the real procedures. */
async function populatedSchool(admin: { id: string; role: "school_admin" }, parent: { id: string; role: "parent" }) {
  const asAdmin = await callerFor(t, admin);
  const asParent = await callerFor(t, parent);
  const child = await asParent.parent.children.create({ child: CHILD });
  const invoice = await asAdmin.schoolAdmin.invoices.create({
    recipientId: parent.id,
    description: "Bus",
    baseAmount: 50,
    issueDate: "2026-03-02",
    dueDate: "2026-03-17",
  });
  const trip = await asAdmin.schoolAdmin.trips.create({ trip: TRIP });
  // ADR 0046: a bus, a route with stops and a run, a rider, a day off, a day not riding.
  const bus = await asAdmin.schoolAdmin.buses.create({ bus: { number: "12", seats: 40, plate: "IL 1234" } });
  const route = await asAdmin.schoolAdmin.routes.create({
    route: {
      name: "Oak loop",
      direction: "pickup",
      colour: "#1f77b4",
      busId: bus.id,
      driverName: "Dana",
      activeFrom: "2026-03-01",
      activeTo: null,
      weekdays: [1, 2, 3, 4, 5],
    },
  });
  const { stopIds } = await asAdmin.schoolAdmin.routes.stops.set({
    routeId: route.id,
    version: 0,
    stops: [
      { name: "Main St & 5th Ave", latitude: 41.77, longitude: -88.15, time: "07:30", distanceMeters: 0 },
      { name: "School", latitude: 41.78, longitude: -88.14, time: "07:50", distanceMeters: 2100 },
    ],
  });
  await asAdmin.schoolAdmin.riders.assign({
    childId: child.id,
    stopId: stopIds[0]!,
    weekdays: [1, 2, 3, 4, 5],
    fromDate: "2026-03-01",
    toDate: null,
  });
  await asAdmin.schoolAdmin.routes.noServiceDays.add({ date: "2026-03-06", reason: "Teacher training" });
  // A closed run (issue 31): the reports' rollups hold the school's rows too, never to reach another tenant.
  await t.db.$client.execute({
    sql: `update trips set status = 'completed' where id = (select id from trips where route_id = ? order by service_date limit 1)`,
    args: [route.id],
  });
  await asParent.parent.rides.notRiding.set({ childId: child.id, from: "2026-03-04" });
  await asAdmin.schoolAdmin.notifications.send({
    title: "Hello",
    message: "Buses run",
    type: "info",
    category: "system",
    audience: { kind: "school" },
    email: false,
  });
  await asAdmin.schoolAdmin.invitations.create({ name: "New Parent", email: `new-${parent.id}@example.com` });
  return [JSON.stringify(child), JSON.stringify(invoice), JSON.stringify(trip)];
}

/** Every id of a school's rows (any table with a school_id column, and the school itself). */
async function idsOf(schoolId: string): Promise<string[]> {
  const ids = new Set<string>([schoolId]);
  for (const table of await tablesWith("school_id", true)) {
    const rows = await t.db.$client.execute({ sql: `select id from "${table}" where school_id = ?`, args: [schoolId] });
    for (const row of rows.rows) if (typeof row.id === "string") ids.add(row.id);
  }
  return [...ids];
}

const tableLists = new Map<string, Promise<string[]>>();
/** The tables with the column (and an id column when `withId`), from the live schema (once per file). */
function tablesWith(column: string, withId = false): Promise<string[]> {
  const key = `${column}:${withId}`;
  if (!tableLists.has(key)) tableLists.set(key, listTables(column, withId));
  return tableLists.get(key)!;
}

async function listTables(column: string, withId: boolean): Promise<string[]> {
  const result = await t.db.$client.execute({
    sql: `select m.name as name from sqlite_master m where m.type = 'table'
      and exists (select 1 from pragma_table_info(m.name) where name = ?)
      and (? = 0 or exists (select 1 from pragma_table_info(m.name) where name = 'id'))`,
    args: [column, withId ? 1 : 0],
  });
  return result.rows.map((row) => String(row.name));
}

const sorted = (rows: unknown[]) =>
  rows
    .map((row) => JSON.stringify(row, (_key, value) => (typeof value === "bigint" ? value.toString() : value)))
    .sort();

/** The rows an identity must never change: the other school's, and for a parent the neighbour family's. */
async function protectedRows(identity: Identity): Promise<string> {
  const schoolIds =
    identity === "anonymous"
      ? [tenants.a.schoolId, tenants.b.schoolId]
      : identity.startsWith("other_")
        ? [tenants.a.schoolId]
        : [tenants.b.schoolId];
  const snapshot: unknown[] = [];
  for (const table of [...(await tablesWith("school_id")), "schools"]) {
    const column = table === "schools" ? "id" : "school_id";
    const rows = await t.db.$client.execute({
      sql: `select * from "${table}" where ${column} in (${schoolIds.map(() => "?").join(",")})`,
      args: schoolIds,
    });
    snapshot.push(table, sorted(rows.rows));
  }
  if (identity === "parent") {
    // invited_by: the neighbour's guardian invitations (ADR 0053).
    for (const column of ["parent_id", "recipient_id", "invited_by"]) {
      for (const table of await tablesWith(column)) {
        snapshot.push(
          table,
          sorted(
            (
              await t.db.$client.execute({
                sql: `select * from "${table}" where ${column} = ?`,
                args: [tenants.neighbour.id],
              })
            ).rows,
          ),
        );
      }
    }
  }
  return JSON.stringify(snapshot);
}

/** Ids the identity must never see: the other school's, and a parent also the neighbour family's. */
function foreignIds(identity: Identity): string[] {
  if (identity === "super_admin") return [];
  if (identity === "anonymous") return [...tenants.a.ids, ...tenants.b.ids].filter((id) => id.length >= 8);
  const foreign = identity.startsWith("other_") ? tenants.a.ids : tenants.b.ids;
  return [...foreign, ...(identity === "parent" ? tenants.neighbour.ids : [])].filter((id) => id.length >= 8);
}

/** Ids worth sending: both schools' for tenants and anonymous (by kind of row too); none for the super admin, who may change any school. */
function idPool(identity: Identity): IdPool {
  if (identity === "super_admin") return { any: ["no-such-id"], byKey: {} };
  return { any: [...tenants.a.ids, ...tenants.b.ids, ...tenants.neighbour.ids], byKey: idsByKey };
}
let idsByKey: Record<string, string[]> = {};
/** The input keys that name a kind of row, and the table it lives in. */
const KEYED_TABLES: Record<string, string> = {
  childId: "children",
  invoiceId: "invoices",
  tripId: "trips",
  notificationId: "notifications",
  inviteId: "invitations",
  parentId: "parents",
  recipientId: "parents",
  pendingSchoolId: "pending_schools",
  busId: "buses",
  routeId: "routes",
  stopId: "route_stops",
  riderId: "riders",
  noServiceDayId: "no_service_days",
};

async function contextFor(identity: Identity): Promise<Context> {
  const meta = { ipAddress: "192.0.2.70", userAgent: "fuzz", requestId: "fuzz" };
  if (identity === "anonymous") return { deps: t.deps, meta, resHeaders: new Headers(), auth: null };
  const user = users.get(identity)!;
  const { cookie, session } = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
  await markReauthenticated(t.db, session.id, t.clock.now());
  return { deps: t.deps, meta, resHeaders: new Headers(), auth: await resolveAuth(t.deps, cookie) };
}

/** `refusedInput`: the input itself was refused (its schema, or the input guard), before any service ran. */
type Outcome =
  | { ok: true; data: unknown }
  | { ok: false; code: string; status: number; message: string; refusedInput: boolean };

async function call(context: Context, path: string, input: unknown): Promise<Outcome> {
  const caller = createCaller(context);
  const procedure = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
    input: unknown,
  ) => Promise<unknown>;
  try {
    return { ok: true, data: await procedure(input) };
  } catch (error) {
    if (error instanceof TRPCError) {
      const refusedInput =
        error.cause instanceof ZodError ||
        error.message === VALIDATION_ERROR ||
        error.message === CONTROL_CHARACTER_ERROR;
      return {
        ok: false,
        code: error.code,
        status: getHTTPStatusCodeFromError(error),
        message: error.message,
        refusedInput,
      };
    }
    throw error;
  }
}

/** The procedure's zod input as JSON Schema (null without one). */
function jsonSchemaOf(path: string): JsonSchema | null {
  const [schema] = PROCEDURES[path]!._def.inputs;
  return schema ? (z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema) : null;
}

/** The arbitrary inputs of a procedure, from its zod input's JSON Schema. */
function inputsFor(path: string, identity: Identity): fc.Arbitrary<FuzzInput> {
  const ids = idPool(identity);
  const json = jsonSchemaOf(path);
  if (!json) return hostileValue(ids.any).map((input): FuzzInput => ({ input, kind: "replaced" }));
  return hostileInputs(fromSchema(json, ids), ids, Object.keys(json.properties ?? {}));
}

/** Who reaches a procedure's input: its area's role, or for the others (auth, registration, site) a visitor and a signed-in parent. */
function ownersOf(path: string): Identity[] {
  if (path.startsWith("superAdmin.")) return ["super_admin"];
  if (path.startsWith("schoolAdmin.")) return ["school_admin"];
  if (path.startsWith("parent.")) return ["parent"];
  if (path.startsWith("driver.")) return ["driver"];
  return ["anonymous", "parent"];
}

/** A value shaped by the schema that already has something at `field` (so its siblings fit that branch of a union), from a fixed seed. */
function shapedWith(path: string, identity: Identity, field: (string | number)[]): unknown {
  const samples = fc.sample(fromSchema(jsonSchemaOf(path)!, idPool(identity)), { seed: SEED, numRuns: 20 });
  const holds = (value: unknown) =>
    field.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value) !==
    undefined;
  return samples.find(holds) ?? samples[0];
}

/** Every procedure with a free-text field, and those fields. */
const TEXT_FIELDS = paths
  .map((path) => [path, textFieldPaths(jsonSchemaOf(path) ?? {})] as const)
  .filter(([, fields]) => fields.length > 0);
/** The search terms among them: every `search`, and the audit log's e-mail filter (a search over e-mails). */
const SEARCH_FIELDS = TEXT_FIELDS.flatMap(([path, fields]) =>
  fields
    .filter((field) => field.at(-1) === "search" || (path === "superAdmin.auditLogs.list" && field.at(-1) === "email"))
    .map((field) => [path, field] as const),
);

let commits: CommitWatcher;
const dataVersion = () => commits.version();

/** Put back what a school admin may legitimately switch off in its own school, so later procedures still reach every role. */
async function restoreFixture() {
  await t.db.update(parents).set({ isActive: true });
  await t.db.update(drivers).set({ isActive: true });
  await t.db.update(schoolAdmins).set({ isActive: true });
  await t.db.update(schools).set({ isActive: true });
}

/**
 * A Nominatim stand-in for schoolAdmin.routes.geocode (ADR 0054), so its whole path is fuzzed: one
 * place named after the search, hostile text and all (the server must clean what it passes on).
 */
let geocoder: Server;
async function fakeGeocoder(): Promise<string> {
  geocoder = createServer((request, response) => {
    const q = new URL(request.url ?? "/", "http://fake").searchParams.get("q") ?? "";
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify([{ lat: "41.77", lon: "-88.15", display_name: `Near ${q}` }]));
  });
  await new Promise<void>((done) => geocoder.listen(0, "127.0.0.1", done));
  return `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  t = await createTestApp({
    env: {
      GEOCODER_URL: await fakeGeocoder(),
      // Web push set up, so parent.push.subscribe's whole path is fuzzed (ADR 0068).
      VAPID_PUBLIC_KEY: PRODUCTION_ENV.VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: PRODUCTION_ENV.VAPID_PRIVATE_KEY,
    },
  });
  // Thousands of small writes: no fsync per commit (a test database, thrown away after the file).
  await t.db.$client.execute("PRAGMA synchronous = OFF");
  const [a, b] = [await createSchool(t.db), await createSchool(t.db)];
  users.set("super_admin", await createUser(t.db, "super_admin"));
  users.set("school_admin", await createUser(t.db, "school_admin", { schoolId: a.id }));
  users.set("parent", await createUser(t.db, "parent", { schoolId: a.id }));
  users.set("other_school_admin", await createUser(t.db, "school_admin", { schoolId: b.id }));
  users.set("other_parent", await createUser(t.db, "parent", { schoolId: b.id }));
  users.set("driver", await createUser(t.db, "driver", { schoolId: a.id }));
  users.set("other_driver", await createUser(t.db, "driver", { schoolId: b.id }));
  const neighbour = await createUser(t.db, "parent", { schoolId: a.id });
  const asUser = (identity: "school_admin" | "parent" | "other_school_admin" | "other_parent") =>
    users.get(identity) as never;
  await populatedSchool(asUser("school_admin"), asUser("parent"));
  await populatedSchool(asUser("other_school_admin"), asUser("other_parent"));
  const asNeighbour = await callerFor(t, neighbour);
  const neighbourChild = await asNeighbour.parent.children.create({ child: CHILD });
  // ADR 0053: the neighbour family's guardian invitation, which the parent must never resend or withdraw.
  await asNeighbour.parent.guardians.invite({ childId: neighbourChild.id, name: "Robin", email: "robin@example.com" });
  const [neighbourInvitation] = await t.db
    .select({ id: invitations.id })
    .from(invitations)
    .where(eq(invitations.childId, neighbourChild.id));
  const neighbourInvoice = await (await callerFor(t, users.get("school_admin")!)).schoolAdmin.invoices.create({
    recipientId: neighbour.id,
    description: "Bus",
    baseAmount: 50,
    issueDate: "2026-03-02",
    dueDate: "2026-03-17",
  });
  const userIds = (prefix: "" | "other_") => [
    users.get(`${prefix}school_admin`)!.id,
    users.get(`${prefix}parent`)!.id,
    users.get(`${prefix}driver`)!.id,
  ];
  tenants = {
    a: { schoolId: a.id, users: userIds(""), ids: [...(await idsOf(a.id)), ...userIds("")] },
    b: { schoolId: b.id, users: userIds("other_"), ids: [...(await idsOf(b.id)), ...userIds("other_")] },
    neighbour: {
      id: neighbour.id,
      ids: [
        neighbour.id,
        ...[neighbourChild, neighbourInvoice, neighbourInvitation].map((row) => (row as { id: string }).id),
      ],
    },
  };
  tenants.a.ids = tenants.a.ids.filter((id) => !tenants.neighbour.ids.includes(id));
  commits = await watchCommits(t.db);
  const schoolIds = [a.id, b.id];
  idsByKey = { schoolId: schoolIds };
  for (const [key, table] of Object.entries(KEYED_TABLES)) {
    const rows = await t.db.$client.execute({
      sql: `select id from "${table}" where school_id in (?, ?)`,
      args: schoolIds,
    });
    idsByKey[key] = rows.rows.map((row) => String(row.id));
  }
}, 60_000);
afterAll(() => {
  commits?.close();
  t?.close();
  geocoder?.closeAllConnections();
  geocoder?.close();
});

describe("hostile input on every procedure (AZ2, AZ3, IN1)", () => {
  it("walks the router: every procedure has a zod input or none", () => {
    expect(paths.length).toBeGreaterThan(50);
    for (const path of paths) expect(PROCEDURES[path]!._def.inputs.length, path).toBeLessThanOrEqual(1);
  });

  it("IN1 superAdmin.auditLogs.list refuses a day that does not exist (it was a 500)", async () => {
    const context = await contextFor("super_admin");
    for (const day of ["1062-23-57", "2026-02-30", "2026-13-01"]) {
      for (const filter of [{ from: day }, { to: day }])
        expect(await call(context, "superAdmin.auditLogs.list", filter)).toMatchObject({
          ok: false,
          code: "BAD_REQUEST",
        });
    }
    expect(await call(context, "superAdmin.auditLogs.list", { from: "2026-02-28", to: "2026-03-01" })).toMatchObject({
      ok: true,
    });
  });

  it.each(paths)(
    "AZ2/AZ3/IN1 %s: never a 500, a foreign row, a change to another tenant, or an unknown key accepted",
    async (path) => {
      const mutation = PROCEDURES[path]!._def.type === "mutation";
      for (const identity of IDENTITIES) {
        const before = mutation && identity !== "super_admin" ? await protectedRows(identity) : "";
        const foreign = foreignIds(identity);
        // One session per identity and procedure (a call that ends it, such as logout, leaves the resolved context as it was).
        const context = await contextFor(identity);
        await fc.assert(
          fc.asyncProperty(inputsFor(path, identity), async ({ input, kind }) => {
            const outcome = await call(context, path, input);
            if (!outcome.ok) {
              expect(outcome.code, `${identity} ${path}`).not.toBe("INTERNAL_SERVER_ERROR");
              return;
            }
            // IN1: a key the schema does not know is refused, never ignored.
            expect(
              kind === "extraKey" && PROCEDURES[path]!._def.inputs.length > 0,
              `${identity} ${path}: unknown key accepted`,
            ).toBe(false);
            const answer = JSON.stringify(outcome.data ?? null) ?? "";
            for (const id of foreign)
              expect(
                answer.includes(id),
                `${identity} ${path} answered another tenant's ${id}: ${answer.slice(0, 2000)}`,
              ).toBe(false);
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
        if (before)
          expect(await protectedRows(identity), `${identity} ${path} changed another tenant's rows`).toBe(before);
        await restoreFixture();
      }
    },
  );
});

describe("control characters in every text field (IN2)", () => {
  it("walks the router: the lists' search terms are among the text fields", () => {
    const searches = SEARCH_FIELDS.map(([path, field]) => `${path} ${field.join(".")}`);
    expect(searches).toEqual(
      expect.arrayContaining([
        "schoolAdmin.invoices.list search",
        "superAdmin.schools.list search",
        "superAdmin.invitations.list search",
        "superAdmin.schools.options search",
        "superAdmin.auditLogs.list email",
      ]),
    );
    expect(TEXT_FIELDS.length).toBeGreaterThan(40);
  });

  it('the observer connection sees the app\'s commits (so "changes nothing" below can fail)', async () => {
    const before = await dataVersion();
    await restoreFixture();
    expect(await dataVersion()).not.toBe(before);
  });

  it("IN2 a control character in any search term is refused with a clear 400 on every list (NUL was a 500 through FTS5)", async () => {
    for (const [path, field] of SEARCH_FIELDS) {
      // Over HTTP, as the browser asks: the status and the message the client reads.
      const user = users.get(ownersOf(path)[0] as Exclude<Identity, "anonymous">)!;
      const { cookie } = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
      const ask = (term: string) => query(t.app, path, setAt({}, field, term), { cookie });
      expect((await ask("abc def")).status, path).toBe(200);
      for (const control of CONTROL_CHARACTERS) {
        // Inside the term: at its ends, the whitespace among them is trimmed like any other.
        for (const term of [`abc${control}def`, `a${control}b`]) {
          const { status, error } = await ask(term);
          expect({ path, term, status, message: error?.message }).toEqual({
            path,
            term,
            status: 400,
            message: CONTROL_CHARACTER_ERROR,
          });
        }
      }
    }
  });

  it.each(TEXT_FIELDS.map(([path]) => path))(
    "IN2 %s: NUL and the other C0 controls in each text field never answer 500; a NUL is refused with 400, any refusal is a 4xx, and a refused input changes nothing",
    async (path) => {
      const fields = TEXT_FIELDS.find(([candidate]) => candidate === path)![1];
      for (const identity of ownersOf(path)) {
        const context = await contextFor(identity);
        for (const field of fields) {
          // The field alone (the others at their defaults), and in a value shaped by the schema.
          for (const base of [{}, shapedWith(path, identity, field)]) {
            for (const text of CONTROL_STRINGS) {
              const before = await dataVersion();
              const outcome = await call(context, path, setAt(base, field, text));
              // A NUL is refused anywhere, before anything else: stored, it would be read back cut short at it.
              if (text.includes("\u0000"))
                expect(outcome, `${identity} ${path} ${field.join(".")}`).toMatchObject({
                  ok: false,
                  status: 400,
                  message: CONTROL_CHARACTER_ERROR,
                });
              if (outcome.ok) continue;
              const label = `${identity} ${path} ${field.join(".")}=${JSON.stringify(text)} → ${outcome.code} ${outcome.message}`;
              expect(outcome.status, label).toBeLessThan(500);
              expect(outcome.status, label).toBeGreaterThanOrEqual(400);
              // A service's own refusal may count the attempt (a wrong password, an unknown token: the abuse limits).
              if (outcome.refusedInput) expect(await dataVersion(), `${label} changed the database`).toBe(before);
            }
          }
        }
        await restoreFixture();
      }
    },
  );
});
