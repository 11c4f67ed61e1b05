import { z } from "zod";
import { optionalText, text } from "./fields.ts";
import { BUS_MESSAGES, ROUTE_LIMITS } from "./route-texts.ts";

export { BUS_MESSAGES };

/** A school's bus (ADR 0046): number, seats (the bound on a run's riders), plate. */
export const busFormSchema = z
  .object({
    number: text(40, BUS_MESSAGES.number),
    seats: z
      .number(BUS_MESSAGES.seats)
      .int(BUS_MESSAGES.seats)
      .min(1, BUS_MESSAGES.seats)
      .max(ROUTE_LIMITS.maxSeats, BUS_MESSAGES.seats),
    plate: optionalText(20),
  })
  .strict();

export const busIdInput = z.object({ busId: z.string().min(1).max(64) }).strict();
export const createBusInput = z.object({ bus: busFormSchema }).strict();
export const updateBusInput = z.object({ busId: z.string().min(1).max(64), bus: busFormSchema }).strict();
