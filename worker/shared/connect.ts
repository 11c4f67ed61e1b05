/**
 * A school's Stripe Connect account as SchoolRide sees it. One rule for the gate and one for
 * payments, used by the server, the screens and the tests.
 */
/** Where the gate sends a school admin whose school has no connected account (web router and server agree). */
export const CONNECT_PAGE_PATH = "/school-admin/connect-stripe";

export type ConnectState = {
  stripeConnectAccountId: string | null;
  connectDetailsSubmitted: boolean;
  connectChargesEnabled: boolean;
  connectPayoutsEnabled: boolean;
  connectRequirementsDue: readonly string[];
};

/** The Connect gate (after the subscription gate): the school has an account that finished onboarding. */
export function paymentAccountConnected(
  state: Pick<ConnectState, "stripeConnectAccountId" | "connectDetailsSubmitted">,
): boolean {
  return state.stripeConnectAccountId !== null && state.connectDetailsSubmitted;
}

/**
 * Parents may pay only while Stripe lets the account charge and pay out, and nothing is currently
 * due (money must not pile up in an account that cannot reach the school's bank).
 */
export function acceptsPayments(state: ConnectState): boolean {
  return (
    paymentAccountConnected(state) &&
    state.connectChargesEnabled &&
    state.connectPayoutsEnabled &&
    state.connectRequirementsDue.length === 0
  );
}
