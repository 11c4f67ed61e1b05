import { setApproachMinutesInput } from "#shared/live.ts";
import { approachMinutes, setApproachMinutes } from "#worker/services/live/settings.ts";
import { parentProcedure, router } from "#worker/trpc/init.ts";

/** parent.live.*: the parent's live-tracking settings (ADR 0055); the run itself is watched over /api/live. */
export const parentLiveRouter = router({
  approachMinutes: parentProcedure.query(({ ctx }) => approachMinutes(ctx.scope)),
  setApproachMinutes: parentProcedure
    .input(setApproachMinutesInput)
    .mutation(({ ctx, input }) => setApproachMinutes(ctx.scope, input)),
});
