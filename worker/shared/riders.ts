import { z } from "zod";
// The words of validation messages (fields.ts installs them; this module builds schemas).
import "./fields.ts";
import { RIDE_MESSAGES, RIDER_MESSAGES, ROUTE_LIMITS } from "./route-texts.ts";
import { weekdaysField } from "./routes.ts";
import { isCalendarDate, shiftDate } from "./school-time.ts";
import { searchField } from "./search.ts";

export { RIDE_MESSAGES, RIDER_MESSAGES };

const id = z.string().min(1).max(64);
const date = (message: string) => z.string(message).max(10, message).refine(isCalendarDate, message);

/** A child's place at a stop of a route, on chosen weekdays, from/to dates (ADR 0046). */
export const assignRiderInput = z
  .object({
    childId: id,
    stopId: id,
    weekdays: weekdaysField(RIDER_MESSAGES.weekdays),
    fromDate: date(RIDER_MESSAGES.fromDate),
    toDate: date(RIDER_MESSAGES.toDate).nullable(),
  })
  .strict()
  .refine((rider) => rider.toDate === null || rider.toDate >= rider.fromDate, {
    path: ["toDate"],
    message: RIDER_MESSAGES.toDate,
  });

/** Children of the school to assign, by a part of their name. */
export const riderCandidatesInput = z
  .object({ search: searchField().pipe(z.string().min(1, RIDER_MESSAGES.search)) })
  .strict();

export const riderIdInput = z.object({ riderId: id }).strict();
export const ridersOfRouteInput = z.object({ routeId: id }).strict();

/** "Not riding" on a day, or from one day to another (both included). */
export const notRidingInput = z
  .object({ childId: id, from: date(RIDE_MESSAGES.from), to: date(RIDE_MESSAGES.to).optional() })
  .strict()
  .superRefine(({ from, to }, ctx) => {
    if (to === undefined) return;
    if (to < from) ctx.addIssue({ code: "custom", path: ["to"], message: RIDE_MESSAGES.to });
    else if (to > shiftDate(from, ROUTE_LIMITS.maxNotRidingDays - 1))
      ctx.addIssue({ code: "custom", path: ["to"], message: RIDE_MESSAGES.tooLong });
  });
