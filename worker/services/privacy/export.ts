import { and, asc, eq } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "#db/client.ts";
import {
  attendance,
  auditLogs,
  children,
  flightTripEnrollments,
  invoices,
  notifications,
  parents,
  payments,
  routeStops,
  schoolAdmins,
  schools,
  sessions,
  trips,
} from "#db/schema/index.ts";
import { said } from "#shared/said.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { AppError } from "../errors.ts";
import { guardedBy } from "../family/guardianship.ts";
import { NOTIFICATION_COLUMNS } from "../notifications/notifications.ts";

/** Whose data: always the signed-in user, from the session (never from input). */
export type DataSubject = { id: string; role: "parent" | "school_admin"; schoolId: string };

export const EXPORT_FORMAT = "schoolride-personal-data/1";

/** The columns every person has, from their role's table. */
function personColumns(table: typeof parents | typeof schoolAdmins) {
  return {
    id: table.id,
    email: table.email,
    name: table.name,
    phone: table.phone,
    address: table.address,
    isActive: table.isActive,
    lastLogin: table.lastLogin,
    passwordChangedAt: table.passwordChangedAt,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
    school: { id: schools.id, name: schools.name },
  };
}

async function profileOf(db: Db, subject: DataSubject) {
  if (subject.role === "parent") {
    const [row] = await db
      .select({
        ...personColumns(parents),
        emergencyContact: parents.emergencyContact,
        emergencyPhone: parents.emergencyPhone,
      })
      .from(parents)
      .innerJoin(schools, eq(schools.id, parents.schoolId))
      .where(and(eq(parents.id, subject.id), eq(parents.schoolId, subject.schoolId)));
    return row ?? null;
  }
  const [row] = await db
    .select({ ...personColumns(schoolAdmins), position: schoolAdmins.position })
    .from(schoolAdmins)
    .innerJoin(schools, eq(schools.id, schoolAdmins.schoolId))
    .where(and(eq(schoolAdmins.id, subject.id), eq(schoolAdmins.schoolId, subject.schoolId)));
  return row ?? null;
}

/**
 * A child's attendance as the family's export shows it (docs/security.md LO5): the run's day and
 * route, each event (a pickup's boarding and its drop at the school are two entries), when, at
 * which stop and where the phone was. Never the bus's
 * positions: those are the run's, not the family's (and gone after 30 days, LO3).
 */
const EXPORTED_ATTENDANCE = {
  childId: attendance.childId,
  serviceDate: trips.serviceDate,
  routeName: trips.routeName,
  direction: trips.routeType,
  status: attendance.status,
  at: attendance.at,
  stop: routeStops.name,
  latitude: attendance.latitude,
  longitude: attendance.longitude,
};

/** The family records only a parent has (a school admin's are empty lists); each child with their attendance. */
async function familyOf(db: Db, subject: DataSubject) {
  if (subject.role !== "parent") return { children: [], fieldTripEnrolments: [], invoices: [], payments: [] };
  const [childRows, attendanceRows, enrollmentRows, invoiceRows, paymentRows] = await db.batch([
    // Every child the parent guards (shared ones too, ADR 0053); enrolments and payments are their own.
    db
      .select()
      .from(children)
      .where(guardedBy(children.id, subject.id, subject.schoolId))
      .orderBy(asc(children.name)),
    db
      .select(EXPORTED_ATTENDANCE)
      .from(attendance)
      .innerJoin(children, eq(children.id, attendance.childId))
      .innerJoin(trips, eq(trips.id, attendance.runId))
      .leftJoin(routeStops, eq(routeStops.id, attendance.stopId))
      .where(guardedBy(children.id, subject.id, subject.schoolId))
      .orderBy(asc(attendance.at)),
    db
      .select()
      .from(flightTripEnrollments)
      .where(eq(flightTripEnrollments.parentId, subject.id))
      .orderBy(asc(flightTripEnrollments.createdAt)),
    db.select().from(invoices).where(eq(invoices.recipientId, subject.id)).orderBy(asc(invoices.issueDate)),
    db.select().from(payments).where(eq(payments.parentId, subject.id)).orderBy(asc(payments.createdAt)),
  ]);
  const childrenWithAttendance = childRows.map((child) => ({
    ...child,
    attendance: attendanceRows.filter((row) => row.childId === child.id).map(({ childId: _child, ...row }) => row),
  }));
  return {
    children: childrenWithAttendance,
    fieldTripEnrolments: enrollmentRows,
    invoices: invoiceRows,
    payments: paymentRows,
  };
}

/**
 * GD1 (GDPR Art. 15 and 20): everything the app holds about the signed-in user, as JSON. Sessions
 * without their secret hash or id (half of a cookie), audit rows about them (by user id and role).
 * The export itself is audited.
 */
/** What the export shows of the subject's sessions and audit rows (never a token or secret). */
const EXPORTED_SESSION = {
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  remember: sessions.remember,
  ipAddress: sessions.ipAddress,
  userAgent: sessions.userAgent,
};
const EXPORTED_AUDIT = {
  eventType: auditLogs.eventType,
  description: auditLogs.description,
  metadata: auditLogs.metadata,
  ipAddress: auditLogs.ipAddress,
  userAgent: auditLogs.userAgent,
  createdAt: auditLogs.createdAt,
};

/** The signed-in school admin or parent whose data it is. */
export function dataSubjectOf(scope: SchoolScope): DataSubject {
  const { id, role } = scope.actor;
  if (role !== "school_admin" && role !== "parent")
    throw new AppError("FORBIDDEN", said(/*i18n*/ { id: "You do not have access to this area." }));
  return { id, role, schoolId: scope.schoolId };
}

export async function exportData(scope: SchoolScope) {
  const { deps, meta, now } = scope;
  const { db } = deps;
  const subject = dataSubjectOf(scope);
  const profile = await profileOf(db, subject);
  if (!profile) throw new AppError("NOT_FOUND", said(/*i18n*/ { id: "Account not found" }));
  const family = await familyOf(db, subject);
  const ofSubject = (role: SQLiteColumn, id: SQLiteColumn) => and(eq(role, subject.role), eq(id, subject.id));
  const [notificationRows, sessionRows, auditRows] = await db.batch([
    db
      .select({ ...NOTIFICATION_COLUMNS, readAt: notifications.readAt })
      .from(notifications)
      .where(ofSubject(notifications.recipientRole, notifications.recipientId))
      .orderBy(asc(notifications.createdAt)),
    db
      .select(EXPORTED_SESSION)
      .from(sessions)
      .where(ofSubject(sessions.userRole, sessions.userId))
      .orderBy(asc(sessions.createdAt)),
    db
      .select(EXPORTED_AUDIT)
      .from(auditLogs)
      .where(ofSubject(auditLogs.userRole, auditLogs.userId))
      .orderBy(asc(auditLogs.createdAt)),
    auditInsert(
      db,
      {
        eventType: "personal_data_exported",
        description: "Downloaded a copy of their personal data",
        userId: subject.id,
        userRole: subject.role,
        schoolId: subject.schoolId,
        at: now,
      },
      meta,
    ),
  ]);
  return {
    format: EXPORT_FORMAT,
    exportedAt: now,
    role: subject.role,
    profile,
    ...family,
    notifications: notificationRows,
    sessions: sessionRows,
    auditLog: auditRows,
  };
}

export type PersonalDataExport = Awaited<ReturnType<typeof exportData>>;
