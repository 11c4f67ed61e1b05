import { z } from "zod";
import { searchField } from "#shared/search.ts";
import { createSchoolInput, listSchoolsInput, schoolIdInput, updateSchoolInput } from "#shared/superAdmin.ts";
import {
  createSchool,
  deleteSchool,
  listSchools,
  openSupportView,
  schoolDetails,
  updateSchool,
} from "#worker/services/schools/admin.ts";
import { schoolOptions } from "#worker/services/schools/options.ts";
import { router, superAdminProcedure, superAdminSudoProcedure } from "#worker/trpc/init.ts";

/** A picker's search (invite admin): server-only. */
const schoolOptionsInput = z.object({ search: searchField() }).strict();

/** Schools Management: superAdmin.schools.*. */
export const schoolsRouter = router({
  list: superAdminProcedure.input(listSchoolsInput).query(({ ctx, input }) => listSchools(ctx.scope, input)),
  details: superAdminProcedure.input(schoolIdInput).query(({ ctx, input }) => schoolDetails(ctx.scope, input)),
  create: superAdminProcedure.input(createSchoolInput).mutation(({ ctx, input }) => createSchool(ctx.scope, input)),
  update: superAdminProcedure.input(updateSchoolInput).mutation(({ ctx, input }) => updateSchool(ctx.scope, input)),
  /** Sudo mode (SE6): the password was re-entered in the last 10 minutes. */
  delete: superAdminSudoProcedure.input(schoolIdInput).mutation(({ ctx, input }) => deleteSchool(ctx.scope, input)),
  /**
   * "Go to school dashboard": a read-only support view of the school admin dashboard. A mutation,
   * because opening it is audited (queries have no side effects); no write exists for it.
   */
  openSupportView: superAdminProcedure
    .input(schoolIdInput)
    .mutation(({ ctx, input }) => openSupportView(ctx.scope, input)),
  /** Active schools for pickers (invite admin), searched by name. */
  options: superAdminProcedure.input(schoolOptionsInput).query(({ ctx, input }) => schoolOptions(ctx.scope, input)),
});
