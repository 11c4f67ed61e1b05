import { and, eq, isNull, lt, or } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "#db/client.ts";
import {
  cronRuns,
  emailLogs,
  passwordResetTokens,
  pushLogs,
  registrationResumeTokens,
  verificationCodes,
} from "#db/schema/index.ts";
import { purgeExpiredMfaChallenges } from "../auth/mfa.ts";
import { purgeExpiredSessions } from "../auth/session.ts";
import type { Logger } from "../deps.ts";
import type { QueueProducer } from "../platform.ts";
import { purgeStaleRateLimits } from "../services/_shared/rate-limit.ts";
import { markOverdueInvoices } from "../services/billing/overdue.ts";
import { flightTripSweep } from "../services/flight-trips/sweep.ts";
import { expireInvitations, sendInvitationReminders } from "../services/invitations/sweep.ts";
import { purgeOldPositions } from "../services/live/retention.ts";
import { sendDigests } from "../services/notifications/digest.ts";
import { settleOwedRefunds } from "../services/payments/settle.ts";
import { compactSearchIndexes } from "../services/platform/search-indexes.ts";
import { purgeOldAuditLogs, purgeOldPayments } from "../services/privacy/retention.ts";
import { generateAllRuns } from "../services/routes/runs.ts";

export type CronDeps = { db: Db; queue: QueueProducer; logger: Logger; appUrl: string; stripe: Stripe };

export type CronJob = {
  name: string;
  /** Jobs act on state ("everything past its time"), so a skipped hour is caught up by the next one. */
  run(deps: CronDeps, now: Date): Promise<Record<string, number>>;
};

/** Claims of past runs are kept this long (for inspection), then purged. */
export const CRON_RUN_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** Outbox rows still pending after this long are put on the queue again. */
export const OUTBOX_REQUEUE_AFTER_MS = 5 * 60_000;

export const purgeExpiredJob: CronJob = {
  name: "purge-expired",
  async run({ db }, now) {
    const [codes, tokens, resumeTokens, runs] = await db.batch([
      db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, now)),
      db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now)),
      db.delete(registrationResumeTokens).where(lt(registrationResumeTokens.expiresAt, now)),
      db.delete(cronRuns).where(lt(cronRuns.startedAt, new Date(now.getTime() - CRON_RUN_RETENTION_MS))),
    ]);
    return {
      sessions: await purgeExpiredSessions(db, now),
      codes: codes.rowsAffected,
      resetTokens: tokens.rowsAffected,
      resumeTokens: resumeTokens.rowsAffected,
      rateLimits: await purgeStaleRateLimits(db, now),
      mfaChallenges: await purgeExpiredMfaChallenges(db, now),
      cronRuns: runs.rowsAffected,
    };
  },
};

export const requeueOutboxJob: CronJob = {
  name: "requeue-outbox",
  async run({ db, queue }, now) {
    const cutoff = new Date(now.getTime() - OUTBOX_REQUEUE_AFTER_MS);
    const stale = await db
      .select({ id: emailLogs.id })
      .from(emailLogs)
      .where(
        and(
          eq(emailLogs.status, "pending"),
          lt(emailLogs.createdAt, cutoff),
          or(isNull(emailLogs.lastEnqueuedAt), lt(emailLogs.lastEnqueuedAt, cutoff)),
        ),
      )
      .limit(500);
    for (const { id } of stale) {
      await queue.send({ kind: "email", emailLogId: id });
      await db.update(emailLogs).set({ lastEnqueuedAt: now }).where(eq(emailLogs.id, id));
    }
    // The push outbox the same way (ADR 0068).
    const stalePushes = await db
      .select({ id: pushLogs.id })
      .from(pushLogs)
      .where(
        and(
          eq(pushLogs.status, "pending"),
          lt(pushLogs.createdAt, cutoff),
          or(isNull(pushLogs.lastEnqueuedAt), lt(pushLogs.lastEnqueuedAt, cutoff)),
        ),
      )
      .limit(500);
    for (const { id } of stalePushes) {
      await queue.send({ kind: "push", pushLogId: id });
      await db.update(pushLogs).set({ lastEnqueuedAt: now }).where(eq(pushLogs.id, id));
    }
    const counts: Record<string, number> = { requeued: stale.length };
    if (stalePushes.length > 0) counts.pushes = stalePushes.length;
    return counts;
  },
};

