import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "#db/client.ts";
import { digestItems, digestSends, parents, schools } from "#db/schema/index.ts";
import type { Logger } from "#worker/deps.ts";
import { digestEmail } from "#worker/email/templates.ts";
import { resolveLocale } from "#worker/i18n/person.ts";
import type { QueueProducer } from "#worker/platform.ts";
import { enqueueEmails, outboxInsert } from "../email/outbox.ts";
import { enqueuePushes, pushInsert } from "../push/outbox.ts";
import { digestPushWords } from "./words.ts";

/**
 * The digest sender (ADR 0075), run by the hourly cron: each user whose held items (held.ts) are
 * due gets them gathered into one e-mail (the items kept for e-mail) and/or one push (those kept
 * for push). Once only: per user and hour a `digest_sends` claim, written only while every item it
 * gathers is still unsent, holds the run's token; the items are marked with it, and the outbox row
 * and the pushes are written in the same batch, only if the claim is the run's. A second run finds
 * the claim (or the items taken) and writes nothing; a run killed after the batch leaves pending
 * outbox rows that the outbox sweep enqueues; one killed before it left nothing to undo.
 */

export type DigestDeps = { db: Db; queue: QueueProducer; logger: Logger; appUrl: string };

/** Items read per run (the oldest due first); the rest wait for the next hour's run. */
export const DIGEST_ITEMS_PER_RUN = 2000;

type DueItem = {
  id: string;
  userId: string;
  schoolId: string;
  reason: "digest" | "quiet";
  title: string;
  body: string;
  url: string;
  email: boolean;
  push: boolean;
  name: string;
  address: string;
  isActive: boolean;
  schoolName: string;
  /** The reader's own language and the school's default (`resolveLocale`): the digest e-mail is in it. */
  locale: string | null;
  schoolLocale: string;
};

/** The key of one user's digest send in the hour of `now` (a second run in that hour finds it). */
export const digestSendId = (role: string, userId: string, now: Date) =>
  `${role}:${userId}:${now.toISOString().slice(0, 13)}`;

/**
 * What the digest's push says: that it is the digest or what quiet hours held (never a held notice
 * as if new: "the bus is 5 minutes away" read at 07:00 would mislead), how many, their titles; a tap
 * opens the one notice's screen, or the notifications. In the reader's language (the held titles already are).
 */
function digestPush(items: readonly DueItem[]) {
  const first = items[0]!;
  const said = digestPushWords({
    quietOnly: items.every((entry) => entry.reason === "quiet"),
    titles: items.map((entry) => entry.title),
  })(resolveLocale(first.locale, first.schoolLocale));
  return {
    title: said.title,
    body: said.message,
    url: items.length === 1 ? first.url : "/parent/notifications",
  };
}

/** The statements of one user's send (the claim first, the items' mark last), and what to enqueue. */
function sendStatements(db: Db, deps: DigestDeps, items: readonly DueItem[], now: Date) {
  const first = items[0]!;
  const id = digestSendId("parent", first.userId, now);
  const token = crypto.randomUUID();
  const ids = items.map((entry) => entry.id);
  const idList = sql.join(
    ids.map((itemId) => sql`${itemId}`),
    sql`, `,
  );
  const statements: BatchItem<"sqlite">[] = [
    db.run(sql`insert into ${digestSends} (id, school_id, token, items, created_at)
      select ${id}, ${first.schoolId}, ${token}, ${items.length}, ${now.getTime()}
      where not exists (select 1 from ${digestItems} where ${digestItems.id} in (${idList}) and ${digestItems.sentIn} is not null)
      on conflict (id) do nothing`),
  ];
  const won = sql`exists (select 1 from ${digestSends} where ${digestSends.id} = ${id} and ${digestSends.token} = ${token})`;
  const mailed = first.isActive ? items.filter((entry) => entry.email) : [];
  const pushed = first.isActive ? items.filter((entry) => entry.push) : [];
  let emailId: string | null = null;
  if (mailed.length > 0) {
    const mail = outboxInsert(
      db,
      {
        id: `digest-${id}`,
        type: "digest",
        to: first.address,
        schoolId: first.schoolId,
        relatedId: id,
        ...digestEmail({
          locale: resolveLocale(first.locale, first.schoolLocale),
          name: first.name,
          schoolName: first.schoolName,
          items: mailed.map((entry) => ({ title: entry.title, text: entry.body, link: `${deps.appUrl}${entry.url}` })),
          link: `${deps.appUrl}/parent/notifications`,
          settingsLink: `${deps.appUrl}/parent/account`,
        }),
      },
      now,
      won,
    );
    statements.push(mail.query);
    emailId = mail.id;
  }
  const pushBatch = `digest-${id}`;
  if (pushed.length > 0)
    statements.push(
      pushInsert(db, {
        batchId: pushBatch,
        role: "parent",
        userIds: [first.userId],
        kind: "digest",
        content: digestPush(pushed),
        now,
        onlyIf: won,
      }),
    );
  statements.push(
    db.run(
      sql`update ${digestItems} set sent_in = ${id} where ${digestItems.id} in (${idList}) and ${digestItems.sentIn} is null and ${won}`,
    ),
  );
  return { statements, emailId, pushBatch: pushed.length > 0 ? pushBatch : null };
}

/**
 * Sends what is due at `now`, one send per user. Today only parents' preferences keep anything back
 * (the senders that ask the plan write to parents); an item of a user who is gone is deleted with them.
 */
export async function sendDigests(deps: DigestDeps, now: Date): Promise<{ digests: number; items: number }> {
  const { db } = deps;
  const due: DueItem[] = await db
    .select({
      id: digestItems.id,
      userId: digestItems.userId,
      schoolId: digestItems.schoolId,
      reason: digestItems.reason,
      title: digestItems.title,
      body: digestItems.body,
      url: digestItems.url,
      email: digestItems.email,
      push: digestItems.push,
      name: parents.name,
      address: parents.email,
      isActive: parents.isActive,
      schoolName: schools.name,
      locale: parents.locale,
      schoolLocale: schools.defaultLocale,
    })
    .from(digestItems)
    .innerJoin(parents, and(eq(digestItems.userRole, "parent"), eq(parents.id, digestItems.userId)))
    .innerJoin(schools, eq(schools.id, digestItems.schoolId))
    .where(and(isNull(digestItems.sentIn), lte(digestItems.dueAt, now)))
    // Within a due time, in the order they were held (rowid: two held in the same millisecond too).
    .orderBy(asc(digestItems.dueAt), asc(digestItems.createdAt), sql`${digestItems}.rowid`)
    .limit(DIGEST_ITEMS_PER_RUN);
  const byUser = new Map<string, DueItem[]>();
  for (const item of due) byUser.set(item.userId, [...(byUser.get(item.userId) ?? []), item]);
  let digests = 0;
  let items = 0;
  for (const userItems of byUser.values()) {
    const send = sendStatements(db, deps, userItems, now);
    const [claim] = await db.batch(send.statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    if ((claim as { rowsAffected?: number }).rowsAffected !== 1) continue;
    digests += 1;
    items += userItems.length;
    if (send.emailId) await enqueueEmails(deps, [send.emailId]);
    if (send.pushBatch) await enqueuePushes(deps, [send.pushBatch]);
  }
  return { digests, items };
}
