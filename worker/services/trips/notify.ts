import { and, eq, exists, or, sql } from "drizzle-orm";
import { rowHolds } from "#db/conditional.ts";
import { childGuardians, children, parents, riders, trips } from "#db/schema/index.ts";
import type { NotificationType, TripStatus } from "#shared/enums.ts";
import type { Locale } from "#shared/locales.ts";
import { said } from "#shared/said.ts";
import { formatDay, formatTime } from "#shared/school-time.ts";
import { TRIP_TIME_CHANGE_NOTIFY_MINUTES } from "#shared/trips.ts";
import { personLocales } from "../../i18n/person.ts";
import { text } from "../../i18n/texts.ts";
import { commitWithOutbox } from "../_shared/commit.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";
import { departedByHandNoticeKey, runNoticeClaim } from "../live/notify.ts";
import { clockTime } from "../live/texts.ts";
import { fanOut, runAudience, withLocales } from "../notifications/fan-out.ts";
import { preferencesByUser, preferencesQuery, pushTo } from "../notifications/preferences.ts";

type TripState = { routeName: string; busNumber: string; status: TripStatus; departureTime: Date; arrivalTime: Date };
export type TripNotice = {
  title: string;
  message: string;
  type: NotificationType;
  /** The notice in a parent's language (issue 30); `title` and `message` are its English. */
  localized?: (locale: Locale) => { title: string; message: string };
};

/** "Mon, Mar 2 at 7:30 AM" in English; the language's own way in another. */
function whenIn(locale: Locale, at: Date, zone: string): string {
  if (locale === "en") return `${formatDay(at, zone, locale)} at ${formatTime(at, zone, locale)}`;
  return text(
    locale,
    /*i18n*/ { id: "trip.when", message: "{day} at {time}" },
    { day: formatDay(at, zone, locale), time: formatTime(at, zone, locale) },
  );
}

/** What parents read of a trip's change, in their language (`tripChangeNotice` chooses which). */
function tripWords(
  locale: Locale,
  what: "departed" | "arrived" | "cancelled" | "moved",
  before: TripState,
  after: TripState,
  zone: string,
): { title: string; message: string } {
  const values = {
    bus: text(
      locale,
      /*i18n*/ { id: "live.bus", message: "{route} (bus {bus})" },
      {
        route: after.routeName,
        bus: after.busNumber,
      },
    ),
    when: whenIn(locale, after.departureTime, zone),
    was: whenIn(locale, before.departureTime, zone),
    time: clockTime(locale, after.arrivalTime, zone),
  };
  if (what === "departed")
    return {
      title: text(locale, /*i18n*/ { id: "trip.departed.title", message: "Bus departed" }),
      message: text(locale, /*i18n*/ { id: "trip.departed.message", message: "{bus} has departed ({when})." }, values),
    };
  if (what === "arrived")
    return {
      title: text(locale, /*i18n*/ { id: "trip.arrived.title", message: "Bus arrived" }),
      message: text(locale, /*i18n*/ { id: "trip.arrived.message", message: "{bus} has arrived ({time})." }, values),
    };
  if (what === "cancelled")
    return {
      title: text(locale, /*i18n*/ { id: "trip.cancelled.title", message: "Trip cancelled" }),
      message: text(
        locale,
        /*i18n*/ { id: "trip.cancelled.message", message: "{bus} on {when} is cancelled." },
        values,
      ),
    };
  return {
    title: text(locale, /*i18n*/ { id: "trip.moved.title", message: "Trip time changed" }),
    message: text(
      locale,
      /*i18n*/ { id: "trip.moved.message", message: "{bus} now departs {when} (was {was})." },
      values,
    ),
  };
}

const MOVED_MS = TRIP_TIME_CHANGE_NOTIFY_MINUTES * 60_000;

/**
 * What parents on the route are told about a change, or null when it is nothing they act on:
 * departed (in progress), arrived (completed), cancelled, or a time moved by more than ten minutes.
 */
export function tripChangeNotice(before: TripState, after: TripState, zone: string): TripNotice | null {
  const bus = `${after.routeName} (bus ${after.busNumber})`;
  const when = `${formatDay(after.departureTime, zone, "en")} at ${formatTime(after.departureTime, zone, "en")}`;
  if (after.status !== before.status) {
    const localized = (what: "departed" | "arrived" | "cancelled") => (locale: Locale) =>
      tripWords(locale, what, before, after, zone);
    if (after.status === "in-progress")
      return {
        title: "Bus departed",
        message: `${bus} has departed (${when}).`,
        type: "info",
        localized: localized("departed"),
      };
    if (after.status === "completed")
      return {
        title: "Bus arrived",
        message: `${bus} has arrived (${formatTime(after.arrivalTime, zone, "en")}).`,
        type: "success",
        localized: localized("arrived"),
      };
    if (after.status === "cancelled")
      return {
        title: "Trip cancelled",
        message: `${bus} on ${when} is cancelled.`,
        type: "warning",
        localized: localized("cancelled"),
      };
  }
  const moved =
    Math.abs(after.departureTime.getTime() - before.departureTime.getTime()) > MOVED_MS ||
    Math.abs(after.arrivalTime.getTime() - before.arrivalTime.getTime()) > MOVED_MS;
  if (moved && after.status !== "cancelled") {
    const was = `${formatDay(before.departureTime, zone, "en")} at ${formatTime(before.departureTime, zone, "en")}`;
    return {
      title: "Trip time changed",
      message: `${bus} now departs ${when} (was ${was}).`,
      type: "warning",
      localized: (locale) => tripWords(locale, "moved", before, after, zone),
    };
  }
  return null;
}

