import type { z } from "zod";
import type { routeFormSchema } from "#shared/routes.ts";

/** A route's form as the route editor sends it: a pickup route on weekdays from January 5, 2026, no bus. */
export function routeForm(name: string, change: Partial<z.input<typeof routeFormSchema>> = {}) {
  return {
    name,
    direction: "pickup" as const,
    colour: "#1f77b4",
    busId: null,
    driverName: "Dana",
    activeFrom: "2026-01-05",
    activeTo: null,
    weekdays: [1, 2, 3, 4, 5],
    ...change,
  };
}
