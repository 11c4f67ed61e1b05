import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { schools } from "#db/schema/index.ts";
import { acceptsPayments, type ConnectState, paymentAccountConnected } from "#shared/connect.ts";
import { CONNECT_MESSAGES, CONNECT_PAGE_PATH, connectStatusOf } from "#shared/connect-status.ts";
import { said } from "#shared/said.ts";
import type { AppDeps } from "#worker/deps.ts";
import { preparedPerShape } from "../_shared/prepared.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { AppError } from "../errors.ts";
import { connectAccountEffects } from "./connect-events.ts";

type ConnectDeps = Pick<AppDeps, "db" | "config" | "stripe" | "logger">;

/** The school's Connect state as stored, one prepared statement per database (ADR 0028). */
const connectStatement = preparedPerShape((db) =>
  db
    .select({
      id: schools.id,
      name: schools.name,
      email: schools.email,
      platformFeeBps: schools.platformFeeBps,
      currency: schools.currency,
      stripeConnectAccountId: schools.stripeConnectAccountId,
      connectDetailsSubmitted: schools.connectDetailsSubmitted,
      connectChargesEnabled: schools.connectChargesEnabled,
      connectPayoutsEnabled: schools.connectPayoutsEnabled,
      connectRequirementsDue: schools.connectRequirementsDue,
      connectStatusAt: schools.connectStatusAt,
    })
    .from(schools)
    .where(eq(schools.id, sql.placeholder("schoolId")))
    .prepare(),
);

/** The school's Connect state as stored (kept by `account.updated` and by `syncConnectStatus`). */
async function connectRow(deps: ConnectDeps, schoolId: string) {
  const [school] = await connectStatement(deps.db, "").all({ schoolId });
  if (!school) throw new AppError("NOT_FOUND", said(/*i18n*/ { id: "School not found" }));
  return school;
}

type ConnectRow = Awaited<ReturnType<typeof connectRow>>;

/** What `/school-admin/connect-stripe` shows (the account id is the school's own, and no secret). */
function connectView(school: ConnectRow) {
  const state: ConnectState = school;
  return {
    schoolName: school.name,
    status: connectStatusOf(state),
    accountId: school.stripeConnectAccountId,
    connected: paymentAccountConnected(state),
    acceptsPayments: acceptsPayments(state),
    detailsSubmitted: school.connectDetailsSubmitted,
    chargesEnabled: school.connectChargesEnabled,
    payoutsEnabled: school.connectPayoutsEnabled,
    requirementsDue: school.connectRequirementsDue,
    platformFeeBps: school.platformFeeBps,
    checkedAt: school.connectStatusAt,
  };
}

export type ConnectView = ReturnType<typeof connectView>;

export async function connectStatus(scope: SchoolScope): Promise<ConnectView> {
  return connectView(await connectRow(scope.deps, scope.schoolId));
}

function failed(deps: ConnectDeps, what: string, schoolId: string, error: unknown, message: string): AppError {
  deps.logger.error(`stripe connect: ${what} failed`, {
    schoolId,
    error: error instanceof Error ? error.message : String(error),
  });
  return new AppError("BAD_REQUEST", message);
}

/**
 * A connected account for a platform that takes application fees on direct charges: the school
 * has the full Stripe Dashboard, pays Stripe's fees and carries its own losses (what Stripe calls a
 * Standard account), and Stripe collects the onboarding requirements (ADR 0021).
 */
async function createConnectedAccount(deps: ConnectDeps, school: ConnectRow, idempotencyKey: string): Promise<string> {
  try {
    const account = await deps.stripe.accounts.create(
      {
        controller: { fees: { payer: "account" }, losses: { payments: "stripe" }, stripe_dashboard: { type: "full" } },
        email: school.email,
        business_profile: { name: school.name },
        // The school's currency is the account's payout currency (ADR 0077).
        default_currency: school.currency.toLowerCase(),
        metadata: { schoolId: school.id },
      },
      { idempotencyKey },
    );
    return account.id;
  } catch (error) {
    throw failed(deps, "account creation", school.id, error, CONNECT_MESSAGES.startFailed);
  }
}

/** A fresh Account Link (single use, short-lived): `refresh_url` comes back here for a new one. */
async function onboardingLink(deps: ConnectDeps, schoolId: string, accountId: string): Promise<{ url: string }> {
  const page = `${deps.config.appUrl}${CONNECT_PAGE_PATH}`;
  try {
    const link = await deps.stripe.accountLinks.create({
      account: accountId,
      type: "account_onboarding",
      refresh_url: `${page}?onboarding=refresh`,
      return_url: `${page}?onboarding=return`,
    });
    return { url: link.url };
  } catch (error) {
    throw failed(deps, "account link", schoolId, error, CONNECT_MESSAGES.startFailed);
  }
}

