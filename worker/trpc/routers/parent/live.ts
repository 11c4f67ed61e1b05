import { attendanceHistory } from "#worker/services/live/history.ts";
import { parentProcedure, router } from "#worker/trpc/init.ts";

/** parent.live.*: the children's ride history (ADR 0055); the run itself is watched over /api/live, the lead time is in parent.preferences (ADR 0066). */
export const parentLiveRouter = router({
  /** My Children's ride history: each child's newest taps (boarded, absent, dropped) with time and stop. */
  attendance: parentProcedure.query(({ ctx }) => attendanceHistory(ctx.scope)),
});
