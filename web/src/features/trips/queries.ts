import type { RouterInputs } from "../../lib/api-types.ts";
import type { Trpc } from "../../lib/trpc.ts";

export type TripListInput = RouterInputs["schoolAdmin"]["trips"]["list"];

/** Trip Management as it opens from the menu (no filters in the URL): this week. */
export const TRIPS_OPENING_INPUT = { view: "week" } as const satisfies TripListInput;

/** The day or week of trips (the hook's and the route prefetch's source: the same options are the same cache key). */
export const tripsListQuery = (trpc: Trpc, input: TripListInput) => trpc.schoolAdmin.trips.list.queryOptions(input);
