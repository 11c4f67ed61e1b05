import { runIdInput, startRunInput } from "#shared/live.ts";
import { endRun, startRun } from "#worker/services/live/runs.ts";
import { driverProcedure, router } from "#worker/trpc/init.ts";

/**
 * driver.live.*: start and end the driver's run (ADR 0055). Positions and taps go to
 * `POST /api/live/runs/:runId/batch`, a phone's queue of them not being a procedure call.
 */
export const driverLiveRouter = router({
  startRun: driverProcedure.input(startRunInput).mutation(({ ctx, input }) => startRun(ctx.scope, input)),
  endRun: driverProcedure.input(runIdInput).mutation(({ ctx, input }) => endRun(ctx.scope, input)),
});
