import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.ts";
import { mapTilesQuery } from "./queries.ts";

/** What the public pages show of the platform settings (the support e-mail). */
export function useSiteInfo() {
  const trpc = useTRPC();
  return useQuery(trpc.site.info.queryOptions(undefined, { staleTime: 10 * 60_000 }));
}

/**
 * The maps' background tiles (URL template and attribution), or null for a plain background. Fixed
 * for a deployment, so asked for once per visit.
 */
export function useMapTiles() {
  const trpc = useTRPC();
  return useQuery({ ...mapTilesQuery(trpc), select: (data) => data.tiles });
}

/** Whether the route editor offers address search (the server has a geocoder, ADR 0054); false until known. */
export function useAddressSearchOn(): boolean {
  const trpc = useTRPC();
  return useQuery({ ...mapTilesQuery(trpc), select: (data) => data.addressSearch }).data === true;
}
