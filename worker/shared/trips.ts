import { z } from "zod";
import { driverIdField } from "./drivers.ts";
import { ROUTE_TYPES, TRIP_STATUSES } from "./enums.ts";
import { FIELD_MESSAGES, text } from "./fields.ts";
import { isCalendarDate, localDate, localTime, shiftDate, WALL_TIME, weekday, zonedInstant } from "./school-time.ts";
import { searchField } from "./search.ts";
import { REPEAT_MAX_DAYS, TRIP_MESSAGES } from "./trip-texts.ts";

export * from "./trip-texts.ts";

const name = (message: string, max = 120) => text(max, message);
/** A whole number from `min` ("Enter a whole number of stops, 1 or more"), at most 10,000. */
const count = (min: number, message: string, what: "stops" | "students") =>
  z.coerce
    .number<number | string>(message)
    .int(message)
    .min(min, message)
    .max(10_000, FIELD_MESSAGES.atMost(what, 10_000));

/** The New Trip / Edit Trip form: wall-clock date and times in the school's zone. */
export const tripFormSchema = z
  .object({
    routeName: name(TRIP_MESSAGES.routeName),
    routeType: z.enum(ROUTE_TYPES),
    busNumber: name(TRIP_MESSAGES.busNumber, 40),
    /** The driver's account (ADR 0057); the trip then carries its name. Null: only a typed name. */
    driverId: driverIdField,
    driverName: name(TRIP_MESSAGES.driverName),
    departureDate: z.string().refine(isCalendarDate, TRIP_MESSAGES.departureDate),
    departureTime: z.string().regex(WALL_TIME, TRIP_MESSAGES.time),
    arrivalTime: z.string().regex(WALL_TIME, TRIP_MESSAGES.time),
    stops: count(1, TRIP_MESSAGES.stops, "stops"),
    studentsCount: count(0, TRIP_MESSAGES.students, "students"),
    status: z.enum(TRIP_STATUSES),
  })
  .strict()
  .refine((trip) => trip.arrivalTime > trip.departureTime, {
    path: ["arrivalTime"],
    message: TRIP_MESSAGES.arrivalAfterDeparture,
  });

export type TripForm = z.input<typeof tripFormSchema>;
export type TripValues = z.output<typeof tripFormSchema>;

/*
 * The form and the trip's record, both ways, in one place: New / Edit Trip saves `tripRecord` of the
 * form's values (the columns the service writes, the times as instants of `date` in the school's
 * zone); Edit Trip opens on `tripFormValues` of the record. tests/node/form-records.test.ts checks
 * that one undoes the other.
 */

/** The columns the trip form sets, departing on `date` (a repeated trip's every day) in `zone`. */
export function tripRecord(trip: TripValues, date: string, zone: string) {
  return {
    routeName: trip.routeName,
    routeType: trip.routeType,
    busNumber: trip.busNumber,
    driverId: trip.driverId,
    driverName: trip.driverName,
    stops: trip.stops,
    studentsCount: trip.studentsCount,
    status: trip.status,
    departureTime: zonedInstant(date, trip.departureTime, zone),
    arrivalTime: zonedInstant(date, trip.arrivalTime, zone),
  };
}
export type TripRecord = ReturnType<typeof tripRecord>;

/** Edit Trip's form for a record: the date and times on the school's clock (`zone`). */
export function tripFormValues(trip: TripRecord, zone: string): TripForm {
  return {
    routeName: trip.routeName,
    routeType: trip.routeType,
    busNumber: trip.busNumber,
    driverId: trip.driverId,
    driverName: trip.driverName,
    departureDate: localDate(trip.departureTime, zone),
    departureTime: localTime(trip.departureTime, zone),
    arrivalTime: localTime(trip.arrivalTime, zone),
    stops: trip.stops,
    studentsCount: trip.studentsCount,
    status: trip.status,
  };
}

/** Repeat on weekdays (0 = Sunday) until a date, both inclusive. */
export const tripRepeatSchema = z
  .object({
    weekdays: z.array(z.number().int().min(0).max(6)).min(1, TRIP_MESSAGES.repeatDays).max(7),
    until: z.string().refine(isCalendarDate, TRIP_MESSAGES.repeatUntil),
  })
  .strict();

export const createTripInput = z
  .object({ trip: tripFormSchema, repeat: tripRepeatSchema.optional() })
  .strict()
  .superRefine(({ trip, repeat }, ctx) => {
    if (!repeat) return;
    if (repeat.until < trip.departureDate)
      ctx.addIssue({ code: "custom", path: ["repeat", "until"], message: TRIP_MESSAGES.repeatUntil });
    else if (repeat.until > shiftDate(trip.departureDate, REPEAT_MAX_DAYS - 1))
      ctx.addIssue({ code: "custom", path: ["repeat", "until"], message: TRIP_MESSAGES.repeatTooLong });
  });

export const tripIdInput = z.object({ tripId: z.string().min(1).max(64) }).strict();

export const updateTripInput = z.object({ tripId: z.string().min(1).max(64), trip: tripFormSchema }).strict();

/** The one-click "Departed" / "Arrived" (and cancel) of today's trips. */
export const setTripStatusInput = z
  .object({ tripId: z.string().min(1).max(64), status: z.enum(TRIP_STATUSES) })
  .strict();

export const listTripsInput = z
  .object({
    view: z.enum(["day", "week"]).default("week"),
    /** Any day of the period; the school's today when absent. */
    date: z.string().max(10).refine(isCalendarDate, "Choose a valid date").optional(),
    search: searchField(),
    status: z.enum(TRIP_STATUSES).optional(),
    routeType: z.enum(ROUTE_TYPES).optional(),
  })
  .strict();

/** Every date a repeating trip falls on (the departure date itself included when its weekday is chosen). */
export function repeatDates(from: string, repeat: { weekdays: number[]; until: string } | undefined): string[] {
  if (!repeat) return [from];
  const days = new Set(repeat.weekdays);
  const dates: string[] = [];
  for (let date = from; date <= repeat.until; date = shiftDate(date, 1)) if (days.has(weekday(date))) dates.push(date);
  return dates;
}
