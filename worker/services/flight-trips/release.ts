import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { children, flightTripEnrollments, flightTrips, payments } from "#db/schema/index.ts";
import { enrollmentOpen, SEAT_HOLDING_STATUSES } from "#shared/flight-trip-texts.ts";
import type { AppDeps } from "#worker/deps.ts";
import { AppError } from "../errors.ts";
import { expireOpenCheckouts } from "../payments/checkout.ts";
import { settlePayments } from "../payments/settle.ts";
import { FLIGHT_TRIP_REFUSALS } from "../refusal-texts.ts";

/**
 * Removing children (Delete Child, a parent's erasure) follows the opt-out rule (MN1): refused while
 * a child holds a seat on a scheduled trip whose enrolment deadline has passed; otherwise every
 * payment of its enrolments on a trip that has not taken place (scheduled, or cancelled) or that it
 * opted out of goes back whole. The decision is written in the removal's own batch (before its
 * cascade unlinks the enrolments), so a Checkout that completes afterwards is refunded too; a trip
 * that has taken place keeps what it was paid.
 */

type ReleaseScope = { deps: Pick<AppDeps, "db" | "stripe" | "logger">; now: Date; timeZone: string; schoolId: string };

/** The payments of these children's enrolments that go back when the children are removed. */
function goingBack(childIds: SQL): SQL {
  const enrollment = sql`select ${flightTripEnrollments.id} from ${flightTripEnrollments} inner join ${flightTrips} on ${flightTrips.id} = ${flightTripEnrollments.flightTripId}
    where ${flightTripEnrollments.childId} in (select ${children.id} from ${children} where ${childIds})
      and (${flightTripEnrollments.status} = 'opted-out' or ${flightTrips.status} in ('scheduled', 'cancelled'))`;
  return and(sql`${payments.enrollmentId} in (${enrollment})`, inArray(payments.status, ["pending", "succeeded"]))!;
}

/**
 * Checks the rule for the children `childIds` selects (in `scope`'s school) and returns what the
 * removal's batch must include (the refund decision) and what to do once it has committed.
 */
export async function releaseChildren(scope: ReleaseScope, childIds: SQL) {
  const { db } = scope.deps;
  const [held, owed] = await db.batch([
    db
      .select({ childName: children.name, tripTitle: flightTrips.title, deadline: flightTrips.enrollmentDeadline })
      .from(flightTripEnrollments)
      .innerJoin(children, eq(children.id, flightTripEnrollments.childId))
      .innerJoin(flightTrips, eq(flightTrips.id, flightTripEnrollments.flightTripId))
      .where(
        and(
          childIds,
          eq(flightTripEnrollments.schoolId, scope.schoolId),
          inArray(flightTripEnrollments.status, SEAT_HOLDING_STATUSES),
          eq(flightTrips.status, "scheduled"),
        ),
      ),
    db.select({ id: payments.id }).from(payments).where(goingBack(childIds)),
  ]);
  const closed = held.find((row) => !enrollmentOpen(row.deadline, scope.timeZone, scope.now));
  if (closed)
    throw new AppError(
      "PRECONDITION_FAILED",
      FLIGHT_TRIP_REFUSALS.heldAfterDeadline(closed.childName, closed.tripTitle),
    );
  const paymentIds = owed.map((row) => row.id);
  return {
    /** For the removal's batch, before the delete (and only if `onlyIf` holds): every such payment due back whole. */
    decide: (onlyIf?: SQL) =>
      db
        .update(payments)
        .set({ refundDueCents: sql`${payments.amountCents}`, updatedAt: scope.now })
        .where(and(goingBack(childIds), sql`${payments.refundDueCents} < ${payments.amountCents}`, onlyIf)),
    /** Once committed: open Checkouts closed, refunds asked of Stripe (the hourly sweep retries). */
    settle: async (reason: string) => {
      if (paymentIds.length === 0) return;
      await expireOpenCheckouts(scope.deps, inArray(payments.id, paymentIds), scope.now);
      await settlePayments(scope.deps, paymentIds, reason, scope.now);
    },
  };
}
