import { and, eq, max, min } from "drizzle-orm";
import type { z } from "zod";
import { routeStops, routes } from "#db/schema/index.ts";
import { GEOCODE_LIMITS, GEOCODE_MESSAGES, type geocodeAddressInput } from "#shared/routes.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { AppError, tooManyRequests } from "../errors.ts";
import { searchPlaces, type ViewBox } from "../routing/nominatim.ts";

/** The school's area is its stops' bounding box grown by this much each way (about 11 km north-south). */
export const AREA_MARGIN_DEGREES = 0.1;

/**
 * The box around the school's stops (every route's), grown by the margin: results there come first.
 * Schools have no coordinates of their own, so a school without stops gets no preference (ADR 0054).
 */
async function schoolArea(scope: SchoolScope): Promise<ViewBox | null> {
  const [box] = await scope.deps.db
    .select({
      south: min(routeStops.latitude),
      north: max(routeStops.latitude),
      west: min(routeStops.longitude),
      east: max(routeStops.longitude),
    })
    .from(routes)
    .innerJoin(routeStops, and(eq(routeStops.routeId, routes.id), eq(routeStops.schoolId, scope.schoolId)))
    .where(eq(routes.schoolId, scope.schoolId));
  if (!box || box.south === null || box.north === null || box.west === null || box.east === null) return null;
  const grow = (value: number, by: number, limit: number) => Math.max(-limit, Math.min(limit, value + by));
  return {
    south: grow(box.south, -AREA_MARGIN_DEGREES, 90),
    north: grow(box.north, AREA_MARGIN_DEGREES, 90),
    west: grow(box.west, -AREA_MARGIN_DEGREES, 180),
    east: grow(box.east, AREA_MARGIN_DEGREES, 180),
  };
}

/**
 * "Find an address" in the route editor: at most five places for the admin's text, those near the
 * school's stops first, from the configured geocoder (ADR 0054). The browser never calls the
 * geocoder: the server names itself to it, holds each admin to `GEOCODE_LIMITS.perMinute`, and
 * checks every answer. Off (PRECONDITION_FAILED) without GEOCODER_URL; any failure of the geocoder
 * is one SERVICE_UNAVAILABLE with the message to place the stop by hand, its reason in the log.
 */
export async function geocodeAddress(scope: SchoolScope, input: z.infer<typeof geocodeAddressInput>) {
  const { config, db, logger } = scope.deps;
  const geocoderUrl = config.geocoderUrl;
  if (geocoderUrl === undefined) throw new AppError("PRECONDITION_FAILED", GEOCODE_MESSAGES.off);
  const limit = await hitWindow(db, `geocode:user:${scope.actor.id}`, scope.now, 60_000, GEOCODE_LIMITS.perMinute);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
  const viewBox = await schoolArea(scope);
  try {
    const places = await searchPlaces(
      {
        geocoderUrl,
        userAgent: `SchoolRide/1.0 (+${config.appUrl})`,
        fetch: (url, init) => fetch(url, init),
      },
      input.query,
      { limit: GEOCODE_LIMITS.maxResults, viewBox },
    );
    return { places };
  } catch (error) {
    logger.warn("address search failed", {
      reason: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : String(error),
    });
    throw new AppError("SERVICE_UNAVAILABLE", GEOCODE_MESSAGES.unavailable);
  }
}
