import { and, asc, count, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#db/client.ts";
import {
  children,
  flightTripEnrollments,
  flightTrips,
  invitations,
  invoices,
  notificationSends,
  notifications,
  parents,
  paymentSettings,
  payments,
  schoolAdmins,
  schools,
  sessions,
  trips,
} from "#db/schema/index.ts";
import { currencyForCountry } from "#shared/currency-settings.ts";
import { formatPhone, phoneRegion } from "#shared/phone.ts";
import { said } from "#shared/said.ts";
import { type listSchoolsInput, SCHOOLS_PAGE_SIZE, type SchoolFormInput, type schoolIdInput } from "#shared/schools.ts";
import { cappedCountUpTo, cappedPageOf, countLimit, pageOffset } from "../_shared/paging.ts";
import { checkedPhone } from "../_shared/phone.ts";
import { batchPrepared, preparedPerShape } from "../_shared/prepared.ts";
import type { Scope } from "../_shared/scope.ts";
import { ftsMatch, ftsRowids, inRange, parseSearch, prefixRange } from "../_shared/search.ts";
import { auditInsert } from "../audit.ts";
import { AppError } from "../errors.ts";
import { countersOf, countersQuery } from "../platform/counters.ts";
import { readPlatformSettings } from "../platform/settings.ts";
import { generateSchoolCode } from "./code.ts";
import { readSchoolOverview } from "./overview.ts";
import { schoolStatusBadge, setupStatus } from "./status.ts";

// Correlated subqueries, written with explicit aliases: in a single-table select drizzle leaves
// column names unqualified, which would make "school_id = id" compare the inner table with itself.
// Each reads one school's rows through its index.
const activeAdminCount = sql<number>`(select count(*) from "school_admins" a where a."school_id" = "schools"."id" and a."is_active" = 1)`;
const parentCount = sql<number>`(select count(*) from "parents" p where p."school_id" = "schools"."id")`;

export type SchoolListInput = z.infer<typeof listSchoolsInput>;

const lowerName = sql`lower(${schools.name})`;
const P = sql.placeholder;

/**
 * Which filters a call has (one prepared statement set each, ADR 0028) and their placeholders' values.
 * A search of 3 characters or more: the name or e-mail contains it (trigram index) or the id starts
 * with it. 1–2 characters: the name starts with it (an index range, read in name order).
 */
function schoolFilters(input: SchoolListInput) {
  const search = input.search ? parseSearch(input.search) : null;
  const status = input.status === "all" ? "" : input.status === "inactive" ? "i" : "s";
  const shape = `${search?.kind ?? "none"}|${status}|${input.admins}`;
  const [low, high] = search ? prefixRange(search.term) : [undefined, undefined];
  const values = {
    match: search?.kind === "substring" ? ftsMatch(search) : undefined,
    low,
    high,
    status: input.status,
  };
  return { shape, values };
}

function listConditions(shape: string): SQL | undefined {
  const [search, status, admins] = shape.split("|");
  const conditions: SQL[] = [];
  if (search === "prefix") conditions.push(inRange(lowerName, P("low"), P("high")));
  if (search === "substring")
    conditions.push(
      sql`(${schools}.rowid in ${ftsRowids("schools_fts", P("match"))} or ${inRange(schools.id, P("low"), P("high"))})`,
    );
  if (status === "i") conditions.push(eq(schools.isActive, false));
  else if (status === "s")
    conditions.push(and(eq(schools.isActive, true), eq(schools.subscriptionStatus, P("status")))!);
  if (admins === "has_admins") conditions.push(gt(schools.adminCount, 0));
  if (admins === "missing_admins") conditions.push(eq(schools.adminCount, 0));
  return conditions.length ? and(...conditions) : undefined;
}

function decorate<T extends { isActive: boolean; subscriptionStatus: string; activeAdminCount: number }>(row: T) {
  const status = setupStatus(row);
  return { ...row, setupStatus: status, badge: schoolStatusBadge({ ...row, setupStatus: status }) };
}

const schoolListStatements = preparedPerShape((db, shape) => {
  const where = listConditions(shape);
  const order = shape.startsWith("prefix|")
    ? [asc(lowerName), asc(schools.id)]
    : [desc(schools.createdAt), desc(schools.id)];
  // The page's rows are chosen first (rowids only), then read with their per-school counts: a
  // search matching many schools sorts its matches without running two subqueries for each (ADR 0025).
  const pageRowids = db
    .select({ rowid: sql`${schools}.rowid` })
    .from(schools)
    .where(where)
    .orderBy(...order)
    .limit(P("limit"))
    .offset(P("offset"));
  return {
    rows: db
      .select({
        id: schools.id,
        name: schools.name,
        email: schools.email,
        phone: schools.phone,
        city: schools.city,
        state: schools.state,
        country: schools.country,
        isActive: schools.isActive,
        subscriptionStatus: schools.subscriptionStatus,
        createdAt: schools.createdAt,
        adminCount: schools.adminCount,
        activeAdminCount,
        parentCount,
      })
      .from(schools)
      .where(sql`${schools}.rowid in ${pageRowids}`)
      .orderBy(...order)
      .prepare(),
    total: cappedCountUpTo(db, schools, where, P("countLimit")).prepare(),
    counters: countersQuery(db).prepare(),
  };
});

/**
 * Schools Management: search, filters, counts and pagination in SQL, newest first;
 * a 1–2 character search lists by name, the order of its index. The total is capped ("1,000+");
 * the summary cards come from the platform counters (ADR 0018).
 */
export async function listSchools(scope: Scope, input: SchoolListInput) {
  const { db } = scope.deps;
  const { shape, values } = schoolFilters(input);
  const statements = schoolListStatements(db, shape);
  const page = {
    ...values,
    limit: SCHOOLS_PAGE_SIZE,
    offset: pageOffset(input.page, SCHOOLS_PAGE_SIZE),
    countLimit: countLimit(input.page, SCHOOLS_PAGE_SIZE),
  };
  const [rows, totals, counterRows] = await batchPrepared(db, [
    [statements.rows, page],
    [statements.total, page],
    [statements.counters, {}],
  ]);
  const counters = countersOf(counterRows);
  return {
    ...cappedPageOf(rows.map(decorate), totals[0]?.total ?? 0, input.page, SCHOOLS_PAGE_SIZE),
    summary: {
      totalSchools: counters.schools,
      activeSchools: counters.schools_active,
      missingAdmins: counters.schools_without_admins,
      totalUsers: counters.school_admins + counters.parents,
    },
  };
}

/** The details modal: every school field, its admins, and the user summary. */
export async function schoolDetails(scope: Scope, input: z.infer<typeof schoolIdInput>) {
  const { db } = scope.deps;
  const { schoolId } = input;
  const [schoolRows, adminRows, parentRows] = await db.batch([
    db.select().from(schools).where(eq(schools.id, schoolId)),
    db
      .select({
        id: schoolAdmins.id,
        name: schoolAdmins.name,
        email: schoolAdmins.email,
        position: schoolAdmins.position,
        lastLogin: schoolAdmins.lastLogin,
        isActive: schoolAdmins.isActive,
      })
      .from(schoolAdmins)
      .where(eq(schoolAdmins.schoolId, schoolId))
      .orderBy(schoolAdmins.name),
    db.select({ total: count() }).from(parents).where(eq(parents.schoolId, schoolId)),
  ]);
  const school = schoolRows[0];
  if (!school) throw new AppError("NOT_FOUND", said(/*i18n*/ { id: "School not found" }));
  const decorated = decorate({ ...school, activeAdminCount: adminRows.filter((admin) => admin.isActive).length });
  const parentsTotal = parentRows[0]?.total ?? 0;
  return {
    school: {
      id: school.id,
      name: school.name,
      email: school.email,
      phone: formatPhone(school.phone, phoneRegion(school)),
      address: school.address,
      city: school.city,
      state: school.state,
      zipCode: school.zipCode,
      country: school.country,
      timeZone: school.timeZone,
      isActive: school.isActive,
      subscriptionStatus: school.subscriptionStatus,
      setupStatus: decorated.setupStatus,
      badge: decorated.badge,
      createdAt: school.createdAt,
      code: school.code,
      plan: school.plan,
    },
    admins: adminRows,
    summary: { admins: adminRows.length, parents: parentsTotal, totalUsers: adminRows.length + parentsTotal },
  };
}

const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

function schoolValues(input: SchoolFormInput) {
  return {
    name: input.name.trim(),
    email: input.email.trim().toLowerCase(),
    phone: checkedPhone(phoneRegion({ country: input.country, timeZone: input.timeZone }), input.phone) || null,
    address: blankToNull(input.address),
    city: blankToNull(input.city),
    state: blankToNull(input.state),
    zipCode: blankToNull(input.zipCode),
    country: blankToNull(input.country),
    timeZone: input.timeZone,
  };
}

/**
 * Create New School (created_by the super admin). It has no subscription yet: its admins are sent
 * to the subscribe page until one is paid for.
 */
export async function createSchool(scope: Scope, input: SchoolFormInput) {
  const { deps, actor, meta, now } = scope;
  const { db } = deps;
  const settings = await readPlatformSettings(db);
  const id = crypto.randomUUID();
  const values = schoolValues(input);
  await db.batch([
    db.insert(schools).values({
      id,
      ...values,
      // The country's currency; its admin may change it until the first invoice (ADR 0077). An edit of the country later does not.
      currency: currencyForCountry(values.country),
      code: generateSchoolCode(),
      subscriptionStatus: "pending",
      platformFeeBps: settings.defaultPlatformFeeBps,
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
    }),
    auditInsert(
      db,
      {
        eventType: "school_created",
        description: `Created ${values.name}`,
        userId: actor.id,
        userRole: actor.role,
        schoolId: id,
        at: now,
      },
      meta,
    ),
  ]);
  return { id, name: values.name };
}

/** Sessions of every user of a school (deactivation and deletion end them at once). */
function schoolSessionDeletes(db: Db, schoolId: string) {
  const userIds = (table: typeof schoolAdmins | typeof parents) =>
    sql`(select ${table.id} from ${table} where ${table.schoolId} = ${schoolId})`;
  return [
    db
      .delete(sessions)
      .where(sql`${sessions.userRole} = 'school_admin' and ${sessions.userId} in ${userIds(schoolAdmins)}`),
    db.delete(sessions).where(sql`${sessions.userRole} = 'parent' and ${sessions.userId} in ${userIds(parents)}`),
  ] as const;
}

/** Edit School. Deactivating it signs all of its users out at once. */
export async function updateSchool(scope: Scope, input: SchoolFormInput & { schoolId: string; isActive: boolean }) {
  const { deps, actor, meta, now } = scope;
  const { db } = deps;
  const values = schoolValues(input);
  const [updated] = await db.batch([
    db
      .update(schools)
      .set({ ...values, isActive: input.isActive, updatedAt: now })
      .where(eq(schools.id, input.schoolId)),
    ...(input.isActive ? [] : schoolSessionDeletes(db, input.schoolId)),
    auditInsert(
      db,
      {
        eventType: "school_updated",
        description: `Updated ${values.name}${input.isActive ? "" : " (inactive)"}`,
        userId: actor.id,
        userRole: actor.role,
        schoolId: input.schoolId,
        at: now,
      },
      meta,
      sql`exists (select 1 from ${schools} where ${schools.id} = ${input.schoolId})`,
    ),
  ]);
  if (updated.rowsAffected !== 1) throw new AppError("NOT_FOUND", said(/*i18n*/ { id: "School not found" }));
  return { id: input.schoolId, name: values.name };
}

/**
 * Deletes a school and all its data in one batch (spec: "will remove all associated data"): its
 * users' sessions, family and transport records, invoices, settings and invitations. Payment
 * records stay for their legal retention (7 years), anonymised as an erasure leaves them: no payer,
 * no links, with the school's name and the invoice number as snapshots. E-mail and audit history
 * stay (audit logs are kept 3 years).
 */
export async function deleteSchool(scope: Scope, input: z.infer<typeof schoolIdInput>) {
  const { deps, actor, meta, now } = scope;
  const { db } = deps;
  const { schoolId } = input;
  const [school] = await db
    .select({ id: schools.id, name: schools.name })
    .from(schools)
    .where(eq(schools.id, schoolId));
  if (!school) throw new AppError("NOT_FOUND", said(/*i18n*/ { id: "School not found" }));
  await db.batch([
    ...schoolSessionDeletes(db, schoolId),
    db.delete(flightTripEnrollments).where(eq(flightTripEnrollments.schoolId, schoolId)),
    db.delete(flightTrips).where(eq(flightTrips.schoolId, schoolId)),
    db
      .update(payments)
      .set({
        parentId: null,
        schoolName: school.name,
        invoiceNumber: sql`coalesce("payments"."invoice_number", (select i."invoice_number" from "invoices" i where i."id" = "payments"."invoice_id"))`,
        updatedAt: now,
      })
      .where(eq(payments.schoolId, schoolId)),
    db.delete(invoices).where(eq(invoices.schoolId, schoolId)),
    db.delete(paymentSettings).where(eq(paymentSettings.schoolId, schoolId)),
    db.delete(notifications).where(eq(notifications.schoolId, schoolId)),
    db.delete(notificationSends).where(eq(notificationSends.schoolId, schoolId)),
    db.delete(children).where(eq(children.schoolId, schoolId)),
    db.delete(trips).where(eq(trips.schoolId, schoolId)),
    db.delete(invitations).where(eq(invitations.schoolId, schoolId)),
    db.delete(parents).where(eq(parents.schoolId, schoolId)),
    db.delete(schoolAdmins).where(eq(schoolAdmins.schoolId, schoolId)),
    db.delete(schools).where(eq(schools.id, schoolId)),
    auditInsert(
      db,
      {
        eventType: "school_deleted",
        description: `Deleted ${school.name} and all its data (payment records kept, anonymised)`,
        userId: actor.id,
        userRole: actor.role,
        schoolId,
        metadata: { name: school.name },
        at: now,
      },
      meta,
    ),
  ]);
  return { name: school.name };
}

/** "Go to school dashboard": the school admin dashboard's data, read-only; every opening is audited. */
export async function openSupportView(scope: Scope, input: z.infer<typeof schoolIdInput>) {
  const { deps, actor, meta, now } = scope;
  const { db } = deps;
  const { schoolId } = input;
  const overview = await readSchoolOverview(db, schoolId);
  await auditInsert(
    db,
    {
      eventType: "support_view_opened",
      description: `Opened the read-only support view of ${overview.school.name}`,
      userId: actor.id,
      userRole: actor.role,
      schoolId,
      at: now,
    },
    meta,
  );
  return overview;
}
