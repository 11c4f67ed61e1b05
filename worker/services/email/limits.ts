import type { Db } from "#db/client.ts";
import { normalizeEmail } from "#worker/auth/users.ts";
import { takeWindowSlots, type WindowLimit } from "../_shared/rate-limit.ts";
import { tooManyRequests } from "../errors.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Limits on e-mail sent on someone's request (invitations, resends, regenerations, verification
 * codes, reset links), so the app cannot be used to flood an inbox or as a spam relay (ADR 0012).
 * Per recipient: a person gets at most 3 such e-mails in 10 minutes, whoever asks. Per actor and
 * per address: enough for an admin inviting a whole school by hand, far below a spam run.
 */
export const EMAIL_SEND_LIMITS = {
  recipient: { windowMs: 10 * MINUTE, max: 3 },
  actor: { windowMs: HOUR, max: 100 },
  ip: { windowMs: HOUR, max: 200 },
} as const;

export type EmailSend = {
  /** The address the e-mail goes to (normalised here). */
  recipient: string;
  /** The signed-in user asking for it; null on public pages. */
  actorId: string | null;
  ipAddress: string | null;
};

/**
 * Called by every e-mail-sending action before it writes its outbox row: takes one slot per
 * recipient, per actor and per address, all or nothing. Over a limit it throws 429 "Too many
 * requests" and nothing is counted, written or enqueued.
 */
export async function limitEmailSend(db: Db, send: EmailSend, now: Date): Promise<void> {
  const limits: WindowLimit[] = [{ key: `email:to:${normalizeEmail(send.recipient)}`, ...EMAIL_SEND_LIMITS.recipient }];
  if (send.actorId) limits.push({ key: `email:actor:${send.actorId}`, ...EMAIL_SEND_LIMITS.actor });
  limits.push({ key: `email:ip:${send.ipAddress ?? "unknown"}`, ...EMAIL_SEND_LIMITS.ip });
  const decision = await takeWindowSlots(db, limits, now);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
}
