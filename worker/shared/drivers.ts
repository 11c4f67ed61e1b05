import { z } from "zod";
import "./fields.ts";

/** The driver's area (ADR 0057): messages its procedures answer with. */
export const DRIVER_MESSAGES = {
  runNotFound: "This run was not found, or it is not assigned to you.",
} as const;

/** `driver.runs.get`: one run assigned to the signed-in driver. */
export const driverRunInput = z.object({ tripId: z.string().min(1).max(64) }).strict();
