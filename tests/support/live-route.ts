import type { LivePosition, RunStop, StopVisit } from "#shared/live-eta.ts";
import { zonedInstant } from "#shared/school-time.ts";

/** Fixtures of the live-tracking tests: a straight road east through Chicago, times in ms. */

export const MINUTE = 60_000;
export const ZONE = "America/Chicago";
const ORIGIN = { lat: 41.88, lng: -87.63 };
/** Metres per degree of longitude at the origin's latitude (mean Earth radius, as haversineMeters). */
const METERS_PER_DEGREE_LNG = ((2 * Math.PI * 6_371_008.8) / 360) * Math.cos((ORIGIN.lat * Math.PI) / 180);
const METERS_PER_DEGREE_LAT = (2 * Math.PI * 6_371_008.8) / 360;

/** A point `east` metres along the road from the origin, `north` metres off it. */
export const at = (east: number, north = 0) => ({
  lat: ORIGIN.lat + north / METERS_PER_DEGREE_LAT,
  lng: ORIGIN.lng + east / METERS_PER_DEGREE_LNG,
});

/** The instant of a wall-clock time in Chicago, as ms. */
export const chicago = (date: string, time: string) => zonedInstant(date, time, ZONE).getTime();

/** Stops `[id, metres east, scheduled ms]` in route order. */
export const route = (...stops: [string, number, number][]): RunStop[] =>
  stops.map(([stopId, east, scheduledAt]) => ({ stopId, ...at(east), scheduledAt, distanceAlongM: east }));

export const position = (time: number, east: number, extra: Partial<LivePosition> = {}): LivePosition => ({
  at: time,
  ...at(east),
  accuracyM: 10,
  speedMps: null,
  ...extra,
});

export const visit = (
  stopId: string,
  arrivedAt: number | null,
  departedAt: number | null = null,
  source: StopVisit["source"] = "position",
): StopVisit => ({ stopId, arrivedAt, departedAt, source });
