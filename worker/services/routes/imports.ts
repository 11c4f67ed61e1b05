import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { buses, children, riders, routeStops, routes } from "#db/schema/index.ts";
import { parseCsv } from "#shared/csv.ts";
import { type Locale, SOURCE_LOCALE } from "#shared/locales.ts";
import {
  IMPORT_LIMITS,
  type ImportPreview,
  type ImportRow,
  type importRidersInput,
  type importStopsApplyInput,
  type importStopsPreviewInput,
  OPTIONAL_RIDER_COLUMNS,
  RIDER_COLUMNS,
  STOP_COLUMNS as STOP_FILE_COLUMNS,
} from "#shared/route-imports.ts";
import { haversineMeters, type LatLng } from "#shared/route-order.ts";
import { minutesToTime, ROUTE_LIMITS, timeToMinutes, WEEKDAY_NAMES } from "#shared/route-texts.ts";
import { isCalendarDate, todayIn, WALL_TIME } from "#shared/school-time.ts";
import { columnNames, headerKey, type ImportColumn } from "../_shared/csv-headers.ts";
import { schoolAudit } from "../_shared/school-audit.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";
import { ROUTE_REFUSALS } from "../refusal-texts.ts";
import { type ImportProblem, IMPORT_PROBLEMS as M, problemIn } from "./import-texts.ts";
import { findRoute, STOP_COLUMNS, type StopValues, writeStops } from "./routes.ts";
import { generateRuns } from "./runs.ts";
import { ridersOnDay, ridesOnDay } from "./seats.ts";

/**
 * CSV imports (ADR 0052): a route's stops, and the school's rider assignments. `preview` reads the
 * file, checks every row against the database and returns each row with its problems, writing
 * nothing; `apply` runs the same checks again and writes only when no row has a problem, all rows in
 * one batch (stops: the route's version-guarded stops edit; riders: one guarded upsert), or refuses
 * naming the first problems. Values are stored as typed (a leading `=` is data; `csvCell` makes
 * every export of it safe).
 */

type Table = { rows: { line: number; values: Record<string, string> }[] } | { error: string };

/**
 * The file's rows as values by (lower-case, English) column name, or why the file cannot be read.
 * The header may name a column in English or in any of the six languages (ADR 0080: a file written
 * in the admin's language reads back), in any order and case; other columns are ignored.
 */
export function readTable(
  csv: string,
  required: readonly ImportColumn[],
  optional: readonly ImportColumn[] = [],
  locale: Locale = SOURCE_LOCALE,
): Table {
  const parsed = parseCsv(csv, IMPORT_LIMITS.maxRows);
  if ("error" in parsed) return { error: problemIn(locale, parsed.error) };
  const [header, ...records] = parsed.records;
  const names = (header?.fields ?? []).map(headerKey);
  const index = new Map(
    required.map((column) => [column, names.findIndex((name) => columnNames(column).has(name))] as const),
  );
  const missing = required.filter((column) => index.get(column)! < 0 && !optional.includes(column));
  if (!header || missing.length > 0) return { error: problemIn(locale, M.missingColumns([...required])) };
  if (records.length === 0) return { error: problemIn(locale, M.empty) };
  return {
    rows: records.map(({ line, fields }) => ({
      line,
      values: Object.fromEntries(required.map((column) => [column, fields[index.get(column)!]?.trim() ?? ""])),
    })),
  };
}

export const preview = (rows: ImportRow[]): ImportPreview => ({
  rows,
  valid: rows.every((row) => row.problems.length === 0),
  error: null,
});

export function refuse(result: ImportPreview): never {
  if (result.error) throw new AppError("BAD_REQUEST", result.error);
  const bad = result.rows.filter((row) => row.problems.length > 0);
  throw new AppError("BAD_REQUEST", M.refused(bad, IMPORT_LIMITS.problemsInRefusal));
}

const number = (value: string) => (/^[-+]?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN);

/**
 * The school's area, for stops: the centroid of the stops the school already has (every route);
 * a school without stops yet has the component-wise median of the file's own stops (one stray row
 * does not move it). A stop further than `areaKm` from it is refused. Schools have no coordinates
 * of their own to measure from.
 */
