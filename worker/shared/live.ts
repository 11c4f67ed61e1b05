import { z } from "zod";
import "./fields.ts";
import { ATTENDANCE_STATUSES, LIVE_BATCH_MAX_ITEMS } from "./live-constants.ts";

export * from "./live-constants.ts";

/**
 * What the driver's phone sends (ADR 0055): batches of positions and taps, in the order they were made,
 * each with a client id unique per run (a replay of the same id changes nothing and is acknowledged).
 */

const id = z.string().min(1).max(64);
/** Letters, digits, `-` and `_`: the phone makes them (a UUID, or a counter after a prefix). */
const clientId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, "Use letters, digits, - and _ only");
/** The phone's clock, epoch milliseconds (checked against the server's when stored). */
const deviceTime = z.number().int().min(0).max(8_640_000_000_000_000);
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

export const positionItem = z
  .object({
    kind: z.literal("position"),
    clientId,
    at: deviceTime,
    latitude,
    longitude,
    /** Metres. */
    accuracy: z.number().min(0).max(100_000),
    /** Metres per second. */
    speed: z.number().min(0).max(1_000).nullable(),
    /** Degrees from north. */
    heading: z.number().min(0).max(360).nullable(),
  })
  .strict();

export const tapItem = z
  .object({
    kind: z.literal("tap"),
    clientId,
    at: deviceTime,
    childId: id,
    stopId: id,
    status: z.enum(ATTENDANCE_STATUSES),
    latitude: latitude.nullable(),
    longitude: longitude.nullable(),
  })
  .strict();

export const liveItem = z.discriminatedUnion("kind", [positionItem, tapItem]);
export type LiveItem = z.infer<typeof liveItem>;
export type PositionItem = z.infer<typeof positionItem>;
export type TapItem = z.infer<typeof tapItem>;

/** `POST /api/live/runs/:runId/batch`: at most `LIVE_BATCH_MAX_ITEMS`, in the order they were made. */
export const ingestBatchInput = z.object({ items: z.array(liveItem).min(1).max(LIVE_BATCH_MAX_ITEMS) }).strict();
export type IngestBatch = z.infer<typeof ingestBatchInput>;

/** The driver starts one of today's runs (with a bus, when the route has none). */
export const startRunInput = z.object({ runId: id, busId: id.nullable() }).strict();
export const runIdInput = z.object({ runId: id }).strict();
