import { z } from "zod";
import { ROUTE_TYPES, TRIP_STATUSES } from "./enums.ts";
import { ISO_DATE, shiftDate, WALL_TIME, weekday } from "./school-time.ts";

/** Spec §5 defaults: departure 07:30, arrival 08:15, one stop, no students yet, scheduled. */
export const TRIP_DEFAULTS = { departureTime: "07:30", arrivalTime: "08:15", stops: 1, studentsCount: 0, status: "scheduled" } as const;

/** "Repeat": one trip per chosen weekday up to the end date, at most one school year ahead. */
export const REPEAT_MAX_DAYS = 366;
/** Moving a trip by more than this notifies its parents. */
export const TRIP_TIME_CHANGE_NOTIFY_MINUTES = 10;

/** Spec §8 toasts and confirmation, and the form's messages. */
export const TRIP_MESSAGES = {
  created: { title: "Trip Created", description: "Trip created successfully!" },
  updated: { title: "Trip Updated", description: "Trip updated successfully!" },
  deleted: { title: "Trip Deleted", description: "Trip deleted successfully!" },
  saveFailed: { title: "Save Failed", description: "Failed to save trip. Please try again." },
  deleteFailed: { title: "Deletion Failed", description: "Failed to delete trip. Please try again." },
  confirmDelete: "Are you sure you want to delete this trip? This action cannot be undone.",
  empty: "No trips found",
  routeName: "Route name is required",
  busNumber: "Bus number is required",
  driverName: "Driver name is required",
  departureDate: "Departure date is required",
  time: "Enter a time as HH:MM",
  stops: "Total stops must be at least 1",
  students: "Estimated students cannot be negative",
  arrivalAfterDeparture: "Estimated arrival must be after the departure time",
  repeatDays: "Choose at least one weekday to repeat on",
  repeatUntil: "The repeat end date must be on or after the departure date",
  repeatTooLong: "Trips can repeat for at most one school year",
  notFound: "Trip not found",
} as const;

const name = (message: string) => z.string().trim().min(1, message).max(120);
const count = (min: number, message: string) => z.coerce.number<number | string>().int(message).min(min, message).max(10_000, message);

/** The New Trip / Edit Trip form: wall-clock date and times in the school's zone. */
export const tripFormSchema = z
  .object({
    routeName: name(TRIP_MESSAGES.routeName),
    routeType: z.enum(ROUTE_TYPES),
    busNumber: name(TRIP_MESSAGES.busNumber).max(40),
    driverName: name(TRIP_MESSAGES.driverName),
    departureDate: z.string().regex(ISO_DATE, TRIP_MESSAGES.departureDate),
    departureTime: z.string().regex(WALL_TIME, TRIP_MESSAGES.time),
    arrivalTime: z.string().regex(WALL_TIME, TRIP_MESSAGES.time),
    stops: count(1, TRIP_MESSAGES.stops),
    studentsCount: count(0, TRIP_MESSAGES.students),
    status: z.enum(TRIP_STATUSES),
  })
  .strict()
  .refine((trip) => trip.arrivalTime > trip.departureTime, { path: ["arrivalTime"], message: TRIP_MESSAGES.arrivalAfterDeparture });

export type TripForm = z.input<typeof tripFormSchema>;

/** Repeat on weekdays (0 = Sunday) until a date, both inclusive. */
export const tripRepeatSchema = z
  .object({
    weekdays: z.array(z.number().int().min(0).max(6)).min(1, TRIP_MESSAGES.repeatDays).max(7),
    until: z.string().regex(ISO_DATE, TRIP_MESSAGES.repeatUntil),
  })
  .strict();

export const createTripInput = z
  .object({ trip: tripFormSchema, repeat: tripRepeatSchema.optional() })
  .strict()
  .superRefine(({ trip, repeat }, ctx) => {
    if (!repeat) return;
    if (repeat.until < trip.departureDate) ctx.addIssue({ code: "custom", path: ["repeat", "until"], message: TRIP_MESSAGES.repeatUntil });
    else if (repeat.until > shiftDate(trip.departureDate, REPEAT_MAX_DAYS - 1))
      ctx.addIssue({ code: "custom", path: ["repeat", "until"], message: TRIP_MESSAGES.repeatTooLong });
  });

export const tripIdInput = z.object({ tripId: z.string().min(1).max(64) }).strict();

export const updateTripInput = z.object({ tripId: z.string().min(1).max(64), trip: tripFormSchema }).strict();

/** The one-click "Departed" / "Arrived" (and cancel) of today's trips. */
export const setTripStatusInput = z.object({ tripId: z.string().min(1).max(64), status: z.enum(TRIP_STATUSES) }).strict();

export const listTripsInput = z
  .object({
    view: z.enum(["day", "week"]).default("week"),
    /** Any day of the period; the school's today when absent. */
    date: z.string().regex(ISO_DATE).optional(),
    search: z.string().trim().max(120).optional(),
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
