import { platformStats } from "#worker/services/platform/stats.ts";
import { router, superAdminProcedure } from "#worker/trpc/init.ts";
import { superAdminAccountRouter } from "../_shared/account.ts";
import { auditLogsRouter } from "./auditLogs.ts";
import { invitationsRouter } from "./invitations.ts";
import { metricsRouter } from "./metrics.ts";
import { registrationsRouter } from "./registrations.ts";
import { schoolsRouter } from "./schools.ts";
import { securityRouter } from "./security.ts";
import { settingsRouter } from "./settings.ts";

/** superAdmin.*: one router per domain. */
export const superAdminRouter = router({
  schools: schoolsRouter,
  invitations: invitationsRouter,
  registrations: registrationsRouter,
  auditLogs: auditLogsRouter,
  settings: settingsRouter,
  security: securityRouter,
  metrics: metricsRouter,
  /** `/super-admin/language`: the super admin's own language. */
  account: superAdminAccountRouter,
  /** Stat cards of the super admin dashboard. */
  stats: superAdminProcedure.query(({ ctx }) => platformStats(ctx.scope)),
});
