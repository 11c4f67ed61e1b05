/**
 * Road distances from an OSRM-compatible server (ROUTING_URL): the table service,
 * `GET {base}/table/v1/driving/{lng},{lat};…?annotations=distance`, answers an n×n matrix of meters
 * (`distances[from][to]`, null where no road joins the two). Server only. Any failure throws; the
 * caller falls back to straight lines (suggest-order.ts).
 */
import { z } from "zod";
import type { LatLng } from "#shared/route-order.ts";

/** Past this the request is abandoned and the suggestion uses straight lines. */
export const ROUTING_TIMEOUT_MS = 5_000;

export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

const tableSchema = z.object({
  code: z.literal("Ok"),
  distances: z.array(z.array(z.number().nonnegative().nullable())),
});

/** The table request's URL; 6 decimals (about 0.1 m) keep it short. */
export function tableUrl(routingUrl: string, stops: readonly LatLng[]): string {
  const coordinates = stops.map((stop) => `${stop.lng.toFixed(6)},${stop.lat.toFixed(6)}`).join(";");
  return `${routingUrl}/table/v1/driving/${coordinates}?annotations=distance`;
}

/** The road-distance matrix of the stops in meters, or an error saying why not. */
export async function fetchRoadDistances(
  deps: { routingUrl: string; fetch: Fetch; timeoutMs?: number },
  stops: readonly LatLng[],
): Promise<number[][]> {
  const response = await deps.fetch(tableUrl(deps.routingUrl, stops), {
    headers: { Accept: "application/json" },
    signal: AbortSignal.timeout(deps.timeoutMs ?? ROUTING_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const table = tableSchema.parse(await response.json());
  const n = stops.length;
  if (table.distances.length !== n || table.distances.some((row) => row.length !== n)) {
    throw new Error(`expected a ${n}×${n} table`);
  }
  if (table.distances.some((row) => row.includes(null))) throw new Error("no road between some stops");
  return table.distances as number[][];
}
