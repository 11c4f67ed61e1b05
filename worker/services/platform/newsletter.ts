import { newsletterSubscriptions } from "#db/schema/index.ts";
import { normalizeEmail } from "#worker/auth/users.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { Actor, Scope } from "../_shared/scope.ts";
import { tooManyAttempts } from "../errors.ts";

/** Subscribes an address to the newsletter; repeating it is harmless. Rate-limited per IP. */
export async function subscribeNewsletter(scope: Scope<Actor | null>, input: { email: string }): Promise<void> {
  const { deps, meta, now } = scope;
  const { db } = deps;
  const { email } = input;
  const { ipAddress } = meta;
  const decision = await hitWindow(db, `newsletter:ip:${ipAddress ?? "unknown"}`, now, 10 * 60_000, 5);
  if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
  await db
    .insert(newsletterSubscriptions)
    .values({ email: normalizeEmail(email), createdAt: now })
    .onConflictDoUpdate({ target: newsletterSubscriptions.email, set: { unsubscribedAt: null } });
}
