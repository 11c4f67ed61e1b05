import { attendanceReportInput, liveRunsInput, runReplayInput } from "#shared/live-board-inputs.ts";
import { attendanceReport, liveRuns, runReplay } from "#worker/services/live/board.ts";
import { router, schoolAdminProcedure } from "#worker/trpc/init.ts";

/**
 * schoolAdmin.live.*: the live board's runs of a day (each open one is watched over
 * `/api/live/runs/:runId/socket`), a run's replay, and the attendance report (LO6: the school's own).
 */
export const liveRouter = router({
  runs: schoolAdminProcedure.input(liveRunsInput).query(({ ctx, input }) => liveRuns(ctx.scope, input)),
  replay: schoolAdminProcedure.input(runReplayInput).query(({ ctx, input }) => runReplay(ctx.scope, input)),
  attendance: schoolAdminProcedure
    .input(attendanceReportInput)
    .query(({ ctx, input }) => attendanceReport(ctx.scope, input)),
});