export function stopArea(existing: readonly LatLng[], file: readonly LatLng[]): LatLng | null {
  if (existing.length > 0)
    return {
      lat: existing.reduce((sum, point) => sum + point.lat, 0) / existing.length,
      lng: existing.reduce((sum, point) => sum + point.lng, 0) / existing.length,
    };
  if (file.length === 0) return null;
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  return { lat: median(file.map((point) => point.lat)), lng: median(file.map((point) => point.lng)) };
}

type StopPlan = { preview: ImportPreview; version: number; existing: StopValues[]; added: StopValues[] };

function readStops(scope: SchoolScope, routeId: string) {
  return scope.deps.db
    .select(STOP_COLUMNS)
    .from(routeStops)
    .where(and(eq(routeStops.routeId, routeId), eq(routeStops.schoolId, scope.schoolId)))
    .orderBy(asc(routeStops.position));
}

/** The stops file checked against the route: each row's problems, and the list the route would have. */
async function planStops(scope: SchoolScope, routeId: string, csv: string, locale: Locale): Promise<StopPlan> {
  const route = await findRoute(scope, routeId);
  const [current, schoolStops] = await Promise.all([
    readStops(scope, route.id),
    scope.deps.db
      .select({ lat: routeStops.latitude, lng: routeStops.longitude })
      .from(routeStops)
      .where(eq(routeStops.schoolId, scope.schoolId)),
  ]);
  const existing = current.map(({ position: _position, ...stop }) => stop);
  const empty = { version: route.stopsVersion, existing, added: [] };
  const say = (problem: ImportProblem) => problemIn(locale, problem);
  const table = readTable(csv, STOP_FILE_COLUMNS, [], locale);
  if ("error" in table) return { ...empty, preview: { rows: [], valid: false, error: table.error } };
  if (existing.length + table.rows.length > ROUTE_LIMITS.maxStops)
    return {
      ...empty,
      preview: { rows: [], valid: false, error: say(M.tooManyStops(ROUTE_LIMITS.maxStops, existing.length)) },
    };
  const points = table.rows.map(({ values }) => ({ lat: number(values.latitude!), lng: number(values.longitude!) }));
  const placed = (point: LatLng) =>
    Number.isFinite(point.lat) && Number.isFinite(point.lng) && Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180;
  const centre = stopArea(schoolStops, points.filter(placed));
  const added: StopValues[] = [];
  let previous: StopValues | undefined = existing.at(-1);
  const rows = table.rows.map(({ line, values }, index): ImportRow => {
    const problems: ImportProblem[] = [];
    const name = values.name!;
    if (name === "" || name.length > 120) problems.push(M.stopName);
    const point = points[index]!;
    if (!placed(point)) problems.push(M.badCoordinates);
    else if (centre) {
      const km = haversineMeters(centre, point) / 1000;
      if (km > IMPORT_LIMITS.areaKm) problems.push(M.outsideArea(Math.round(km), IMPORT_LIMITS.areaKm));
    }
    const time = values.time!;
    if (!WALL_TIME.test(time)) problems.push(M.badTime);
    else if (previous && timeToMinutes(time) < previous.scheduledMinutes)
      problems.push(M.timeBefore(minutesToTime(previous.scheduledMinutes)));
    if (problems.length === 0) {
      const distance = previous
        ? previous.distanceMeters +
          Math.round(haversineMeters({ lat: previous.latitude, lng: previous.longitude }, point))
        : 0;
      const stop = {
        name,
        latitude: point.lat,
        longitude: point.lng,
        scheduledMinutes: timeToMinutes(time),
        distanceMeters: distance,
      };
      added.push(stop);
      previous = stop;
    }
    return { line, values, problems: problems.map(say) };
  });
  return { preview: preview(rows), version: route.stopsVersion, existing, added };
}

/** What importing this stops file would do to the route: every row and its problems. Writes nothing. */
export async function previewStopImport(
  scope: SchoolScope,
  input: z.infer<typeof importStopsPreviewInput>,
  locale: Locale = SOURCE_LOCALE,
): Promise<ImportPreview> {
  return (await planStops(scope, input.routeId, input.csv, locale)).preview;
}

