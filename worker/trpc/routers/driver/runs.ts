import { driverRunInput } from "#shared/drivers.ts";
import { getDriverRun, listDriverBuses, listDriverRuns } from "#worker/services/drivers/runs.ts";
import { driverProcedure, router } from "#worker/trpc/init.ts";

/** driver.runs.*: the runs assigned to the signed-in driver, their stops and riders (ADR 0057). */
export const driverRunsRouter = router({
  /** Today's runs, in the school's zone. */
  list: driverProcedure.query(({ ctx }) => listDriverRuns(ctx.scope)),
  /** One run: its stops in order, each with that day's riders. */
  get: driverProcedure.input(driverRunInput).query(({ ctx, input }) => getDriverRun(ctx.scope, input)),
  /** The school's buses, for Start when the run's route has none. */
  buses: driverProcedure.query(({ ctx }) => listDriverBuses(ctx.scope)),
});
