import { and, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "#db/client.ts";
import {
  children,
  flightTripEnrollments,
  flightTrips,
  notificationPreferences,
  parents,
  schools,
} from "#db/schema/index.ts";
import { ENROLLMENT_REMINDER_HOURS, enrollmentClosesAt, nextPaymentCents } from "#shared/flight-trip-texts.ts";
import { type Currency, currencyOf } from "#shared/money.ts";
import { shiftDate } from "#shared/school-time.ts";
import type { Logger } from "#worker/deps.ts";
import { resolveLocale } from "#worker/i18n/person.ts";
import type { QueueProducer } from "#worker/platform.ts";
import { enqueueEmails, outboxInsert } from "../email/outbox.ts";
import { fanOut } from "../notifications/fan-out.ts";
import { emailWanted, fromRow, preferencesJoin, pushWanted } from "../notifications/preferences.ts";
import { flightTripReminderWords, type WordedNotice, worded } from "../notifications/words.ts";
import { enqueuePushes } from "../push/outbox.ts";

export type SweepDeps = { db: Db; queue: QueueProducer; logger: Logger; appUrl: string; stripe: Stripe };

const REMINDER_MS = ENROLLMENT_REMINDER_HOURS * 3_600_000;
/** Per hourly run; the rest waits for the next hour. */
const SWEEP_BATCH = 200;

/** The reminder a parent gets for an unpaid (pending) or partly paid enrolment. */
export function reminderNotice(input: {
  title: string;
  childName: string;
  deadline: string;
  dueCents: number;
  currency: Currency;
}): WordedNotice {
  return worded("warning", "trip", flightTripReminderWords(input));
}

/**
 * Hourly: one reminder (in-app and by e-mail) per pending or partly paid enrolment of a scheduled
 * trip whose enrolment closes within the next ENROLLMENT_REMINDER_HOURS (the deadline day ends in the
 * school's zone). `reminder_sent_at` is the claim: the notification and the e-mail are written only
 * while it is empty, in the batch that sets it, so overlapping sweeps send one.
 */
export async function sendEnrollmentReminders(deps: SweepDeps, now: Date): Promise<number> {
  const { db } = deps;
  // Any zone is within a day of UTC: a cheap date window in SQL, the exact instant below.
  const today = now.toISOString().slice(0, 10);
  const candidates = await db
    .select({
      id: flightTripEnrollments.id,
      amountPaidCents: flightTripEnrollments.amountPaidCents,
      childName: children.name,
      parentId: parents.id,
      parentEmail: parents.email,
      parentLocale: parents.locale,
      schoolLocale: schools.defaultLocale,
      schoolId: schools.id,
      schoolName: schools.name,
      timeZone: schools.timeZone,
      currency: schools.currency,
      preferences: notificationPreferences,
      flightTripId: flightTrips.id,
      title: flightTrips.title,
      deadline: flightTrips.enrollmentDeadline,
      costPerStudentCents: flightTrips.costPerStudentCents,
      depositCents: flightTrips.depositCents,
    })
    .from(flightTripEnrollments)
    .innerJoin(flightTrips, eq(flightTrips.id, flightTripEnrollments.flightTripId))
    .innerJoin(schools, eq(schools.id, flightTrips.schoolId))
    .innerJoin(children, eq(children.id, flightTripEnrollments.childId))
    .innerJoin(parents, eq(parents.id, flightTripEnrollments.parentId))
    .leftJoin(notificationPreferences, preferencesJoin("parent", parents.id))
    .where(
      and(
        isNull(flightTripEnrollments.reminderSentAt),
        or(
          eq(flightTripEnrollments.status, "pending"),
          and(eq(flightTripEnrollments.status, "confirmed"), eq(flightTripEnrollments.paymentStatus, "partial")),
        ),
        eq(flightTrips.status, "scheduled"),
        eq(parents.isActive, true),
        gte(flightTrips.enrollmentDeadline, shiftDate(today, -1)),
        lte(flightTrips.enrollmentDeadline, shiftDate(today, Math.ceil(ENROLLMENT_REMINDER_HOURS / 24) + 1)),
      ),
    )
    .limit(SWEEP_BATCH);
  let sent = 0;
  for (const row of candidates) {
    const closes = enrollmentClosesAt(row.deadline, row.timeZone).getTime();
    if (closes <= now.getTime() || closes - now.getTime() > REMINDER_MS) continue;
    const dueCents = nextPaymentCents(row, row.amountPaidCents);
    if (dueCents === 0) continue;
    const unclaimed = sql`exists (select 1 from ${flightTripEnrollments} where ${flightTripEnrollments.id} = ${row.id} and ${flightTripEnrollments.reminderSentAt} is null)`;
    const preferences = fromRow(row.preferences);
    const notice = fanOut(db, {
      schoolId: row.schoolId,
      schoolName: row.schoolName,
      senderId: null,
      recipients: [
        {
          role: "parent",
          id: row.parentId,
          email: row.parentEmail,
          locale: resolveLocale(row.parentLocale, row.schoolLocale),
        },
      ],
      content: reminderNotice({
        title: row.title,
        childName: row.childName,
        deadline: row.deadline,
        dueCents,
        currency: currencyOf(row.currency),
      }),
      audience: { kind: "flight-trip", ref: row.flightTripId, label: row.title },
      // In-app always; the e-mail only if the parent keeps it on for field-trip reminders (ADR 0066).
      email: true,
      noEmailTo: new Set(emailWanted("fieldTripReminder", preferences, now, row.timeZone) ? [] : [row.parentId]),
      // A push too, if they asked for one (ADR 0068); a tap opens their field trips.
      push: {
        kind: "fieldTripReminder",
        to: pushWanted("fieldTripReminder", preferences, now, row.timeZone) ? [row.parentId] : [],
        url: "/parent/flight-trips",
      },
      // Or kept for the digest (ADR 0075).
      held: {
        kind: "fieldTripReminder",
        byUser: new Map([[row.parentId, preferences]]),
        timeZone: row.timeZone,
        url: "/parent/flight-trips",
      },
      appUrl: deps.appUrl,
      now,
      onlyIf: unclaimed,
    });
    const mails = notice.emails.map((draft) => outboxInsert(db, draft, now, unclaimed));
    // The writes that depend on the claim come first; the claim last, in the same transaction.
    const results = await db.batch([
      ...(notice.inserts as [(typeof notice.inserts)[number]]),
      ...mails.map((mail) => mail.query),
      db
        .update(flightTripEnrollments)
        .set({ reminderSentAt: now, updatedAt: now })
        .where(and(eq(flightTripEnrollments.id, row.id), isNull(flightTripEnrollments.reminderSentAt))),
    ]);
    if ((results.at(-1) as { rowsAffected?: number }).rowsAffected !== 1) continue;
    sent += 1;
    await enqueueEmails(
      deps,
      mails.map((mail) => mail.id),
    );
    await enqueuePushes(deps, notice.pushBatches);
  }
  return sent;
}

/** The flight-trips part of the hourly run (refunds still owed are the payments' own job, payments/settle.ts). */
export async function flightTripSweep(deps: SweepDeps, now: Date) {
  return { reminders: await sendEnrollmentReminders(deps, now) };
}
