import { router } from "#worker/trpc/init.ts";
import { driverAccountRouter } from "../_shared/account.ts";
import { driverLiveRouter } from "./live.ts";
import { driverRunsRouter } from "./runs.ts";

/** driver.*: the school is the session's, and so is the driver (ADR 0057). */
export const driverRouter = router({
  runs: driverRunsRouter,
  /** Start and end a run; its positions and taps go to /api/live (ADR 0055). */
  live: driverLiveRouter,
  /** `/driver/language`: the driver's own language. */
  account: driverAccountRouter,
});
