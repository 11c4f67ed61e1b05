/**
 * The server side of "Suggest an order": road distances when ROUTING_URL is set and the routing
 * server answers, straight lines otherwise (never a failure: the suggestion is advisory and says
 * which distances it used). The admin applies the order only after seeing it.
 */
import type { LatLng, SuggestedOrder, SuggestOrderOptions } from "#shared/route-order.ts";
import { matrixDistance, suggestOrder } from "#shared/route-order.ts";
import type { AppDeps } from "#worker/deps.ts";
import { type Fetch, fetchRoadDistances } from "./osrm.ts";

export type DistanceSource = "road" | "straight-line";

export type StopOrderSuggestion = SuggestedOrder & { distanceSource: DistanceSource };

export type SuggestStopOrderDeps = Pick<AppDeps, "logger"> & {
  config: Pick<AppDeps["config"], "routingUrl">;
  /** Injected by tests; the global fetch, called unbound (as workerd requires), otherwise. */
  fetch?: Fetch;
  timeoutMs?: number;
};

export async function suggestStopOrder(
  deps: SuggestStopOrderDeps,
  stops: readonly LatLng[],
  options: Omit<SuggestOrderOptions, "distance"> = {},
): Promise<StopOrderSuggestion> {
  const { routingUrl } = deps.config;
  // Fewer than two stops have no legs to measure: no request.
  if (routingUrl !== undefined && stops.length >= 2) {
    try {
      const matrix = await fetchRoadDistances(
        { routingUrl, fetch: deps.fetch ?? ((input, init) => fetch(input, init)), timeoutMs: deps.timeoutMs },
        stops,
      );
      return { ...suggestOrder(stops, { ...options, distance: matrixDistance(matrix) }), distanceSource: "road" };
    } catch (error) {
      deps.logger.warn("road distances unavailable; straight lines used", {
        stops: stops.length,
        reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
    }
  }
  return { ...suggestOrder(stops, options), distanceSource: "straight-line" };
}
