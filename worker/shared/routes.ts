import { z } from "zod";
import { driverIdField } from "./drivers.ts";
import { ROUTE_TYPES } from "./enums.ts";
import { text } from "./fields.ts";
import { GEOCODE_LIMITS, GEOCODE_MESSAGES, ROUTE_LIMITS, ROUTE_MESSAGES } from "./route-texts.ts";
import { isCalendarDate, WALL_TIME } from "./school-time.ts";

export * from "./route-texts.ts";

const M = ROUTE_MESSAGES;
const id = z.string().min(1).max(64);
const date = (message: string) => z.string(message).max(10, message).refine(isCalendarDate, message);

/** Chosen weekdays, 0 = Sunday, each at most once. */
export const weekdaysField = (message: string) =>
  z
    .array(z.number().int().min(0).max(6))
    .min(1, message)
    .max(7)
    .refine((days) => new Set(days).size === days.length, message);

/** A route (ADR 0046): its calendar (weekdays, active from/to) is part of it. */
export const routeFormSchema = z
  .object({
    name: text(120, M.name),
    direction: z.enum(ROUTE_TYPES),
    colour: z.string(M.colour).regex(/^#[0-9a-fA-F]{6}$/, M.colour),
    busId: id.nullable(),
    /** The driver's account (ADR 0057); the route then carries its name. Null: only a typed name. */
    driverId: driverIdField,
    driverName: text(120, M.driverName),
    activeFrom: date(M.activeFrom),
    activeTo: date(M.activeTo).nullable(),
    weekdays: weekdaysField(M.weekdays),
  })
  .strict()
  .refine((route) => route.activeTo === null || route.activeTo >= route.activeFrom, {
    path: ["activeTo"],
    message: M.activeTo,
  });

export const routeIdInput = z.object({ routeId: id }).strict();

/** "Find an address" in the route editor (ADR 0054). */
export const geocodeAddressInput = z.object({ query: text(GEOCODE_LIMITS.maxQuery, GEOCODE_MESSAGES.query) }).strict();
export const createRouteInput = z.object({ route: routeFormSchema }).strict();
export const updateRouteInput = z.object({ routeId: id, route: routeFormSchema }).strict();

export const listRoutesInput = z
  .object({
    page: z.number().int().min(1).max(10_000).default(1),
    direction: z.enum(ROUTE_TYPES).optional(),
  })
  .strict();

/** One stop as the form sends it: an existing stop keeps its id (its riders stay on it); a new one has none. */
export const stopFormSchema = z
  .object({
    id: id.optional(),
    name: text(120, M.stopName),
    latitude: z.number(M.latitude).min(-90, M.latitude).max(90, M.latitude),
    longitude: z.number(M.longitude).min(-180, M.longitude).max(180, M.longitude),
    time: z.string(M.stopTime).regex(WALL_TIME, M.stopTime),
    distanceMeters: z.number(M.distance).int(M.distance).min(0, M.distance).max(1_000_000, M.distance),
  })
  .strict();

/**
 * The whole ordered list of a route's stops (insert, remove, edit and reorder in one): positions
 * become 0..n-1 in this order. `version` is the route's `stopsVersion` as read: a stale list is refused.
 */
export const setStopsInput = z
  .object({
    routeId: id,
    version: z.number().int().min(0),
    stops: z.array(stopFormSchema).min(1, "Add at least one stop").max(ROUTE_LIMITS.maxStops),
  })
  .strict()
  .superRefine(({ stops }, ctx) => {
    for (let index = 1; index < stops.length; index++) {
      const [before, stop] = [stops[index - 1]!, stops[index]!];
      if (stop.time < before.time || stop.distanceMeters < before.distanceMeters)
        ctx.addIssue({ code: "custom", path: ["stops", index, "time"], message: M.stopsInOrder });
    }
    const ids = stops.flatMap((stop) => (stop.id ? [stop.id] : []));
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", path: ["stops"], message: M.reorderAll });
  });

/** Reorder only: every stop id of the route, in the new order. */
export const reorderStopsInput = z
  .object({ routeId: id, version: z.number().int().min(0), stopIds: z.array(id).min(1).max(ROUTE_LIMITS.maxStops) })
  .strict()
  .refine(({ stopIds }) => new Set(stopIds).size === stopIds.length, { path: ["stopIds"], message: M.reorderAll });

/** The weekdays a route runs. */
export const setCalendarInput = z.object({ routeId: id, weekdays: weekdaysField(M.weekdays) }).strict();

export const noServiceDayInput = z
  .object({ date: date(M.noServiceDate), reason: text(120, M.noServiceReason) })
  .strict();
export const noServiceDayIdInput = z.object({ noServiceDayId: id }).strict();
export const listNoServiceDaysInput = z.object({ from: date(M.noServiceDate).optional() }).strict();

/** A route's sheet for the driver on one day (`GET /api/routes/:routeId/sheet.pdf?date=`). */
export const routeSheetInput = z.object({ routeId: id, date: date(M.sheetDate) }).strict();

/**
 * The school's transport settings: how long before the scheduled stop time "not riding" closes, and
 * how late at its last stop a run may be and still count as on time (kept as saved when left out).
 */
export const transportSettingsInput = z
  .object({
    rideCutoffMinutes: z.number(M.cutoff).int(M.cutoff).min(0, M.cutoff).max(1440, M.cutoff),
    onTimeMinutes: z.number(M.onTime).int(M.onTime).min(0, M.onTime).max(120, M.onTime).optional(),
  })
  .strict();
