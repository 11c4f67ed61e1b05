import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { children, flightTripEnrollments, flightTrips, parents, schoolAdmins, schools } from "#db/schema/index.ts";
import { csvDocument } from "#shared/csv.ts";
import { enrollmentStanding, FLIGHT_TRIP_MESSAGES, type flightTripIdInput } from "#shared/flight-trips.ts";
import { formatMoney } from "#shared/money.ts";
import { formatPhone } from "#shared/phone.ts";
import { translated } from "#shared/said.ts";
import { resolveLocale } from "#worker/i18n/person.ts";
import { i18nFor } from "#worker/i18n/texts.ts";
import { rosterHeader } from "../_shared/csv-headers.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";

/** The roster's header row in English (`rosterHeader` says it in the requesting admin's language). */
export const ROSTER_HEADER = rosterHeader("en");

/** A file name of safe characters only, whatever the title holds. */
export function rosterFileName(title: string, departureDate: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `roster-${slug || "flight-trip"}-${departureDate}.csv`;
}

/**
 * Export roster: every enrolment of the school's trip (names, grades, contacts, medical and dietary
 * notes, enrolment and payment status) as CSV, safe to open in a spreadsheet. Another school's
 * trip is NOT_FOUND. One round trip. The header and the statuses are in the requesting admin's
 * language (ADR 0080); what the school and parents typed stays as typed, the date of the terms ISO.
 */
export async function flightTripRoster(scope: SchoolScope, input: z.infer<typeof flightTripIdInput>) {
  const { db } = scope.deps;
  const [trips, rows, readers] = await db.batch([
    db
      .select({
        title: flightTrips.title,
        departureDate: flightTrips.departureDate,
        status: flightTrips.status,
        costPerStudentCents: flightTrips.costPerStudentCents,
      })
      .from(flightTrips)
      .where(and(eq(flightTrips.id, input.tripId), eq(flightTrips.schoolId, scope.schoolId))),
    db
      .select({
        student: children.name,
        grade: children.grade,
        status: flightTripEnrollments.status,
        paymentStatus: flightTripEnrollments.paymentStatus,
        amountPaidCents: flightTripEnrollments.amountPaidCents,
        amountRefundedCents: flightTripEnrollments.amountRefundedCents,
        refundPendingCents: flightTripEnrollments.refundPendingCents,
        parent: parents.name,
        parentEmail: parents.email,
        emergencyContact: flightTripEnrollments.emergencyContact,
        emergencyPhone: flightTripEnrollments.emergencyPhone,
        medicalInfo: flightTripEnrollments.medicalInfo,
        dietaryRestrictions: flightTripEnrollments.dietaryRestrictions,
        termsAcceptedAt: flightTripEnrollments.termsAcceptedAt,
      })
      .from(flightTripEnrollments)
      .innerJoin(children, eq(children.id, flightTripEnrollments.childId))
      .innerJoin(parents, eq(parents.id, flightTripEnrollments.parentId))
      .where(
        and(eq(flightTripEnrollments.flightTripId, input.tripId), eq(flightTripEnrollments.schoolId, scope.schoolId)),
      )
      .orderBy(asc(children.name), asc(flightTripEnrollments.id)),
    // The admin's language (their own, else the school's).
    db
      .select({ own: schoolAdmins.locale, schoolDefault: schools.defaultLocale })
      .from(schools)
      .leftJoin(schoolAdmins, and(eq(schoolAdmins.id, scope.actor.id), eq(schoolAdmins.schoolId, schools.id)))
      .where(eq(schools.id, scope.schoolId)),
  ]);
  const trip = trips[0];
  if (!trip) throw new AppError("NOT_FOUND", FLIGHT_TRIP_MESSAGES.tripNotFound);
  const locale = resolveLocale(readers[0]?.own, readers[0]?.schoolDefault);
  const label = (english: string) => translated(i18nFor(locale), english);
  const csv = csvDocument(
    rosterHeader(locale),
    rows.map((row) => {
      const standing = enrollmentStanding(trip, row);
      return [
        row.student,
        row.grade,
        label(standing.label),
        label(standing.moneyLabel),
        formatMoney(row.amountPaidCents, scope.currency),
        row.parent,
        row.parentEmail,
        row.emergencyContact,
        formatPhone(row.emergencyPhone, scope.phoneRegion),
        row.medicalInfo,
        row.dietaryRestrictions,
        row.termsAcceptedAt.toISOString(),
      ];
    }),
  );
  return { fileName: rosterFileName(trip.title, trip.departureDate), csv, students: rows.length };
}
