import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { routeStops, routes } from "#db/schema/index.ts";
import { ROUTE_MESSAGES, type routeIdInput } from "#shared/routes.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";
import { suggestStopOrder } from "../routing/suggest-order.ts";

/**
 * "Optimise stop order" for a route's saved stops: a shorter order of the same stops, with the
 * distance before and after. Nothing is written; the admin applies it through `routes.stops.set`
 * with `version` (ADR 0050). The route's school end stays put: a pickup route's last stop (the
 * school) and, as for every route, its first stop.
 */
export async function suggestRouteOrder(scope: SchoolScope, input: z.infer<typeof routeIdInput>) {
  const { db } = scope.deps;
  const [routeRows, stopRows] = await db.batch([
    db
      .select({ id: routes.id, direction: routes.direction, stopsVersion: routes.stopsVersion })
      .from(routes)
      .where(and(eq(routes.id, input.routeId), eq(routes.schoolId, scope.schoolId))),
    db
      .select({ id: routeStops.id, name: routeStops.name, lat: routeStops.latitude, lng: routeStops.longitude })
      .from(routeStops)
      .where(and(eq(routeStops.routeId, input.routeId), eq(routeStops.schoolId, scope.schoolId)))
      .orderBy(asc(routeStops.position)),
  ]);
  const route = routeRows[0];
  if (!route) throw new AppError("NOT_FOUND", ROUTE_MESSAGES.notFound);
  const suggestion = await suggestStopOrder(scope.deps, stopRows, {
    fixFirst: true,
    fixLast: route.direction === "pickup",
  });
  return {
    routeId: route.id,
    version: route.stopsVersion,
    beforeMeters: Math.round(suggestion.before),
    afterMeters: Math.round(suggestion.after),
    distanceSource: suggestion.distanceSource,
    changed: suggestion.order.some((index, position) => index !== position),
    stops: suggestion.order.map((index) => ({ id: stopRows[index]!.id, name: stopRows[index]!.name })),
  };
}
