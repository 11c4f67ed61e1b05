import { and, type Column, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { notificationPreferences } from "#db/schema/index.ts";
import {
  type Channel,
  EVENT_KINDS,
  type EventKind,
  eventKind,
  type Preferences,
  type SetPreferences,
} from "#shared/preferences.ts";
import { localTime } from "#shared/school-time.ts";
import type { ParentScope } from "../_shared/scope.ts";
import { fromRow } from "./preference-rows.ts";

/**
 * Notification preferences (ADR 0066): what a user asked to be told, by which channel, and when.
 * `deliveryPlan` is the one rule every sender asks; the rows are read and written here only.
 */

export type PreferencesUser = { role: "parent" | "school_admin" | "driver"; id: string };
type Row = typeof notificationPreferences.$inferSelect;

export { fromRow };

/** One user's preferences (the quiet defaults until they first save). */
export async function preferencesFor(db: Db, user: PreferencesUser): Promise<Preferences> {
  const [row] = await preferencesQuery(db, user.role, [user.id]);
  return fromRow(row);
}

/** The rows of some users of one role, as one statement a caller can put in its batch. */
export function preferencesQuery(db: Db, role: PreferencesUser["role"], ids: readonly string[]) {
  return db
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userRole, role), inArray(notificationPreferences.userId, [...ids])));
}

/** Every row of one role in a school (a send to a whole school or route reads them at once). */
export function schoolPreferencesQuery(db: Db, schoolId: string, role: PreferencesUser["role"]) {
  return db
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.schoolId, schoolId), eq(notificationPreferences.userRole, role)));
}

/** Of these rows, the users who are not e-mailed about `kind` now (a user without a row keeps the default). */
export function noEmailTo(rows: readonly Row[], kind: EventKind, now: Date, timeZone: string): Set<string> {
  return new Set(rows.filter((row) => !emailWanted(kind, fromRow(row), now, timeZone)).map((row) => row.userId));
}

/** The join of a sender's query to its recipients' rows (`userId`: their id column). */
export function preferencesJoin(role: PreferencesUser["role"], userId: Column) {
  return and(eq(notificationPreferences.userRole, role), eq(notificationPreferences.userId, userId));
}

/** The preferences of each of `ids` from `preferencesQuery`'s rows (the defaults for a user without one). */
export function preferencesByUser(rows: readonly Row[], ids: readonly string[]): Map<string, Preferences> {
  const byId = new Map(rows.map((row) => [row.userId, row]));
  return new Map(ids.map((id) => [id, fromRow(byId.get(id))]));
}

/** My Account's Notifications, saved whole; answers what is now stored. */
export async function savePreferences(
  db: Db,
  user: PreferencesUser & { schoolId: string },
  input: SetPreferences,
  now: Date,
): Promise<Preferences> {
  const values = {
    channels: Object.fromEntries(EVENT_KINDS.map(({ kind }) => [kind, input.channels[kind]])),
    approachMinutes: input.approachMinutes,
    quietStart: input.quietHours?.start ?? null,
    quietEnd: input.quietHours?.end ?? null,
    digest: input.digest,
    updatedAt: now,
  };
  await db
    .insert(notificationPreferences)
    .values({ userRole: user.role, userId: user.id, schoolId: user.schoolId, ...values })
    .onConflictDoUpdate({
      target: [notificationPreferences.userRole, notificationPreferences.userId],
      set: {
        channels: sql`excluded.channels`,
        approachMinutes: sql`excluded.approach_minutes`,
        quietStart: sql`excluded.quiet_start`,
        quietEnd: sql`excluded.quiet_end`,
        digest: sql`excluded.digest`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
  return preferencesFor(db, user);
}

/**
 * Whether `now` falls in the quiet hours, read on the school's wall clock (so a DST change moves
 * them with the clock): from `start` up to, not including, `end`; a window whose end is before its
 * start runs over midnight; equal times are an empty window.
 */
export function inQuietHours(hours: Preferences["quietHours"], now: Date, timeZone: string): boolean {
  if (!hours || hours.start === hours.end) return false;
  const time = localTime(now, timeZone);
  return hours.start < hours.end ? time >= hours.start && time < hours.end : time >= hours.start || time < hours.end;
}

/** Where one event of a kind goes: the channels to use now, those kept for the daily digest, those held by quiet hours. */
export type DeliveryPlan = { now: Channel[]; digest: Channel[]; quiet: Channel[] };

/**
 * The one rule (ADR 0066): in-app always, now. Each channel the user chose for the kind: a
 * safety-critical kind goes now, whatever the hour or the digest; a non-urgent kind with the digest
 * on waits for it; push in quiet hours is held back (the in-app notice stays); anything else goes
 * now. E-mail is not held by quiet hours: it waits in the inbox and wakes no one.
 */
export function deliveryPlan(kind: EventKind, preferences: Preferences, now: Date, timeZone: string): DeliveryPlan {
  const plan: DeliveryPlan = { now: ["inApp"], digest: [], quiet: [] };
  const { safetyCritical, digestible } = eventKind(kind);
  const chosen = preferences.channels[kind];
  for (const channel of ["push", "email"] as const) {
    if (!chosen[channel]) continue;
    if (safetyCritical) plan.now.push(channel);
    else if (digestible && preferences.digest) plan.digest.push(channel);
    else if (channel === "push" && inQuietHours(preferences.quietHours, now, timeZone)) plan.quiet.push(channel);
    else plan.now.push(channel);
  }
  return plan;
}

/**
 * Whether a sender e-mails this user about this event now. An e-mail the plan keeps for the digest
 * is not sent now: the sender stores it with `heldInsert` (held.ts) and the digest sends it (ADR 0075).
 */
export function emailWanted(kind: EventKind, preferences: Preferences, now: Date, timeZone: string): boolean {
  return deliveryPlan(kind, preferences, now, timeZone).now.includes("email");
}

/**
 * Whether a sender pushes this event to this user now: the plan's push now. A push the plan keeps
 * for the digest or holds in quiet hours is stored by the sender with `heldInsert` and sent by the
 * digest job (ADR 0068, ADR 0075).
 */
export function pushWanted(kind: EventKind, preferences: Preferences, now: Date, timeZone: string): boolean {
  return deliveryPlan(kind, preferences, now, timeZone).now.includes("push");
}

/** Of these users (ids), those pushed about `kind` now (a user without a row in `rows` keeps the defaults). */
export function pushTo(
  rows: readonly Row[],
  ids: readonly string[],
  kind: EventKind,
  now: Date,
  timeZone: string,
): string[] {
  const byUser = preferencesByUser(rows, ids);
  return ids.filter((id) => pushWanted(kind, byUser.get(id)!, now, timeZone));
}

/** The signed-in parent's preferences (My Account). */
export function myPreferences(scope: ParentScope): Promise<Preferences> {
  return preferencesFor(scope.deps.db, { role: "parent", id: scope.parentId });
}

/** The signed-in parent saves My Account's Notifications. */
export function setMyPreferences(scope: ParentScope, input: SetPreferences): Promise<Preferences> {
  return savePreferences(
    scope.deps.db,
    { role: "parent", id: scope.parentId, schoolId: scope.schoolId },
    input,
    scope.now,
  );
}