/** Adds the file's stops after the route's, in file order: all of them, or none and the problems. */
export async function applyStopImport(
  scope: SchoolScope,
  input: z.infer<typeof importStopsApplyInput>,
  locale: Locale = SOURCE_LOCALE,
) {
  const plan = await planStops(scope, input.routeId, input.csv, locale);
  if (!plan.preview.valid) refuse(plan.preview);
  const written = await writeStops(scope, input.routeId, input.version, [...plan.existing, ...plan.added]);
  return { ...written, imported: plan.added.length };
}

const DAY_NAMES = new Map(
  WEEKDAY_NAMES.flatMap((name, day) => [
    [name.toLowerCase(), day],
    [name.slice(0, 3).toLowerCase(), day],
  ]),
);

/** "Mon Tue Fri", "monday;wednesday": a weekday bit set, or null when a word is not a day. */
export function parseWeekdays(value: string): number | null {
  const words = value
    .toLowerCase()
    .split(/[\s,;|/]+/)
    .filter((word) => word !== "");
  if (words.length === 0 || words.some((word) => !DAY_NAMES.has(word))) return null;
  return words.reduce((bits, word) => bits | (1 << DAY_NAMES.get(word)!), 0);
}

const key = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

type RiderRow = {
  id: string;
  c: string;
  r: string;
  /** The route's direction (a child has one assignment per direction). */
  d: "pickup" | "dropoff";
  s: string;
  w: number;
  f: string;
  t: string | null;
  /** Earlier rows of the file on the same route, per weekday, whose dates overlap this one's. */
  e: number[];
};

type RiderPlan = { preview: ImportPreview; rows: RiderRow[]; routeIds: string[] };

/**
 * The riders file checked against the school. A row is one child's assignment at a stop (route and
 * stop by name, weekdays, from/to); children are matched by name within the school (an ambiguous
 * name is a problem that says who matched). Seats are the assign rule (ADR 0046) as if the rows were
 * assigned one after another, with the file's children already off their old stops in that direction.
 */
