import type { Db } from "../../../db/client.ts";
import { newsletterSubscriptions } from "../../../db/schema/index.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import { normalizeEmail } from "../../auth/users.ts";
import { tooManyAttempts } from "../errors.ts";

/** Subscribes an address to the newsletter; repeating it is harmless. Rate-limited per IP. */
export async function subscribeToNewsletter(db: Db, email: string, ipAddress: string | null, now: Date): Promise<void> {
  const decision = await hitWindow(db, `newsletter:ip:${ipAddress ?? "unknown"}`, now, 10 * 60_000, 5);
  if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
  await db
    .insert(newsletterSubscriptions)
    .values({ email: normalizeEmail(email), createdAt: now })
    .onConflictDoUpdate({ target: newsletterSubscriptions.email, set: { unsubscribedAt: null } });
}
