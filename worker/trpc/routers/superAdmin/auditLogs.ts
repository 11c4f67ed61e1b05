import { listAuditLogsInput } from "#shared/superAdmin.ts";
import { auditEventTypes, listAuditLogs, recentAuditLogs } from "#worker/services/platform/audit-logs.ts";
import { router, superAdminProcedure } from "#worker/trpc/init.ts";

/** The audit log: superAdmin.auditLogs.*. */
export const auditLogsRouter = router({
  list: superAdminProcedure.input(listAuditLogsInput).query(({ ctx, input }) => listAuditLogs(ctx.scope, input)),
  eventTypes: superAdminProcedure.query(({ ctx }) => auditEventTypes(ctx.scope)),
  /** The dashboard's recent activity: the newest rows. */
  recent: superAdminProcedure.query(({ ctx }) => recentAuditLogs(ctx.scope)),
});
