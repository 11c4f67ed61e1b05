import type { Db } from "#db/client.ts";
import { children, flightTripEnrollments, flightTrips } from "#db/schema/index.ts";

let counter = 0;

/**
 * A flight trip written straight into the database (the admin's create service is not needed to
 * test the parent's side): $450.00 with a $100.00 deposit, deadline 2026-03-20, departing
 * 2026-04-10, no capacity, scheduled, unless overridden.
 */
export async function seedFlightTrip(db: Db, values: { schoolId: string } & Partial<typeof flightTrips.$inferInsert>) {
  counter++;
  const [row] = await db
    .insert(flightTrips)
    .values({
      title: `Science Museum ${counter}`,
      departureAirport: "SFO",
      arrivalAirport: "SEA",
      departureDate: "2026-04-10",
      departureTime: "08:30",
      returnDate: "2026-04-12",
      returnTime: "18:00",
      airline: "Alaska Airlines",
      costPerStudentCents: 45_000,
      depositCents: 10_000,
      enrollmentDeadline: "2026-03-20",
      ...values,
    })
    .returning();
  return row!;
}

/** A child of a parent (the fields the children form requires). */
export async function seedChild(db: Db, values: { schoolId: string; parentId: string; name?: string }) {
  const [row] = await db
    .insert(children)
    .values({ name: "Ada", age: 9, grade: "4th Grade", school: "Maple", emergencyContact: "Mum 555 0100", ...values })
    .returning();
  return row!;
}

/** An enrolment written straight into the database (pending, nothing paid, unless overridden). */
export async function seedEnrollment(
  db: Db,
  values: { schoolId: string; flightTripId: string; childId: string; parentId: string } & Partial<
    typeof flightTripEnrollments.$inferInsert
  >,
) {
  const [row] = await db
    .insert(flightTripEnrollments)
    .values({
      emergencyContact: "Grandma",
      emergencyPhone: "555 0101",
      termsAcceptedAt: new Date("2026-03-01T10:00:00Z"),
      ...values,
    })
    .returning();
  return row!;
}

/** The Enroll Now form as a parent fills it in. */
export const ENROLLMENT_FORM = {
  emergencyContact: "Grandma Lee",
  emergencyPhone: "+1 617 555 0101",
  medicalInfo: "Asthma inhaler",
  dietaryRestrictions: "",
  acceptTerms: true as const,
};
