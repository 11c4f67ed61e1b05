import type { Trpc } from "../../lib/trpc.ts";

/** The parent's Flight Trips (the hook's and the route prefetch's source: the same options are the same cache key). */
export const parentFlightTripsQuery = (trpc: Trpc) => trpc.parent.flightTrips.list.queryOptions();