/** The school still holds `accountId` (null: no account yet). */
function schoolHolds(schoolId: string, accountId: string | null): SQL {
  return and(
    eq(schools.id, schoolId),
    accountId === null ? isNull(schools.stripeConnectAccountId) : eq(schools.stripeConnectAccountId, accountId),
  )!;
}

/**
 * Stores a new account id in place of `previous` with a guarded update (two concurrent starts keep
 * one), its audit row in the same batch; answers the id the school holds afterwards.
 */
async function storeAccount(scope: SchoolScope, previous: string | null, accountId: string): Promise<string> {
  const { deps, schoolId, actor, meta, now } = scope;
  const { db } = deps;
  const holds = schoolHolds(schoolId, previous);
  const replacing = previous !== null;
  await db.batch([
    auditInsert(
      db,
      {
        eventType: replacing ? "connect_account_replaced" : "connect_account_created",
        description: replacing ? "Payout account replaced (new Stripe account)" : "Stripe account created for payments",
        userId: actor.id,
        userRole: actor.role,
        schoolId,
        metadata: replacing ? { from: previous, to: accountId } : { account: accountId },
        at: now,
      },
      meta,
      sql`exists (select 1 from ${schools} where ${holds})`,
    ),
    db
      .update(schools)
      .set({
        stripeConnectAccountId: accountId,
        connectDetailsSubmitted: false,
        connectChargesEnabled: false,
        connectPayoutsEnabled: false,
        connectRequirementsDue: [],
        connectStatusAt: null,
        updatedAt: now,
      })
      .where(holds),
  ]);
  return (await connectRow(deps, schoolId)).stripeConnectAccountId ?? accountId;
}

/**
 * "Connect with Stripe" / "Continue onboarding", and the `refresh_url`: the school's account (made
 * once, whatever the double clicks: the Idempotency-Key is the school's) and a new Account Link.
 */
export async function startConnectOnboarding(scope: SchoolScope): Promise<{ url: string }> {
  const { deps, schoolId } = scope;
  const school = await connectRow(deps, schoolId);
  let accountId = school.stripeConnectAccountId;
  if (accountId === null) {
    const created = await createConnectedAccount(deps, school, `school-connect-account-${schoolId}`);
    accountId = await storeAccount(scope, null, created);
  }
  return onboardingLink(deps, schoolId, accountId);
}

/**
 * The `return_url` proves nothing (anyone can open it): the page asks for this, which reads the
 * account from Stripe and stores what it says, unless a newer `account.updated` got there first.
 */
export async function syncConnectStatus(scope: SchoolScope): Promise<ConnectView> {
  const { deps, schoolId, now } = scope;
  const school = await connectRow(deps, schoolId);
  const accountId = school.stripeConnectAccountId;
  if (accountId === null) throw new AppError("BAD_REQUEST", CONNECT_MESSAGES.noAccount);
  let account: Awaited<ReturnType<ConnectDeps["stripe"]["accounts"]["retrieve"]>>;
  try {
    account = await deps.stripe.accounts.retrieve(accountId);
  } catch (error) {
    throw failed(deps, "account retrieval", schoolId, error, CONNECT_MESSAGES.syncFailed);
  }
  if (account.id !== accountId)
    throw failed(
      deps,
      "account retrieval",
      schoolId,
      new Error(`asked ${accountId}, got ${account.id}`),
      CONNECT_MESSAGES.syncFailed,
    );
  await deps.db.batch(connectAccountEffects(deps.db, account, now, { eventId: null }));
  return connectView(await connectRow(deps, schoolId));
}

/**
 * SE6 (the router adds sudo): a new connected account in place of the current one, for a school
 * that wants its payouts elsewhere. `currentAccountId` is the account the admin saw: a double
 * click replaces it once (same Idempotency-Key, guarded update). Audited (LG1).
 */
export async function replaceConnectAccount(
  scope: SchoolScope,
  input: { currentAccountId: string },
): Promise<{ url: string }> {
  const { deps, schoolId } = scope;
  const school = await connectRow(deps, schoolId);
  if (school.stripeConnectAccountId === null) throw new AppError("BAD_REQUEST", CONNECT_MESSAGES.noAccount);
  // Checked before Stripe is asked, so a stale page creates no account.
  if (school.stripeConnectAccountId !== input.currentAccountId)
    throw new AppError("CONFLICT", CONNECT_MESSAGES.replaceStale);
  const created = await createConnectedAccount(
    deps,
    school,
    `school-connect-replace-${schoolId}-${input.currentAccountId}`,
  );
  const accountId = await storeAccount(scope, input.currentAccountId, created);
  if (accountId !== created) throw new AppError("CONFLICT", CONNECT_MESSAGES.replaceStale);
  return onboardingLink(deps, schoolId, accountId);
}
