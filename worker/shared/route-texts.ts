import { said } from "./said.ts";
// No zod here: the route screens and the parent's rides read these without loading the forms' schemas.

/** Weekdays of a route or a rider, a bit per day (bit 0 Sunday … bit 6 Saturday), as stored (ADR 0046). */
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** Monday to Friday. */
export const SCHOOL_DAYS = [1, 2, 3, 4, 5] as const;

export function weekdayBits(days: readonly number[]): number {
  return days.reduce((bits, day) => bits | (1 << day), 0);
}

export function weekdaysOf(bits: number): number[] {
  return [0, 1, 2, 3, 4, 5, 6].filter((day) => (bits >> day) & 1);
}

/** Minutes after midnight as `HH:mm`. */
export function minutesToTime(minutes: number): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** `HH:mm` as minutes after midnight. */
export function timeToMinutes(time: string): number {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** Bounds of the transport model. */
export const ROUTE_LIMITS = {
  /** Stops on one route. */
  maxStops: 100,
  /** Seats on one bus. */
  maxSeats: 200,
  /** Days of one "not riding" range. */
  maxNotRidingDays: 62,
  /** Runs are generated this many days ahead (today included), hourly and on every change of a route. */
  horizonDays: 14,
  /** Routes per page of the routes list. */
  pageSize: 50,
  /** Children offered when an admin searches the school's children to assign one. */
  maxCandidates: 20,
  /** Riders listed with one route (a bus holds at most 200 a run; a route may have more over the week). */
  maxRidersListed: 2_000,
} as const;

/** Default school setting: "not riding" closes this long before the scheduled stop time. */
export const DEFAULT_RIDE_CUTOFF_MINUTES = 60;

/** Default school setting: a run that reached its last stop at most this many minutes after it was due is on time. */
export const DEFAULT_ON_TIME_MINUTES = 5;

export const BUS_MESSAGES = {
  number: said(/*i18n*/ { id: "Bus number is required" }),
  // ROUTE_LIMITS.maxSeats written out.
  seats: said(/*i18n*/ { id: "Enter the seats as a whole number from 1 to 200" }),
  notFound: said(/*i18n*/ { id: "Bus not found" }),
} as const;

export const ROUTE_MESSAGES = {
  name: said(/*i18n*/ { id: "Route name is required" }),
  driverName: said(/*i18n*/ { id: "Driver name is required" }),
  colour: said(/*i18n*/ { id: "Choose a colour as #rrggbb" }),
  activeFrom: said(/*i18n*/ { id: "Choose the first day the route runs" }),
  activeTo: said(/*i18n*/ { id: "The last day must be on or after the first day" }),
  weekdays: said(/*i18n*/ { id: "Choose at least one weekday" }),
  notFound: said(/*i18n*/ { id: "Route not found" }),
  stopName: said(/*i18n*/ { id: "Stop name is required" }),
  latitude: said(/*i18n*/ { id: "Latitude must be between -90 and 90" }),
  longitude: said(/*i18n*/ { id: "Longitude must be between -180 and 180" }),
  stopTime: said(/*i18n*/ { id: "Enter the stop's time as HH:MM" }),
  distance: said(/*i18n*/ { id: "Enter the distance in metres, 0 or more" }),
  stopsInOrder: said(/*i18n*/ { id: "Each stop's time and distance must not be before the previous stop's" }),
  stopNotOnRoute: said(/*i18n*/ { id: "That stop is not on this route" }),
  reorderAll: said(/*i18n*/ { id: "List every stop of the route exactly once" }),
  stopsStale: said(/*i18n*/ { id: "The stops were changed by someone else. Reload the route and try again." }),
  directionHasRiders: said(/*i18n*/ { id: "A route with riders cannot change direction: unassign its riders first" }),
  noServiceDate: said(/*i18n*/ { id: "Choose a valid date" }),
  noServiceReason: said(/*i18n*/ { id: "Say why there is no service (e.g. Thanksgiving)" }),
  noServiceDuplicate: said(/*i18n*/ { id: "That day is already a no-service day" }),
  noServiceNotFound: said(/*i18n*/ { id: "No-service day not found" }),
  cutoff: said(/*i18n*/ { id: "Enter the minutes as a whole number from 0 to 1,440" }),
  onTime: said(/*i18n*/ { id: "Enter the minutes as a whole number from 0 to 120" }),
  sheetDate: said(/*i18n*/ { id: "Choose the day of the sheet as YYYY-MM-DD" }),
} as const;

/** Address search in the route editor (ADR 0054): through the server, when GEOCODER_URL is set. */
export const GEOCODE_LIMITS = {
  /** Characters of a search. */
  maxQuery: 200,
  /** Results offered for one search. */
  maxResults: 5,
  /** Searches per school admin per minute. */
  perMinute: 20,
} as const;

export const GEOCODE_MESSAGES = {
  query: said(/*i18n*/ { id: "Type an address or a place to search for" }),
  off: said(/*i18n*/ { id: "Address search is not set up: click the map or type the stop's coordinates." }),
  unavailable: said(
    /*i18n*/ { id: "Address search is not available right now: click the map or type the stop's coordinates." },
  ),
} as const;

export const RIDER_MESSAGES = {
  childNotFound: said(/*i18n*/ { id: "Child not found" }),
  stopNotFound: said(/*i18n*/ { id: "Stop not found" }),
  riderNotFound: said(/*i18n*/ { id: "Rider not found" }),
  fromDate: said(/*i18n*/ { id: "Choose the first day the child rides" }),
  toDate: said(/*i18n*/ { id: "The last day must be on or after the first day" }),
  weekdays: said(/*i18n*/ { id: "Choose at least one weekday" }),
  search: said(/*i18n*/ { id: "Type a part of the child's name" }),
} as const;

export const RIDE_MESSAGES = {
  childNotFound: said(/*i18n*/ { id: "Child not found" }),
  from: said(/*i18n*/ { id: "Choose the first day" }),
  to: said(/*i18n*/ { id: "The last day must be on or after the first day" }),
  // ROUTE_LIMITS.maxNotRidingDays written out.
  tooLong: said(/*i18n*/ { id: "Choose at most 62 days" }),
  noRides: said(/*i18n*/ { id: "Your child has no rides on those days" }),
} as const;
