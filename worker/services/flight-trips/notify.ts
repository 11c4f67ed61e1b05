import { and, eq, inArray, ne, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { childGuardians, flightTripEnrollments, flightTrips, parents, schools } from "#db/schema/index.ts";
import {
  FLIGHT_TRIP_MESSAGES,
  FLIGHT_TRIP_STATUS_LABELS,
  type notifyEnrolledParentsInput,
  SEAT_HOLDING_STATUSES,
} from "#shared/flight-trips.ts";
import type { Currency } from "#shared/money.ts";
import { NOTIFICATION_MESSAGES } from "#shared/notification-texts.ts";
import { commitWithOutbox } from "../_shared/commit.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";
import { fanOut, type NotificationContent, type Recipient, withLocales } from "../notifications/fan-out.ts";
import { takeSendSlot } from "../notifications/notifications.ts";
import {
  type FlightTripSchedule,
  flightTripCancelledWords,
  flightTripChangedWords,
  type WordedNotice,
  worded,
} from "../notifications/words.ts";

const SCHEDULE_FIELDS = [
  "departureAirport",
  "arrivalAirport",
  "departureDate",
  "departureTime",
  "returnDate",
  "returnTime",
  "status",
] as const;

/** Whether the cost or the deposit changed (what a parent owes, or is owed back). */
export const costChanged = (
  before: Pick<FlightTripSchedule, "costPerStudentCents" | "depositCents">,
  after: Pick<FlightTripSchedule, "costPerStudentCents" | "depositCents">,
) => before.costPerStudentCents !== after.costPerStudentCents || before.depositCents !== after.depositCents;

/**
 * The notice of a change the enrolled parents act on (dates, times, airports, status, cost or
 * deposit), or null. Times are wall-clock in the school's zone, as the admin typed them.
 */
export function flightTripChangeNotice(
  before: FlightTripSchedule,
  after: FlightTripSchedule,
  currency: Currency,
): WordedNotice | null {
  const scheduleChanged = SCHEDULE_FIELDS.some((field) => before[field] !== after[field]);
  const priced = costChanged(before, after);
  if (!scheduleChanged && !priced) return null;
  if (after.status === "cancelled") return cancellationNotice(after);
  return worded(
    "warning",
    "trip",
    flightTripChangedWords({
      trip: after,
      before,
      currency,
      scheduleChanged,
      priced,
      status: FLIGHT_TRIP_STATUS_LABELS[after.status],
    }),
  );
}

/** What the parents of a cancelled trip are told. */
export function cancellationNotice(trip: { title: string; departureDate: string }): WordedNotice {
  return worded("warning", "trip", flightTripCancelledWords(trip, "refunded"));
}

/** The active guardians of the trip's enrolled children (by default those holding a seat: confirmed or pending). */
export async function enrolledParents(
  scope: SchoolScope,
  tripId: string,
  which: SQL = inArray(flightTripEnrollments.status, SEAT_HOLDING_STATUSES),
): Promise<Recipient[]> {
  const rows = await scope.deps.db
    .selectDistinct({ id: parents.id, email: parents.email })
    .from(flightTripEnrollments)
    // Every guardian of the enrolled child hears of the trip (ADR 0053), not only the parent who pays.
    .innerJoin(childGuardians, eq(childGuardians.childId, flightTripEnrollments.childId))
    .innerJoin(parents, eq(parents.id, childGuardians.parentId))
    .where(
      and(
        eq(flightTripEnrollments.flightTripId, tripId),
        eq(flightTripEnrollments.schoolId, scope.schoolId),
        eq(parents.isActive, true),
        which,
      ),
    );
  return rows.map((row) => ({ role: "parent" as const, ...row }));
}

/** Everyone with an enrolment that was not opted out (who must hear of a cancellation). */
export const NOT_OPTED_OUT = ne(flightTripEnrollments.status, "opted-out");

/**
 * The notices (in-app, and by e-mail unless `email` is false) to the trip's parents, to put in the
 * batch of the change that causes them: with `won`, written only if that change's claim holds.
 */
export async function parentNotices(
  scope: SchoolScope,
  input: { tripId: string; tripTitle: string; content: NotificationContent; won?: SQL; which?: SQL; email?: boolean },
) {
  const [recipients, name] = await Promise.all([enrolledParents(scope, input.tripId, input.which), schoolName(scope)]);
  const sent = fanOut(scope.deps.db, {
    schoolId: scope.schoolId,
    schoolName: name,
    senderId: scope.actor.id,
    // Each parent's language: for their e-mail copy, and a notice the system words (ADR 0080).
    recipients:
      (input.email ?? true) || input.content.words ? await withLocales(scope.deps.db, recipients) : recipients,
    content: input.content,
    audience: { kind: "flight-trip", ref: input.tripId, label: input.tripTitle },
    email: input.email ?? true,
    appUrl: scope.deps.config.appUrl,
    now: scope.now,
    ...(input.won ? { onlyIf: input.won } : {}),
  });
  return { ...sent, recipients: recipients.length };
}

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
  const { db } = scope.deps;
  const [trip] = await db
    .select({ id: flightTrips.id, title: flightTrips.title })
    .from(flightTrips)
    .where(and(eq(flightTrips.id, input.tripId), eq(flightTrips.schoolId, scope.schoolId)));
  if (!trip) throw new AppError("NOT_FOUND", FLIGHT_TRIP_MESSAGES.tripNotFound);
  const content = { title: input.title, message: input.message, type: "info", category: "trip" } as const;
  const sent = await parentNotices(scope, { tripId: trip.id, tripTitle: trip.title, content, email: input.email });
  const recipients = sent.recipients;
  if (recipients === 0) throw new AppError("BAD_REQUEST", NOTIFICATION_MESSAGES.noRecipients);
  await takeSendSlot(scope);
  const [first, ...rest] = sent.inserts;
  await commitWithOutbox(scope, [first!, ...rest], {
    emails: sent.emails,
    audit: {
      eventType: "flight_trip.parents_notified",
      description: `Notification "${input.title}" sent to ${recipients} parent${recipients === 1 ? "" : "s"} of ${trip.title}`,
      schoolId: scope.schoolId,
      metadata: { tripId: trip.id, batchId: sent.batchId, recipients, email: input.email },
    },
  });
  return { recipients };
}
