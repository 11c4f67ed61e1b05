import { schoolDashboard } from "#worker/services/schools/dashboard.ts";
import { router, schoolAdminProcedure } from "#worker/trpc/init.ts";
import { schoolAdminAccountRouter } from "../_shared/account.ts";
import { billingRouter } from "./billing.ts";
import { busesRouter } from "./buses.ts";
import { connectRouter } from "./connect.ts";
import { driversRouter } from "./drivers.ts";
import { flightTripsRouter } from "./flightTrips.ts";
import { invitationsRouter } from "./invitations.ts";
import { invoicesRouter } from "./invoices.ts";
import { languageRouter } from "./language.ts";
import { liveRouter } from "./live.ts";
import { notificationsRouter } from "./notifications.ts";
import { parentsRouter } from "./parents.ts";
import { paymentSettingsRouter } from "./paymentSettings.ts";
import { pupilsRouter } from "./pupils.ts";
import { reportsRouter } from "./reports.ts";
import { ridersRouter } from "./riders.ts";
import { routesRouter } from "./routes.ts";
import { tripsRouter } from "./trips.ts";

/** schoolAdmin.*: every service gets a `SchoolScope`, the session's school. */
export const schoolAdminRouter = router({
  /** The dashboard: cards, upcoming trips, alerts and unpaid invoices in one round trip. */
  dashboard: schoolAdminProcedure.query(({ ctx }) => schoolDashboard(ctx.scope)),
  trips: tripsRouter,
  notifications: notificationsRouter,
  parents: parentsRouter,
  /** The school's drivers: invite, deactivate, reactivate (ADR 0057). */
  drivers: driversRouter,
  invitations: invitationsRouter,
  billing: billingRouter,
  connect: connectRouter,
  invoices: invoicesRouter,
  paymentSettings: paymentSettingsRouter,
  /** The school's default language (of its people who have not chosen their own). */
  language: languageRouter,
  flightTrips: flightTripsRouter,
  /** Routes, stops, buses and riders (ADR 0046). */
  routes: routesRouter,
  buses: busesRouter,
  riders: ridersRouter,
  /** Pupils and their guardians from a CSV (ADR 0053). */
  pupils: pupilsRouter,
  /** The live board, replays and the attendance report (issue 28). */
  live: liveRouter,
  /** Reports over a range of days, from the rollups of closed runs (issue 31, ADR 0071). */
  reports: reportsRouter,
  /** `/school-admin/account`: download or erase my data (GD1). */
  account: schoolAdminAccountRouter,
});
