import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "#db/client.ts";
import { liveNotices } from "#db/schema/index.ts";
import type { NotificationCategory, NotificationType } from "#shared/enums.ts";
import { type Locale, SOURCE_LOCALE } from "#shared/locales.ts";
import type { EventKind } from "#shared/preferences-constants.ts";
import { fanOut, runAudience } from "../notifications/fan-out.ts";
import { pushWanted } from "../notifications/preferences.ts";
import { pushInsert } from "../push/outbox.ts";
import type { RunState } from "./run-state.ts";

/**
 * A notice of a run to some of its parents, sent once (ADR 0055): its key (`departed:<run>`,
 * `approach:<run>:<stop>:<parent>`, `late:<run>`, `boarded:<run>:<child>`…) is inserted first, and its
 * notification rows only if this very batch inserted it. A replayed tap, a second ingest of the same
 * position or a hub that restarted mid-run writes the key again, finds it taken, and tells nobody.
 */
export type LiveNotice = {
  key: string;
  parentIds: readonly string[];
  title: string;
  message: string;
  type: NotificationType;
  category: NotificationCategory;
  /** `run`: to every family of the run, listed in the school's Sent tab; `family`: one family's own news (not listed). */
  scope: "run" | "family";
  /** What kind of event it is, for whom it is pushed (ADR 0066, ADR 0068). */
  kind: EventKind;
  /** The title and message in a parent's language (issue 30); without it, every parent reads `title` and `message`. */
  localized?: (locale: Locale) => { title: string; message: string };
};

/** Where a tap on a run's push opens: the parent's live view of the run. */
export const runLink = (runId: string) => `/parent/rides/${encodeURIComponent(runId)}`;

/** Who a notice of the run goes to: its parents still on the run (a notice to nobody is not claimed). */
export function noticeRecipients(state: RunState) {
  const parents = new Map(state.parents.map((parent) => [parent.id, parent]));
  return (notice: LiveNotice) =>
    notice.parentIds.flatMap((id) => {
      const parent = parents.get(id);
      return parent ? [{ role: "parent" as const, id: parent.id, email: parent.email }] : [];
    });
}

/**
 * The statements of `notices`, for the batch of the change that causes them (in-app: the bell, and a
 * push to each device of the parents who want this kind pushed now); with `onlyIf`, only if that
 * change won its claim. `pushBatches`: what to hand `enqueuePushes` once the batch committed.
 */
export function noticeStatements(
  db: Db,
  state: RunState,
  notices: readonly LiveNotice[],
  now: Date,
  onlyIf: SQL = sql`1`,
) {
  const statements: BatchItem<"sqlite">[] = [];
  const pushBatches: string[] = [];
  const recipientsOf = noticeRecipients(state);
  const preferences = new Map(state.parents.map((parent) => [parent.id, parent.preferences]));
  const locales = new Map(state.parents.map((parent) => [parent.id, parent.locale ?? SOURCE_LOCALE]));
  for (const notice of notices) {
    const recipients = recipientsOf(notice);
    if (recipients.length === 0) continue;
    const key = notice.key;
    const batchId = crypto.randomUUID();
    statements.push(
      runNoticeClaim(db, { key, runId: state.run.id, schoolId: state.run.schoolId, batchId, now, onlyIf }),
    );
    // The rows share the claim's batch id: the claim is the key's row holding it, and the inbox
    // finds the run of a notice by it (its link to the live view).
    const sent = fanOut(db, {
      batchId,
      schoolId: state.run.schoolId,
      schoolName: state.run.schoolName,
      senderId: null,
      recipients,
      content: { title: notice.title, message: notice.message, type: notice.type, category: notice.category },
      audience: notice.scope === "run" ? runAudience(state.run.id, state.run.routeName, state.run.busNumber) : null,
      email: false,
      // A push quiet hours hold goes when they end, gathered (ADR 0075).
      held: { kind: notice.kind, byUser: preferences, timeZone: state.run.timeZone, url: runLink(state.run.id) },
      appUrl: "",
      now,
      onlyIf: sql`exists (select 1 from ${liveNotices} where ${liveNotices.key} = ${key} and ${liveNotices.batchId} = ${batchId})`,
      ...(notice.localized ? { localized: { locales, content: notice.localized } } : {}),
    });
    statements.push(...sent.inserts);
    const pushed = recipients.filter((recipient) => {
      const chosen = preferences.get(recipient.id);
      return chosen !== undefined && pushWanted(notice.kind, chosen, now, state.run.timeZone);
    });
    if (pushed.length > 0) {
      // One push per language of the parents it goes to.
      const byLocale = new Map<Locale, string[]>();
      for (const { id } of pushed) {
        const locale = notice.localized ? (locales.get(id) ?? SOURCE_LOCALE) : SOURCE_LOCALE;
        byLocale.set(locale, [...(byLocale.get(locale) ?? []), id]);
      }
      for (const [locale, userIds] of byLocale) {
        const { title, message } = notice.localized ? notice.localized(locale) : notice;
        statements.push(
          pushInsert(db, {
            batchId,
            role: "parent",
            userIds,
            kind: notice.kind,
            content: { title, body: message, url: runLink(state.run.id) },
            now,
            onlyIf: sql`exists (select 1 from ${liveNotices} where ${liveNotices.key} = ${key} and ${liveNotices.batchId} = ${batchId})`,
          }),
        );
      }
      pushBatches.push(batchId);
    }
  }
  return { statements, pushBatches };
}

/**
 * The claim of a notice of a run under its key (insert or ignore, only if `onlyIf` holds): the
 * notice's rows carry `batchId`, by which the inbox links them to the run live (ADR 0059).
 */
export function runNoticeClaim(
  db: Db,
  claim: { key: string; runId: string; schoolId: string; batchId: string; now: Date; onlyIf: SQL },
) {
  return db.run(sql`insert or ignore into ${liveNotices} (key, run_id, school_id, batch_id, created_at)
    select ${claim.key}, ${claim.runId}, ${claim.schoolId}, ${claim.batchId}, ${claim.now.getTime()} where ${claim.onlyIf}`);
}

export const departedNoticeKey = (runId: string) => `departed:${runId}`;
/** The school admin's Departed set by hand (each one told, so keyed by its change): linked to the run as the driver's is. */
export const departedByHandNoticeKey = (runId: string, changeId: string) => `departed-by-hand:${runId}:${changeId}`;
export const attendanceNoticeKey = (runId: string, childId: string, status: string) => `${status}:${runId}:${childId}`;
