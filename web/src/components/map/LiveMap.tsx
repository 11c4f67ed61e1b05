import { leafletChunk } from "./leaflet-chunk.ts";
import { MapFrame } from "./StopMap.tsx";
import type { LiveMapProps, MapTiles } from "./types.ts";

/** Leaflet's chunk (ADR 0048), loaded when the live view first shows its map, after the text. */
const LeafletLiveMap = leafletChunk.component((module) => module.LeafletLiveMap);

/**
 * The parent's live map: the bus and the child's stop. A module of its own, so the pages with a stop
 * map (the dashboard, My Children) carry none of it. The page asks for the tiles as it opens
 * (`useTilesOrNull`, with its other first queries) and passes them.
 */
export function LiveMap({
  className = "h-64",
  tiles,
  ...props
}: LiveMapProps & { tiles: MapTiles | null | undefined }) {
  return (
    <MapFrame className={className}>{tiles !== undefined && <LeafletLiveMap {...props} tiles={tiles} />}</MapFrame>
  );
}
