import { router } from "#worker/trpc/init.ts";
import { driverRunsRouter } from "./runs.ts";

/** driver.*: the school is the session's, and so is the driver (ADR 0057). */
export const driverRouter = router({
  runs: driverRunsRouter,
});
