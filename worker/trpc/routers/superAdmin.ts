import { invitationIdSchema, inviteSchoolAdminSchema, resendInvitationSchema } from "#shared/invitations.ts";
import { createInvitation } from "../../services/invitations/create.ts";
import { resendInvitation, revokeInvitation } from "../../services/invitations/manage.ts";
import { platformStats } from "../../services/platform/stats.ts";
import { approveRegistrationSchema, rejectRegistrationSchema } from "#shared/registration.ts";
import { approveRegistration, pendingRegistrations, rejectRegistration } from "../../services/registration/review.ts";
import { schoolOptions } from "../../services/schools/options.ts";
import { z } from "zod";
import { auditListSchema, emailLogsSchema, inviteListSchema, schoolFormSchema, schoolIdSchema, schoolListSchema, updateSchoolSchema } from "#shared/superAdmin.ts";
import { platformSettingsSchema } from "#shared/settings.ts";
import { auditEventTypes, listAuditLogs } from "../../services/platform/audit-logs.ts";
import { invitationEmailLogs, listInvitations } from "../../services/platform/invites.ts";
import { getPlatformSettings, updatePlatformSettings } from "../../services/platform/settings.ts";
import { createSchool, deleteSchool, listSchools, openSupportView, schoolDetails, updateSchool } from "../../services/schools/admin.ts";
import { actorOf } from "../actor.ts";
import { router, superAdminProcedure, superAdminSudoProcedure } from "../init.ts";
import { securityRouter } from "./security.ts";

const schoolsRouter = router({
  list: superAdminProcedure.input(schoolListSchema).query(({ ctx, input }) => listSchools(ctx.deps.db, input)),
  details: superAdminProcedure.input(schoolIdSchema).query(({ ctx, input }) => schoolDetails(ctx.deps.db, input.schoolId)),
  create: superAdminProcedure
    .input(schoolFormSchema)
    .mutation(({ ctx, input }) => createSchool(ctx.deps.db, input, actorOf(ctx.user), ctx.meta, ctx.deps.now())),
  update: superAdminProcedure
    .input(updateSchoolSchema)
    .mutation(({ ctx, input }) => updateSchool(ctx.deps.db, input, actorOf(ctx.user), ctx.meta, ctx.deps.now())),
  /** Sudo mode (SE6): the password was re-entered in the last 10 minutes. */
  delete: superAdminSudoProcedure
    .input(schoolIdSchema)
    .mutation(({ ctx, input }) => deleteSchool(ctx.deps.db, input.schoolId, actorOf(ctx.user), ctx.meta, ctx.deps.now())),
  /**
   * "Go to school dashboard": a read-only support view of the school admin dashboard. A mutation,
   * because opening it is audited (queries have no side effects); no write exists for it.
   */
  openSupportView: superAdminProcedure
    .input(schoolIdSchema)
    .mutation(({ ctx, input }) => openSupportView(ctx.deps.db, input.schoolId, actorOf(ctx.user), ctx.meta, ctx.deps.now())),
});

const invitesRouter = router({
  list: superAdminProcedure.input(inviteListSchema).query(({ ctx, input }) => listInvitations(ctx.deps.db, input, ctx.deps.now())),
  emailLogs: superAdminProcedure.input(emailLogsSchema).query(({ ctx, input }) => invitationEmailLogs(ctx.deps.db, input.inviteId)),
});

const auditLogsRouter = router({
  list: superAdminProcedure.input(auditListSchema).query(({ ctx, input }) => listAuditLogs(ctx.deps.db, input)),
  eventTypes: superAdminProcedure.query(({ ctx }) => auditEventTypes(ctx.deps.db)),
});

const settingsRouter = router({
  get: superAdminProcedure.query(({ ctx }) => getPlatformSettings(ctx.deps.db)),
  /** Sudo mode (SE6). */
  update: superAdminSudoProcedure
    .input(platformSettingsSchema)
    .mutation(({ ctx, input }) => updatePlatformSettings(ctx.deps.db, input, { id: ctx.user.id, role: "super_admin" }, ctx.meta, ctx.deps.now())),
});

/** The dashboard's recent activity shows this many entries. */
const RECENT_ACTIVITY = 5;

export const superAdminRouter = router({
  schools: schoolsRouter,
  invites: invitesRouter,
  auditLogs: auditLogsRouter,
  settings: settingsRouter,
  security: securityRouter,

  /** The dashboard's recent activity: the newest audit rows. */
  recentActivity: superAdminProcedure.query(async ({ ctx }) => (await listAuditLogs(ctx.deps.db, { role: "all", page: 1 }, RECENT_ACTIVITY)).rows),

  /** Stat cards of the super admin dashboard. */
  stats: superAdminProcedure.query(({ ctx }) => platformStats(ctx.deps.db, ctx.deps.now())),

  /** Active schools for pickers (invite admin), searched by name. */
  schoolOptions: superAdminProcedure
    .input(z.object({ search: z.string().trim().max(120).optional() }).strict())
    .query(({ ctx, input }) => schoolOptions(ctx.deps.db, input.search)),

  /** Registrations awaiting review (the dashboard shows the first 3). */
  pendingRegistrations: superAdminProcedure
    .input(z.object({ limit: z.number().int().min(1).max(100).default(100) }).strict())
    .query(({ ctx, input }) => pendingRegistrations(ctx.deps.db, input.limit)),

  /** approve-school-registration; approvedBy is the signed-in super admin. */
  approveRegistration: superAdminProcedure
    .input(approveRegistrationSchema)
    .mutation(({ ctx, input }) => approveRegistration(ctx.deps, input.pendingSchoolId, actorOf(ctx.user), ctx.meta)),

  /** reject-school-registration; rejectedBy is the signed-in super admin, the reason optional. */
  rejectRegistration: superAdminProcedure
    .input(rejectRegistrationSchema)
    .mutation(({ ctx, input }) => rejectRegistration(ctx.deps, input, actorOf(ctx.user), ctx.meta)),

  inviteSchoolAdmin: superAdminProcedure.input(inviteSchoolAdminSchema).mutation(async ({ ctx, input }) => {
    const invitation = await createInvitation(ctx.deps, { role: "school_admin", ...input }, actorOf(ctx.user), ctx.meta);
    return { id: invitation.id, email: invitation.email, expiresAt: invitation.expiresAt };
  }),

  resendInvite: superAdminProcedure
    .input(resendInvitationSchema)
    .mutation(({ ctx, input }) => resendInvitation(ctx.deps, { inviteId: input.inviteId, regenerate: input.regenerateToken }, actorOf(ctx.user), ctx.meta)),

  revokeInvite: superAdminProcedure
    .input(invitationIdSchema)
    .mutation(({ ctx, input }) => revokeInvitation(ctx.deps, input.inviteId, actorOf(ctx.user), ctx.meta)),
});
