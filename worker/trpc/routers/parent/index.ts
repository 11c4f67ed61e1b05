import { SOURCE_LOCALE } from "#shared/locales.ts";
import { parentDashboard } from "#worker/services/family/dashboard.ts";
import { parentProcedure, router } from "#worker/trpc/init.ts";
import { parentAccountRouter } from "../_shared/account.ts";
import { notificationsInbox } from "../_shared/notifications.ts";
import { childrenRouter } from "./children.ts";
import { parentFlightTripsRouter } from "./flightTrips.ts";
import { parentGuardiansRouter } from "./guardians.ts";
import { parentInvoicesRouter } from "./invoices.ts";
import { parentLiveRouter } from "./live.ts";
import { parentPaymentsRouter } from "./payments.ts";
import { parentPreferencesRouter } from "./preferences.ts";
import { parentPushRouter } from "./push.ts";
import { parentRidesRouter } from "./rides.ts";

/** parent.*: the school is the session's, and so is the family. */
export const parentRouter = router({
  /** The parent's dashboard: children with today's rides, recent notifications, payments, the tiles (one batch). */
  overview: parentProcedure.query(({ ctx }) => parentDashboard(ctx.scope, ctx.locale ?? SOURCE_LOCALE)),
  children: childrenRouter,
  /** A child's guardians: list, invite by e-mail, remove, accept while signed in (ADR 0053). */
  guardians: parentGuardiansRouter,
  /** The parent's own notifications (sent to them, to their school, or to a route their child rides). */
  notifications: router(notificationsInbox(parentProcedure)),
  /** "My Invoices". */
  invoices: parentInvoicesRouter,
  /** `/parent/account`: download or erase my data (GD1). */
  account: parentAccountRouter,
  /** Pay an invoice through Stripe Checkout on the school's connected account. */
  payments: parentPaymentsRouter,
  /** Field trips: enrol, pay (deposit, balance), opt out. */
  flightTrips: parentFlightTripsRouter,
  /** The children's stops, buses and today's runs; "not riding" (ADR 0046). */
  rides: parentRidesRouter,
  /** Live tracking: the children's ride history. */
  live: parentLiveRouter,
  /** My Account's Notifications: channels per kind of event, the approach lead time, quiet hours, the digest (ADR 0066). */
  preferences: parentPreferencesRouter,
  /** Web push: this device on or off, the parent's devices (ADR 0068). */
  push: parentPushRouter,
});
