import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ENROLLMENT_PAYMENT_STATUSES, ENROLLMENT_STATUSES, FLIGHT_TRIP_STATUSES } from "#shared/flight-trip-texts.ts";
import { createdAt, id, instant, isoDate, updatedAt } from "./columns.ts";
import { children } from "./family.ts";
import { schools } from "./schools.ts";
import { parents } from "./users.ts";

export { ENROLLMENT_PAYMENT_STATUSES, ENROLLMENT_STATUSES, FLIGHT_TRIP_STATUSES };

/** A field ("flight") trip a school offers; parents enrol children and pay for it. */
export const flightTrips = sqliteTable(
  "flight_trips",
  {
    id: id(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    departureAirport: text("departure_airport").notNull(),
    arrivalAirport: text("arrival_airport").notNull(),
    departureDate: isoDate("departure_date").notNull(),
    departureTime: text("departure_time").notNull(),
    returnDate: isoDate("return_date").notNull(),
    returnTime: text("return_time").notNull(),
    airline: text("airline").notNull(),
    costPerStudentCents: integer("cost_per_student_cents").notNull(),
    /** Optional first payment; the balance (cost minus deposit) is paid later. Null: pay in full. */
    depositCents: integer("deposit_cents"),
    description: text("description"),
    status: text("status", { enum: FLIGHT_TRIP_STATUSES }).notNull().default("scheduled"),
    enrollmentDeadline: isoDate("enrollment_deadline").notNull(),
    capacity: integer("capacity"),
    createdBy: text("created_by"),
    /** Random per write: the claim of a change that notifies enrolled parents (a double submit notifies once). */
    changeId: text("change_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("flight_trips_school_idx").on(t.schoolId, t.departureDate),
    check("flight_trips_cost", sql`${t.costPerStudentCents} >= 0`),
    check(
      "flight_trips_deposit",
      sql`${t.depositCents} is null or (${t.depositCents} > 0 and ${t.depositCents} < ${t.costPerStudentCents})`,
    ),
    check("flight_trips_capacity", sql`${t.capacity} is null or ${t.capacity} >= 1`),
  ],
);

export const flightTripEnrollments = sqliteTable(
  "flight_trip_enrollments",
  {
    id: id(),
    schoolId: text("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    flightTripId: text("flight_trip_id")
      .notNull()
      .references(() => flightTrips.id, { onDelete: "cascade" }),
    childId: text("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    parentId: text("parent_id")
      .notNull()
      .references(() => parents.id, { onDelete: "cascade" }),
    status: text("status", { enum: ENROLLMENT_STATUSES }).notNull().default("pending"),
    paymentStatus: text("payment_status", { enum: ENROLLMENT_PAYMENT_STATUSES }).notNull().default("pending"),
    /** What the school keeps of the enrolment's payments: paid, less every refund given or decided (derived, payment-events.ts). */
    amountPaidCents: integer("amount_paid_cents").notNull().default(0),
    /** What Stripe has refunded of its payments (derived). */
    amountRefundedCents: integer("amount_refunded_cents").notNull().default(0),
    /** Refunds decided but not yet confirmed by Stripe (derived). */
    refundPendingCents: integer("refund_pending_cents").notNull().default(0),
    emergencyContact: text("emergency_contact").notNull(),
    emergencyPhone: text("emergency_phone").notNull(),
    medicalInfo: text("medical_info"),
    dietaryRestrictions: text("dietary_restrictions"),
    termsAcceptedAt: instant("terms_accepted_at").notNull(),
    /** The user (the parent) who ticked the terms box. */
    termsAcceptedBy: text("terms_accepted_by"),
    /** When the one reminder 48 hours before the deadline went out (pending or partial enrolments). */
    reminderSentAt: instant("reminder_sent_at"),
    optedOutAt: instant("opted_out_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("flight_trip_enrollments_child_unique").on(t.flightTripId, t.childId),
    index("flight_trip_enrollments_parent_idx").on(t.parentId),
    index("flight_trip_enrollments_school_idx").on(t.schoolId, t.flightTripId),
    check("flight_trip_enrollments_paid", sql`${t.amountPaidCents} >= 0`),
  ],
);