/**
 * The active parents of the school with a child on the route (each of its guardians): a child the school assigned to the
 * run's route (`routeId`, ADR 0046), or whose record names the route (child bus route = trip route
 * name, ignoring case; records from before assignments, which parents no longer type).
 */
export function routeParentsQuery(scope: SchoolScope, routeName: string, routeId: string | null = null) {
  const { db } = scope.deps;
  return (
    db
      .selectDistinct({ id: parents.id, email: parents.email })
      .from(children)
      // Every guardian of the child hears of its bus (ADR 0053).
      .innerJoin(childGuardians, eq(childGuardians.childId, children.id))
      .innerJoin(parents, eq(parents.id, childGuardians.parentId))
      .where(
        and(
          eq(children.schoolId, scope.schoolId),
          eq(parents.schoolId, scope.schoolId),
          eq(parents.isActive, true),
          or(
            sql`lower(trim(${children.busRoute})) = lower(trim(${routeName}))`,
            routeId === null
              ? undefined
              : exists(
                  db
                    .select({ one: sql`1` })
                    .from(riders)
                    .where(and(eq(riders.childId, children.id), eq(riders.routeId, routeId))),
                ),
          ),
        ),
      )
  );
}

/**
 * Writes a trip change; with a notice, the route's parents get it in their list and by e-mail, in the
 * same batch, only if this request's write won: it replaces the change id it read with a fresh one
 * (optimistic concurrency), so of two simultaneous changes only one is written and told.
 */
export async function notifyTripChange(
  scope: SchoolScope,
  change: {
    before: TripState & { id: string; changeId: string | null; routeId: string | null };
    school: { name: string; timeZone: string };
    set: Partial<TripState> & Record<string, unknown>;
    notice: TripNotice | null;
    audit: { eventType: string; description: string };
  },
) {
  const { db, config } = scope.deps;
  const changeId = crypto.randomUUID();
  const recipients = change.notice
    ? await withLocales(
        db,
        (await routeParentsQuery(scope, change.before.routeName, change.before.routeId)).map((parent) => ({
          role: "parent" as const,
          ...parent,
        })),
      )
    : [];
  const won = rowHolds(trips, change.before.id, trips.changeId, changeId);
  // Pushed to the parents who want it now (ADR 0068): a cancellation is its own kind (safety-critical).
  const kind = change.set.status === "cancelled" ? "runCancelled" : "tripChanged";
  const ids = recipients.map((recipient) => recipient.id);
  const preferenceRows = ids.length > 0 ? await preferencesQuery(db, "parent", ids) : [];
  const pushed = ids.length > 0 ? pushTo(preferenceRows, ids, kind, scope.now, change.school.timeZone) : [];
  const url = `/parent/rides/${encodeURIComponent(change.before.id)}`;
  // Each parent reads it in their own language (issue 30).
  const locales = change.notice?.localized ? await personLocales(db, recipients) : new Map<string, Locale>();
  const sent = change.notice
    ? fanOut(db, {
        schoolId: scope.schoolId,
        schoolName: change.school.name,
        senderId: scope.actor.id,
        recipients,
        content: {
          title: change.notice.title,
          message: change.notice.message,
          type: change.notice.type,
          category: "trip",
        },
        ...(change.notice.localized ? { localized: { locales, content: change.notice.localized } } : {}),
        audience: runAudience(change.before.id, change.before.routeName, change.before.busNumber),
        email: true,
        push: { kind, to: pushed, url },
        // A change's push kept for the digest or past quiet hours (ADR 0075); its e-mail goes now, as the school sends it.
        held: { kind, byUser: preferencesByUser(preferenceRows, ids), timeZone: change.school.timeZone, url },
        appUrl: config.appUrl,
        now: scope.now,
        onlyIf: won,
      })
    : { inserts: [], emails: [], batchId: null, pushBatches: [] };
  // A run set Departed by hand links to its live view in the inbox, as the driver's Start does (ADR 0059).
  const departedRun =
    change.notice !== null &&
    sent.batchId !== null &&
    recipients.length > 0 &&
    change.before.routeId !== null &&
    change.before.status !== "in-progress" &&
    change.set.status === "in-progress";
  const link = departedRun
    ? [
        runNoticeClaim(db, {
          key: departedByHandNoticeKey(change.before.id, changeId),
          runId: change.before.id,
          schoolId: scope.schoolId,
          batchId: sent.batchId!,
          now: scope.now,
          onlyIf: won,
        }),
      ]
    : [];
  await commitWithOutbox(
    scope,
    [
      db
        .update(trips)
        .set({ ...change.set, changeId, updatedAt: scope.now })
        .where(
          and(
            eq(trips.id, change.before.id),
            eq(trips.schoolId, scope.schoolId),
            sql`${trips.changeId} is ${change.before.changeId}`,
          ),
        ),
      ...sent.inserts,
      ...link,
    ],
    {
      emails: sent.emails,
      pushBatches: sent.pushBatches,
      audit: {
        ...change.audit,
        schoolId: scope.schoolId,
        metadata: { tripId: change.before.id, notifiedParents: recipients.length, notificationBatchId: sent.batchId },
      },
      claim: {
        won,
        lost: new AppError(
          "CONFLICT",
          said(/*i18n*/ { id: "This trip was changed at the same time. Reload and try again." }),
        ),
      },
    },
  );
}
