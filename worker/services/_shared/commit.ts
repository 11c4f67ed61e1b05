import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type AuditEntry, auditInsert } from "../audit.ts";
import { enqueueEmails, type OutboxDraft, outboxInsert } from "../email/outbox.ts";
import type { AppError } from "../errors.ts";
import { enqueuePushes } from "../push/outbox.ts";
import type { Actor, Scope } from "./scope.ts";

type Change = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

export type CommitEffects = {
  /** The e-mails the change sends (outbox rows in the same batch, enqueued once it committed). */
  emails: OutboxDraft[];
  /** The audit row; by whom defaults to the scope's actor, when at to the scope's instant. */
  audit: Omit<AuditEntry, "at">;
  /**
   * A guarded change: its first query is the claim (a guarded UPDATE), `won` its guard (see
   * `rowHolds`). The e-mails and the audit row are written only if the claim won; if it did not,
   * `lost` is thrown and nothing is enqueued.
   */
  claim?: { won: SQL; lost: AppError };
  /** The batch ids of the pushes written with the change (`fanOut`'s `pushBatches`), enqueued once it committed (ADR 0068). */
  pushBatches?: readonly string[];
};

/**
 * The tail of every change that e-mails someone: the change, its outbox rows and its audit row in
 * one `db.batch` (all or nothing), then the e-mails on the queue (ADR 0005).
 */
export async function commitWithOutbox(
  scope: Scope<Actor | null>,
  change: Change,
  effects: CommitEffects,
): Promise<void> {
  const { deps, meta, now, actor } = scope;
  const { db } = deps;
  const onlyIf = effects.claim?.won;
  const mails = effects.emails.map((draft) => outboxInsert(db, draft, now, onlyIf));
  const audit = auditInsert(
    db,
    { userId: actor?.id ?? null, userRole: actor?.role ?? null, ...effects.audit, at: now },
    meta,
    onlyIf,
  );
  const [first] = await db.batch([...change, ...mails.map((mail) => mail.query), audit]);
  if (effects.claim && (first as { rowsAffected?: number }).rowsAffected !== 1) throw effects.claim.lost;
  await enqueueEmails(
    deps,
    mails.map((mail) => mail.id),
  );
  if (effects.pushBatches?.length) await enqueuePushes(deps, effects.pushBatches);
}
