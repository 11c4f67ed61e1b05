import { z } from "zod";
import "./fields.ts";
import { PUSH_MESSAGES as M } from "./push-constants.ts";

export * from "./push-constants.ts";

const base64url = (min: number, max: number) =>
  z
    .string(M.keys)
    .min(min, M.keys)
    .max(max, M.keys)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, M.keys);

/** A browser's PushSubscription as `toJSON()` gives it (ADR 0068). */
export const subscribePushInput = z
  .object({
    endpoint: z.string(M.endpoint).max(1000, M.endpoint),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }).strict(),
  })
  .strict();
export type SubscribePush = z.infer<typeof subscribePushInput>;

/** This browser turns push off: its endpoint. */
export const unsubscribePushInput = z.object({ endpoint: z.string().max(1000) }).strict();

export const pushDeviceInput = z.object({ id: z.string().min(1).max(100) }).strict();