export const expireInvitationsJob: CronJob = {
  name: "expire-invitations",
  run: async ({ db }, now) => ({ expired: await expireInvitations(db, now) }),
};

export const invitationRemindersJob: CronJob = {
  name: "invite-reminders",
  run: async (deps, now) => ({ reminders: await sendInvitationReminders(deps, now) }),
};

export const overdueInvoicesJob: CronJob = {
  name: "overdue-invoices",
  run: async (deps, now) => ({ overdue: await markOverdueInvoices(deps, now) }),
};

/** Flight trips: the one payment reminder before the enrolment deadline. */
export const flightTripsJob: CronJob = {
  name: "flight-trips",
  run: (deps, now) => flightTripSweep(deps, now),
};

/** MN1: money nothing may keep goes back: stragglers settled, refunds still owed asked of Stripe again. */
export const refundsJob: CronJob = {
  name: "refunds",
  run: (deps, now) => settleOwedRefunds(deps, now),
};

/** GD1: audit rows older than 3 years, through the purge path the append-only triggers allow. */
export const auditRetentionJob: CronJob = {
  name: "audit-retention",
  run: async ({ db }, now) => ({ auditLogs: await purgeOldAuditLogs(db, now) }),
};

/** GD1: payment records older than 7 years (kept that long for legal retention, then deleted). */
export const paymentRetentionJob: CronJob = {
  name: "payment-retention",
  run: async ({ db }, now) => ({ payments: await purgeOldPayments(db, now) }),
};

/** LO3 (ADR 0055): the buses' positions are kept 30 days. */
export const positionRetentionJob: CronJob = {
  name: "position-retention",
  run: async ({ db }, now) => ({ positions: await purgeOldPositions(db, now) }),
};

/** ADR 0031: the search indexes merged back into one segment once writes have split them into many. */
export const searchIndexesJob: CronJob = {
  name: "search-indexes",
  run: ({ db }) => compactSearchIndexes(db),
};

/** ADR 0046: each route's runs for the next days, in its school's zone (idempotent; a changed route is regenerated at once too). */
export const routeRunsJob: CronJob = {
  name: "route-runs",
  run: ({ db }, now) => generateAllRuns(db, now),
};

/** ADR 0075: what the preferences kept for the daily digest or past quiet hours, sent once per user when due. */
export const digestJob: CronJob = {
  name: "digest",
  run: (deps, now) => sendDigests(deps, now),
};

/** In order: expiry before reminders (an expired invitation gets none); the outbox sweep last. */
export const CRON_JOBS: readonly CronJob[] = [
  purgeExpiredJob,
  expireInvitationsJob,
  invitationRemindersJob,
  overdueInvoicesJob,
  flightTripsJob,
  refundsJob,
  auditRetentionJob,
  paymentRetentionJob,
  positionRetentionJob,
  searchIndexesJob,
  routeRunsJob,
  digestJob,
  requeueOutboxJob,
];

/** The hour a run belongs to, e.g. `2026-11-22T14`. */
export function cronPeriod(now: Date): string {
  return now.toISOString().slice(0, 13);
}

/**
 * The hourly entry, used by the Worker's `scheduled` handler and the Node entry's timer. Each job
 * first claims its (job, hour) row; a second run in the same hour finds the claim and does nothing.
 * A failed job gives its claim back so the next run retries it.
 */
export async function runScheduled(deps: CronDeps, now: Date, jobs: readonly CronJob[] = CRON_JOBS) {
  const period = cronPeriod(now);
  const report: Record<string, Record<string, number> | "skipped" | "failed"> = {};
  for (const job of jobs) {
    const claimed = await deps.db
      .insert(cronRuns)
      .values({ job: job.name, period, startedAt: now })
      .onConflictDoNothing()
      .returning({ job: cronRuns.job });
    if (claimed.length === 0) {
      report[job.name] = "skipped";
      continue;
    }
    try {
      report[job.name] = await job.run(deps, now);
      await deps.db
        .update(cronRuns)
        .set({ finishedAt: now })
        .where(and(eq(cronRuns.job, job.name), eq(cronRuns.period, period)));
    } catch (error) {
      report[job.name] = "failed";
      deps.logger.error("cron: job failed", {
        job: job.name,
        period,
        error: error instanceof Error ? error.message : String(error),
      });
      await deps.db.delete(cronRuns).where(and(eq(cronRuns.job, job.name), eq(cronRuns.period, period)));
    }
  }
  deps.logger.info("cron: run finished", { period, report });
  return report;
}
