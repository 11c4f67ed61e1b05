import { pushDeviceInput, subscribePushInput, unsubscribePushInput } from "#shared/push.ts";
import { myPush, removeMyPushDevice, subscribeMyPush, unsubscribeMyPush } from "#worker/services/push/subscriptions.ts";
import { parentProcedure, router } from "#worker/trpc/init.ts";

/** parent.push.*: "Push on this device" and the parent's devices (ADR 0068); always the signed-in parent's own. */
export const parentPushRouter = router({
  get: parentProcedure.query(({ ctx }) => myPush(ctx.scope)),
  subscribe: parentProcedure.input(subscribePushInput).mutation(({ ctx, input }) => subscribeMyPush(ctx.scope, input)),
  unsubscribe: parentProcedure
    .input(unsubscribePushInput)
    .mutation(({ ctx, input }) => unsubscribeMyPush(ctx.scope, input.endpoint)),
  remove: parentProcedure.input(pushDeviceInput).mutation(({ ctx, input }) => removeMyPushDevice(ctx.scope, input.id)),
});