async function planRiders(scope: SchoolScope, csv: string, locale: Locale): Promise<RiderPlan> {
  const say = (problem: ImportProblem) => problemIn(locale, problem);
  const table = readTable(csv, RIDER_COLUMNS, OPTIONAL_RIDER_COLUMNS, locale);
  if ("error" in table) return { preview: { rows: [], valid: false, error: table.error }, rows: [], routeIds: [] };
  const { db } = scope.deps;
  const [childRows, routeRows, stopRows, riderRows] = await db.batch([
    db
      .select({ id: children.id, name: children.name, grade: children.grade, age: children.age })
      .from(children)
      .where(eq(children.schoolId, scope.schoolId)),
    db
      .select({
        id: routes.id,
        name: routes.name,
        direction: routes.direction,
        weekdays: routes.weekdays,
        bus: { number: buses.number, seats: buses.seats },
      })
      .from(routes)
      .leftJoin(buses, eq(buses.id, routes.busId))
      .where(eq(routes.schoolId, scope.schoolId)),
    db
      .select({ id: routeStops.id, routeId: routeStops.routeId, name: routeStops.name })
      .from(routeStops)
      .where(eq(routeStops.schoolId, scope.schoolId)),
    db
      .select({
        childId: riders.childId,
        routeId: riders.routeId,
        direction: riders.direction,
        weekdays: riders.weekdays,
        fromDate: riders.fromDate,
        toDate: riders.toDate,
      })
      .from(riders)
      .where(eq(riders.schoolId, scope.schoolId)),
  ]);
  const group = <T>(items: T[], by: (item: T) => string) => {
    const map = new Map<string, T[]>();
    for (const item of items) {
      const list = map.get(by(item));
      if (list) list.push(item);
      else map.set(by(item), [item]);
    }
    return map;
  };
  const childrenByName = group(childRows, (child) => key(child.name));
  const routesByName = group(routeRows, (route) => key(route.name));
  const stopsByRoute = group(stopRows, (stop) => `${stop.routeId}|${key(stop.name)}`);
  const ridersByRoute = group(riderRows, (rider) => rider.routeId);
  const today = todayIn(scope.timeZone, scope.now);

  // First pass: each row on its own (names, days, dates); the file's children per direction.
  type Checked = { row: ImportRow; plan?: Omit<RiderRow, "e">; route?: (typeof routeRows)[number] };
  const seen = new Map<string, number>();
  const checked: Checked[] = table.rows.map(({ line, values }) => {
    const problems: ImportProblem[] = [];
    const childMatches = childrenByName.get(key(values.child!)) ?? [];
    if (childMatches.length === 0) problems.push(M.unknownChild(values.child!));
    else if (childMatches.length > 1)
      problems.push(
        M.ambiguousChild(
          values.child!,
          childMatches.map((child) => ({ grade: child.grade, age: child.age })),
        ),
      );
    const routeMatches = routesByName.get(key(values.route!)) ?? [];
    if (routeMatches.length === 0) problems.push(M.unknownRoute(values.route!));
    else if (routeMatches.length > 1) problems.push(M.ambiguousRoute(values.route!, routeMatches.length));
    const route = routeMatches.length === 1 ? routeMatches[0]! : undefined;
    const stop = route ? stopsByRoute.get(`${route.id}|${key(values.stop!)}`)?.[0] : undefined;
    if (route && !stop) problems.push(M.unknownStop(values.stop!, route.name));
    const bits = parseWeekdays(values.weekdays!);
    if (bits === null) problems.push(M.badWeekdays);
    else if (route && (bits & route.weekdays) !== bits) problems.push(M.notRunning(route.name));
    const from = values.from === "" ? today : values.from!;
    if (!isCalendarDate(from)) problems.push(M.badFrom);
    const to = values.to ? values.to : null;
    if (to !== null && (!isCalendarDate(to) || (isCalendarDate(from) && to < from))) problems.push(M.badTo);
    const child = childMatches.length === 1 ? childMatches[0]! : undefined;
    // A child twice in one direction: the later row is the problem (only rows that would be written count).
    if (child && route && problems.length === 0) {
      const twice = seen.get(`${child.id}|${route.direction}`);
      if (twice !== undefined) problems.push(M.duplicateChild(twice));
      else seen.set(`${child.id}|${route.direction}`, line);
    }
    const row = { line, values, problems: problems.map(say) };
    if (problems.length > 0 || !child || !route || !stop || bits === null) return { row };
    return {
      row,
      route,
      plan: {
        id: crypto.randomUUID(),
        c: child.id,
        r: route.id,
        d: route.direction,
        s: stop.id,
        w: bits,
        f: from,
        t: to,
      },
    };
  });

  // Second pass: seats, in file order.
  const moving = new Set(checked.flatMap(({ plan, route }) => (plan && route ? [`${plan.c}|${route.direction}`] : [])));
  const placed = new Map<string, { weekdays: number; fromDate: string; toDate: string | null }[]>();
  const rows: RiderRow[] = [];
  for (const { row, plan, route } of checked) {
    if (!plan || !route) continue;
    const range = { from: plan.f, to: plan.t };
    const earlier = placed.get(route.id) ?? [];
    const staying = (ridersByRoute.get(route.id) ?? []).filter(
      (rider) => !moving.has(`${rider.childId}|${rider.direction}`),
    );
    const e = [0, 1, 2, 3, 4, 5, 6].map((day) => earlier.filter((other) => ridesOnDay(other, day, range)).length);
    if (route.bus) {
      for (let day = 0; day < 7; day++) {
        if (((plan.w >> day) & 1) === 0) continue;
        const taken = staying.filter((rider) => ridesOnDay(rider, day, range)).length + e[day]!;
        if (taken >= route.bus.seats) {
          row.problems.push(
            say(ROUTE_REFUSALS.riderFull(route.bus.number, route.bus.seats, taken, WEEKDAY_NAMES[day]!)),
          );
          break;
        }
      }
    }
    if (row.problems.length > 0) continue;
    earlier.push({ weekdays: plan.w, fromDate: plan.f, toDate: plan.t });
    placed.set(route.id, earlier);
    rows.push({ ...plan, e });
  }
  const before = riderRows.filter((rider) => moving.has(`${rider.childId}|${rider.direction}`)).map((r) => r.routeId);
  return {
    preview: preview(checked.map(({ row }) => row)),
    rows,
    routeIds: [...new Set([...rows.map((row) => row.r), ...before])],
  };
}

