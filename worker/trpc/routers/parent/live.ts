import { setApproachMinutesInput } from "#shared/live.ts";
import { attendanceHistory } from "#worker/services/live/history.ts";
import { approachMinutes, setApproachMinutes } from "#worker/services/live/settings.ts";
import { parentProcedure, router } from "#worker/trpc/init.ts";

/** parent.live.*: the parent's live-tracking settings and the children's ride history (ADR 0055); the run itself is watched over /api/live. */
export const parentLiveRouter = router({
  approachMinutes: parentProcedure.query(({ ctx }) => approachMinutes(ctx.scope)),
  setApproachMinutes: parentProcedure
    .input(setApproachMinutesInput)
    .mutation(({ ctx, input }) => setApproachMinutes(ctx.scope, input)),
  /** My Children's ride history: each child's newest taps (boarded, absent, dropped) with time and stop. */
  attendance: parentProcedure.query(({ ctx }) => attendanceHistory(ctx.scope)),
});
