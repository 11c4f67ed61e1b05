import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { children, flightTripEnrollments, flightTrips, parents } from "#db/schema/index.ts";
import { csvDocument } from "#shared/csv.ts";
import { enrollmentStanding, FLIGHT_TRIP_MESSAGES, type flightTripIdInput } from "#shared/flight-trips.ts";
import { formatMoney } from "#shared/money.ts";
import { formatPhone } from "#shared/phone.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";

export const ROSTER_HEADER = [
  "Student",
  "Grade",
  "Enrolment Status",
  "Payment Status",
  "Amount Paid",
  "Parent",
  "Parent Email",
  "Emergency Contact",
  "Emergency Contact Phone",
  "Medical Information",
  "Dietary Restrictions",
  "Terms Accepted",
] as const;

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
 * trip is NOT_FOUND. One round trip.
 */
export async function flightTripRoster(scope: SchoolScope, input: z.infer<typeof flightTripIdInput>) {
  const { db } = scope.deps;
  const [trips, rows] = await db.batch([
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
  ]);
  const trip = trips[0];
  if (!trip) throw new AppError("NOT_FOUND", FLIGHT_TRIP_MESSAGES.tripNotFound);
  const csv = csvDocument(
    ROSTER_HEADER,
    rows.map((row) => {
      const standing = enrollmentStanding(trip, row);
      return [
        row.student,
        row.grade,
        standing.label,
        standing.moneyLabel,
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
