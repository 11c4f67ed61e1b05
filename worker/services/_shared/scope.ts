import type { RoleValue } from "#shared/auth.ts";
import type { Currency } from "#shared/money.ts";
import type { SessionRecord } from "#worker/auth/session.ts";
import type { AppDeps } from "#worker/deps.ts";
import type { RequestMeta } from "../audit.ts";

/**
 * How every service called from a request is called: `service(scope, input)`, or `service(scope)`
 * when it takes no input. The procedure ladder (worker/trpc/rungs.ts) builds the scope once per
 * request, so `now` is one instant for the whole request and a tenant service cannot run without
 * the session's school: its first parameter is a `SchoolScope`, which only the school admin's, the
 * parent's and the driver's procedures make.
 *
 * Work without a request (the queue consumer, the hourly cron) has no actor and keeps plain
 * `(deps, …)` signatures.
 */

/** Who acts: a super admin (any school), a school admin or a parent (their own school only). */
export type Actor = { id: string; role: RoleValue; schoolId: string | null; name: string; email: string };

/** A request: the app's dependencies, who acts (null before sign-in), where it came from, its instant. */
export type Scope<A extends Actor | null = Actor> = { deps: AppDeps; actor: A; meta: RequestMeta; now: Date };

/** A public procedure's scope: whoever is signed in (sign-out, sign-in over a session), or nobody. */
export type PublicScope = Scope<Actor | null> & { session: SessionRecord | null };

/** A signed-in request with its session (sign-out, password change, sudo). */
export type SessionScope = Scope & { session: SessionRecord };

/**
 * A school admin's (or a parent's) request: the tenant is the session's school, never the input's,
 * with the school's IANA time zone, phone region and currency (read with the session, so zone-aware reads and
 * phone numbers cost no extra trip).
 */
export type SchoolScope = Scope & {
  schoolId: string;
  timeZone: string;
  phoneRegion: string | null;
  /** The school's currency: its amounts are integers in this currency's minor units (ADR 0077). */
  currency: Currency;
  actor: Actor & { schoolId: string };
};

/** A parent's request: their own id and school. */
export type ParentScope = SchoolScope & { parentId: string };

/** A driver's request: their own id and school (ADR 0057). */
export type DriverScope = SchoolScope & { driverId: string };
