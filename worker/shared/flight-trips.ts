import { z } from "zod";
import { optionalText as optional, text } from "./fields.ts";
import {
  ENROLLMENT_MEDICAL_MAX,
  FLIGHT_TRIP_LIMITS,
  FLIGHT_TRIP_STATUSES,
  FLIGHT_TRIP_MESSAGES as M,
} from "./flight-trip-texts.ts";
import { hasStep } from "./invoices.ts";
import { amountIssue, type Currency, checkedMinorUnits, toMajorUnits } from "./money.ts";
import { sendNotificationInput } from "./notifications.ts";
import { isCalendarDate, WALL_TIME } from "./school-time.ts";

export * from "./flight-trip-texts.ts";

const required = (message: string, max: number) => text(max, message);
const date = (message: string) => z.string(message).max(10, message).refine(isCalendarDate, message);
const time = z.string(M.time).regex(WALL_TIME, M.time);
/** An amount in the school's currency as typed: at most 2 decimals here, the currency's own in `flightTripAmountIssues`. */
const money = (message: string) =>
  z
    .number(message)
    .finite(message)
    .min(0, message)
    .refine((value) => hasStep(value, 2), message);

/**
 * The create / edit form (title, airports, dates, times, airline and cost required; cost
 * ≥ 0 in steps of the currency's minor unit). Dates and times are wall-clock in the school's zone;
 * amounts in the school's currency as typed (the service stores minor units).
 */
export const flightTripFormSchema = z
  .object({
    title: required(M.title, 120),
    departureAirport: required(M.departureAirport, 80),
    arrivalAirport: required(M.arrivalAirport, 80),
    departureDate: date(M.departureDate),
    departureTime: time,
    returnDate: date(M.returnDate),
    returnTime: time,
    airline: required(M.airline, 80),
    costPerStudent: money(M.cost),
    deposit: money(M.deposit)
      .nullish()
      .transform((value) => value ?? null),
    description: optional(2000),
    status: z.enum(FLIGHT_TRIP_STATUSES),
    enrollmentDeadline: date(M.deadline),
    capacity: z
      .number(M.capacity)
      .int(M.capacity)
      .min(1, M.capacity)
      .max(FLIGHT_TRIP_LIMITS.maxCapacity, M.capacity)
      .nullish()
      .transform((value) => value ?? null),
  })
  .strict()
  .refine((trip) => `${trip.returnDate}T${trip.returnTime}` > `${trip.departureDate}T${trip.departureTime}`, {
    path: ["returnDate"],
    message: M.returnAfterDeparture,
  })
  .refine((trip) => trip.enrollmentDeadline < trip.departureDate, {
    path: ["enrollmentDeadline"],
    message: M.deadlineBeforeDeparture,
  })
  .refine((trip) => trip.deposit === null || (trip.deposit > 0 && trip.deposit < trip.costPerStudent), {
    path: ["deposit"],
    message: M.deposit,
  });

export type FlightTripForm = z.input<typeof flightTripFormSchema>;
export type FlightTripValues = z.output<typeof flightTripFormSchema>;

/** The cost's and the deposit's problems in the school's currency (decimals, ceiling), by field. */
export function flightTripAmountIssues(
  trip: { costPerStudent: number; deposit: number | null },
  currency: Currency,
): Array<{ path: "costPerStudent" | "deposit"; message: string }> {
  const rule = (stepMessage: string) => ({
    maxMinor: FLIGHT_TRIP_LIMITS.maxCostCents,
    stepMessage,
    tooLarge: M.costTooLarge,
  });
  const issues: Array<{ path: "costPerStudent" | "deposit"; message: string }> = [];
  const cost = amountIssue(trip.costPerStudent, currency, rule(M.cost));
  if (cost) issues.push({ path: "costPerStudent", message: cost });
  const deposit = trip.deposit === null ? null : amountIssue(trip.deposit, currency, rule(M.deposit));
  if (deposit) issues.push({ path: "deposit", message: deposit });
  return issues;
}

