import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "#db/client.ts";
import { insertManyWhere } from "#db/conditional.ts";
import { digestItems } from "#db/schema/index.ts";
import { DIGEST_TIME, type EventKind, type Preferences } from "#shared/preferences-constants.ts";
import { localDate, shiftDate, zonedInstant } from "#shared/school-time.ts";
import { deliveryPlan, inQuietHours, type PreferencesUser } from "./preferences.ts";

/**
 * What the preferences keep back (ADR 0075): a non-urgent notice while the digest is on, or a push
 * held by quiet hours. It is stored as a `digest_items` row, written with the notice (same batch,
 * same claim), and sent by the digest job (digest.ts) when due; never dropped.
 */

/** The next instant after `now` at the local wall-clock `time` in `zone`. */
export function nextLocal(time: string, now: Date, zone: string): Date {
  const today = localDate(now, zone);
  const at = zonedInstant(today, time, zone);
  return at > now ? at : zonedInstant(shiftDate(today, 1), time, zone);
}

/** When a digest item kept now goes: the next digest time, or, if quiet hours cover it, their end after it. */
export function nextDigestAt(preferences: Preferences, now: Date, zone: string): Date {
  const at = nextLocal(DIGEST_TIME, now, zone);
  const quiet = preferences.quietHours;
  return quiet && inQuietHours(quiet, at, zone) ? nextLocal(quiet.end, at, zone) : at;
}

/** What the plan keeps back of one event for one user (null: nothing, it all goes now). */
export type Held = { reason: "digest" | "quiet"; email: boolean; push: boolean; dueAt: Date };

export function heldOf(kind: EventKind, preferences: Preferences, now: Date, zone: string): Held | null {
  const plan = deliveryPlan(kind, preferences, now, zone);
  if (plan.digest.length > 0)
    return {
      reason: "digest",
      email: plan.digest.includes("email"),
      push: plan.digest.includes("push"),
      dueAt: nextDigestAt(preferences, now, zone),
    };
  if (plan.quiet.includes("push") && preferences.quietHours)
    return { reason: "quiet", email: false, push: true, dueAt: nextLocal(preferences.quietHours.end, now, zone) };
  return null;
}

/** What a held notice says: its title and text and the in-app path its line in the digest opens. */
export type HeldContent = { title: string; body: string; url: string };

/**
 * The statement that stores one notice for each of `users` whose preferences keep something of it
 * back (null when none does), for the batch of the change that causes it; with `onlyIf`, only if
 * that change won its claim. `id`: a fixed id per user (one item per event whatever the number of
 * times the event arrives, e.g. a payment's receipt).
 */
export function heldInsert(
  db: Db,
  input: {
    role: PreferencesUser["role"];
    schoolId: string;
    users: readonly { id: string; preferences: Preferences }[];
    kind: EventKind;
    content: HeldContent;
    now: Date;
    timeZone: string;
    onlyIf?: SQL;
    id?: (userId: string) => string;
  },
): BatchItem<"sqlite"> | null {
  const rows = input.users.flatMap((user) => {
    const held = heldOf(input.kind, user.preferences, input.now, input.timeZone);
    if (!held) return [];
    return [
      {
        id: input.id?.(user.id) ?? crypto.randomUUID(),
        userRole: input.role,
        userId: user.id,
        schoolId: input.schoolId,
        kind: input.kind,
        reason: held.reason,
        title: input.content.title,
        body: input.content.body,
        url: input.content.url,
        email: held.email,
        push: held.push,
        dueAt: held.dueAt,
        createdAt: input.now,
      },
    ];
  });
  if (rows.length === 0) return null;
  return input.onlyIf
    ? insertManyWhere(db, digestItems, rows, input.onlyIf)
    : db.insert(digestItems).values(rows).onConflictDoNothing();
}