/** What importing this riders file would assign: every row and its problems. Writes nothing. */
export async function previewRiderImport(
  scope: SchoolScope,
  input: z.infer<typeof importRidersInput>,
  locale: Locale = SOURCE_LOCALE,
): Promise<ImportPreview> {
  return (await planRiders(scope, input.csv, locale)).preview;
}

/**
 * Assigns every row of the file, or none: ONE upsert whose condition is checked against the state
 * before it writes (SQLite runs an INSERT … SELECT that reads its own table to completion first):
 * every child, route and stop is still the school's, and on each row's weekdays the riders staying
 * plus the file's earlier rows are fewer than the bus's seats. A change in between refuses it whole.
 */
export async function applyRiderImport(
  scope: SchoolScope,
  input: z.infer<typeof importRidersInput>,
  locale: Locale = SOURCE_LOCALE,
) {
  const plan = await planRiders(scope, input.csv, locale);
  if (!plan.preview.valid) refuse(plan.preview);
  const { db } = scope.deps;
  const json = JSON.stringify(plan.rows);
  const j = (path: string, alias = "j") => sql.raw(`json_extract(${alias}.value, '$.${path}')`);
  const moving = (direction: "pickup" | "dropoff") =>
    JSON.stringify(plan.rows.filter((row) => row.d === direction).map((row) => row.c));
  const staying = sql`(${riders.direction} = 'pickup' and ${riders.childId} in (select value from json_each(${moving("pickup")})))
    or (${riders.direction} = 'dropoff' and ${riders.childId} in (select value from json_each(${moving("dropoff")})))`;
  const at = scope.now.getTime();
  const upsert = sql`insert into ${riders} (id, school_id, child_id, route_id, stop_id, direction, weekdays, from_date, to_date, created_at, updated_at)
    select ${j("id")}, ${scope.schoolId}, ${j("c")}, r.id, ${j("s")}, r.direction, ${j("w")}, ${j("f")}, ${j("t")}, ${at}, ${at}
    from json_each(${json}) j
    join ${routes} r on r.id = ${j("r")} and r.school_id = ${scope.schoolId}
    where (select count(*) from json_each(${json}) k
        join ${routeStops} s on s.id = ${j("s", "k")} and s.route_id = ${j("r", "k")} and s.school_id = ${scope.schoolId}
        join ${children} c on c.id = ${j("c", "k")} and c.school_id = ${scope.schoolId}) = ${plan.rows.length}
      and not exists (select 1 from json_each(${json}) k, json_each('[0,1,2,3,4,5,6]') d
        join ${routes} r2 on r2.id = ${j("r", "k")}
        join ${buses} b on b.id = r2.bus_id
        where ((${j("w", "k")} >> d.value) & 1) = 1
          and ${ridersOnDay(j("r", "k"), sql`d.value`, { from: j("f", "k"), to: j("t", "k") }, staying)}
            + json_extract(${sql.raw("k.value")}, '$.e[' || d.value || ']') >= b.seats)
    on conflict (child_id, direction) do update set route_id = excluded.route_id, stop_id = excluded.stop_id, weekdays = excluded.weekdays,
      from_date = excluded.from_date, to_date = excluded.to_date, updated_at = excluded.updated_at`;
  const [written] = await db.batch([
    db.run(upsert),
    schoolAudit(
      scope,
      "riders.imported",
      `${plan.rows.length} rider assignments imported`,
      { rows: plan.rows.length, routeIds: plan.routeIds.slice(0, 50) },
      sql`changes() = ${plan.rows.length}`,
    ),
  ]);
  if (written.rowsAffected !== plan.rows.length) {
    // Something changed since the check: the reasons are what a preview now says.
    const again = await planRiders(scope, input.csv, locale);
    if (!again.preview.valid) refuse(again.preview);
    throw new AppError("CONFLICT", M.changed);
  }
  await generateRuns(db, scope, scope.now, plan.routeIds);
  return { imported: plan.rows.length };
}