/** The form's schema with its amounts checked in the school's currency (Create and Edit Trip). */
export function flightTripFormSchemaIn(currency: Currency) {
  return flightTripFormSchema.superRefine((trip, ctx) => {
    for (const issue of flightTripAmountIssues(trip, currency))
      ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  });
}

/*
 * The form and the trip's record, both ways, in one place: Create / Edit Trip saves
 * `flightTripRecord` of the form's values (the columns the service writes, amounts in cents); Edit
 * Trip opens on `flightTripFormValues` of the record. tests/node/form-records.test.ts checks that one
 * undoes the other.
 */

/** The columns the flight trip form sets (amounts already checked in `currency`: `flightTripAmountIssues`). */
export function flightTripRecord(trip: FlightTripValues, currency: Currency) {
  return {
    title: trip.title,
    departureAirport: trip.departureAirport,
    arrivalAirport: trip.arrivalAirport,
    departureDate: trip.departureDate,
    departureTime: trip.departureTime,
    returnDate: trip.returnDate,
    returnTime: trip.returnTime,
    airline: trip.airline,
    costPerStudentCents: checkedMinorUnits(trip.costPerStudent, currency),
    depositCents: trip.deposit === null ? null : checkedMinorUnits(trip.deposit, currency),
    description: trip.description,
    status: trip.status,
    enrollmentDeadline: trip.enrollmentDeadline,
    capacity: trip.capacity,
  };
}
export type FlightTripRecord = ReturnType<typeof flightTripRecord>;

/** Edit Trip's form for a record: amounts in the currency's major units, no description an empty field. */
export function flightTripFormValues(trip: FlightTripRecord, currency: Currency): FlightTripForm {
  return {
    title: trip.title,
    departureAirport: trip.departureAirport,
    arrivalAirport: trip.arrivalAirport,
    departureDate: trip.departureDate,
    departureTime: trip.departureTime,
    returnDate: trip.returnDate,
    returnTime: trip.returnTime,
    airline: trip.airline,
    costPerStudent: toMajorUnits(trip.costPerStudentCents, currency),
    deposit: trip.depositCents === null ? null : toMajorUnits(trip.depositCents, currency),
    description: trip.description ?? "",
    status: trip.status,
    enrollmentDeadline: trip.enrollmentDeadline,
    capacity: trip.capacity,
  };
}

const id = z.string().min(1).max(64);

export const flightTripIdInput = z.object({ tripId: id }).strict();
export const createFlightTripInput = z.object({ trip: flightTripFormSchema }).strict();
/** `confirmRefunds`: the admin has seen what a lowered cost refunds and confirmed it. */
export const updateFlightTripInput = z
  .object({ tripId: id, trip: flightTripFormSchema, confirmRefunds: z.boolean().optional() })
  .strict();

/** The Enroll Now modal (child, emergency contact, its phone and the terms are required). */
export const enrollmentFormSchema = z
  .object({
    childId: z.string(M.child).min(1, M.child).max(64, M.child),
    emergencyContact: required(M.emergencyContact, 200),
    emergencyPhone: required(M.emergencyPhone, 40),
    medicalInfo: optional(ENROLLMENT_MEDICAL_MAX),
    dietaryRestrictions: optional(1000),
    acceptTerms: z.literal(true, M.terms),
  })
  .strict();

export type EnrollmentForm = z.input<typeof enrollmentFormSchema>;

export const enrollInput = z.object({ tripId: id, enrollment: enrollmentFormSchema }).strict();
export const enrollmentIdInput = z.object({ enrollmentId: id }).strict();

/** "Notify enrolled parents": the Send Notification limits, to the parents of the trip's enrolled children. */
export const notifyEnrolledParentsInput = z
  .object({
    tripId: id,
    title: sendNotificationInput.shape.title,
    message: sendNotificationInput.shape.message,
    /** Also send each parent an e-mail copy. */
    email: z.boolean(),
  })
  .strict();
export type NotifyEnrolledParentsForm = z.input<typeof notifyEnrolledParentsInput>;
