import { and, eq, inArray, ne, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { FLIGHT_TRIP_MESSAGES, FLIGHT_TRIP_STATUS_LABELS, type FlightTripStatus, type notifyEnrolledParentsInput, SEAT_HOLDING_STATUSES } from "#shared/flight-trips.ts";
import { NOTIFICATION_MESSAGES } from "#shared/notification-texts.ts";
import { flightTripEnrollments, flightTrips, parents, schools } from "../../../db/schema/index.ts";
import { commitWithOutbox } from "../_shared/commit.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { AppError, tooManyRequests } from "../errors.ts";
import { fanOut, type NotificationContent, type Recipient } from "../notifications/fan-out.ts";
import { NOTIFICATION_SEND_LIMIT } from "../notifications/notifications.ts";

/** What parents are told about, and what they are told it with. */
export type FlightTripSchedule = {
  title: string;
  departureAirport: string;
  arrivalAirport: string;
  departureDate: string;
  departureTime: string;
  returnDate: string;
  returnTime: string;
  status: FlightTripStatus;
};

const SCHEDULE_FIELDS = ["departureAirport", "arrivalAirport", "departureDate", "departureTime", "returnDate", "returnTime", "status"] as const;

/**
 * The notice of a change the enrolled parents act on (dates, times, airports or status), or null.
 * Times are wall-clock in the school's zone, as the admin typed them.
 */
export function flightTripChangeNotice(before: FlightTripSchedule, after: FlightTripSchedule): NotificationContent | null {
  if (SCHEDULE_FIELDS.every((field) => before[field] === after[field])) return null;
  if (after.status === "cancelled") return cancellationNotice(after);
  return {
    title: "Flight trip changed",
    message: `${after.title} (${after.departureAirport} to ${after.arrivalAirport}) now departs on ${after.departureDate} at ${after.departureTime} and returns on ${after.returnDate} at ${after.returnTime}. Status: ${FLIGHT_TRIP_STATUS_LABELS[after.status]}.`,
    type: "warning",
    category: "trip",
  };
}

/** What the parents of a cancelled trip are told. */
export function cancellationNotice(trip: { title: string; departureDate: string }): NotificationContent {
  return {
    title: "Flight trip cancelled",
    message: `${trip.title} on ${trip.departureDate} is cancelled. Every payment made for it is refunded in full to the card it was paid with.`,
    type: "warning",
    category: "trip",
  };
}

/** The active parents of the trip's enrolments (by default those holding a seat: confirmed or pending). */
export async function enrolledParents(
  scope: SchoolScope,
  tripId: string,
  which: SQL = inArray(flightTripEnrollments.status, SEAT_HOLDING_STATUSES),
): Promise<Recipient[]> {
  const rows = await scope.deps.db
    .selectDistinct({ id: parents.id, email: parents.email })
    .from(flightTripEnrollments)
    .innerJoin(parents, eq(parents.id, flightTripEnrollments.parentId))
    .where(and(eq(flightTripEnrollments.flightTripId, tripId), eq(flightTripEnrollments.schoolId, scope.schoolId), eq(parents.isActive, true), which));
  return rows.map((row) => ({ role: "parent" as const, ...row }));
}

/** Everyone with an enrolment that was not opted out (who must hear of a cancellation). */
export const NOT_OPTED_OUT = ne(flightTripEnrollments.status, "opted-out");

/** The school's name, for the e-mails. */
export async function schoolName(scope: SchoolScope): Promise<string> {
  const [row] = await scope.deps.db.select({ name: schools.name }).from(schools).where(eq(schools.id, scope.schoolId));
  return row?.name ?? "Your school";
}

/**
 * "Notify enrolled parents": one notification per parent of a child holding a seat on the trip
 * (optionally e-mailed), audited, and counted against the admin's Send Notification limit.
 */
export async function notifyEnrolledParents(scope: SchoolScope, input: z.output<typeof notifyEnrolledParentsInput>) {
  const { db, config } = scope.deps;
  const [trip] = await db
    .select({ id: flightTrips.id, title: flightTrips.title })
    .from(flightTrips)
    .where(and(eq(flightTrips.id, input.tripId), eq(flightTrips.schoolId, scope.schoolId)));
  if (!trip) throw new AppError("NOT_FOUND", FLIGHT_TRIP_MESSAGES.tripNotFound);
  const [recipients, name] = await Promise.all([enrolledParents(scope, trip.id), schoolName(scope)]);
  if (recipients.length === 0) throw new AppError("BAD_REQUEST", NOTIFICATION_MESSAGES.noRecipients);
  const decision = await hitWindow(db, `notify:send:${scope.actor.id}`, scope.now, NOTIFICATION_SEND_LIMIT.windowMs, NOTIFICATION_SEND_LIMIT.max);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  const sent = fanOut(db, {
    schoolId: scope.schoolId,
    schoolName: name,
    senderId: scope.actor.id,
    recipients,
    content: { title: input.title, message: input.message, type: "info", category: "trip" },
    email: input.email,
    appUrl: config.appUrl,
    now: scope.now,
  });
  const [first, ...rest] = sent.inserts;
  await commitWithOutbox(scope, [first!, ...rest], {
    emails: sent.emails,
    audit: {
      eventType: "flight_trip.parents_notified",
      description: `Notification "${input.title}" sent to ${recipients.length} parent${recipients.length === 1 ? "" : "s"} of ${trip.title}`,
      schoolId: scope.schoolId,
      metadata: { tripId: trip.id, batchId: sent.batchId, recipients: recipients.length, email: input.email },
    },
  });
  return { recipients: recipients.length };
}
