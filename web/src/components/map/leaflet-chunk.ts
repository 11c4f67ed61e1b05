import { startableModule } from "../../lib/startable-lazy.tsx";

/**
 * Leaflet's chunk (ADR 0048): the maps' components load from it when first shown, and a page whose
 * main content is a map starts it with its navigation (`warmMaps`, ADR 0076); a map shown after it
 * has arrived renders at once.
 */
export const leafletChunk = startableModule(() => import("./leaflet-map.tsx"));
