import { lazy } from "react";
import { MapFrame, useTilesOrNull } from "./StopMap.tsx";
import type { LiveMapProps } from "./types.ts";

/** Leaflet's chunk (ADR 0048), loaded when the live view first shows its map, after the text. */
const LeafletLiveMap = lazy(() => import("./leaflet-map.tsx").then((module) => ({ default: module.LeafletLiveMap })));

/**
 * The parent's live map: the bus and the child's stop. A module of its own, so the pages with a stop
 * map (the dashboard, My Children) carry none of it.
 */
export function LiveMap({ className = "h-64", ...props }: LiveMapProps) {
  const tiles = useTilesOrNull();
  return (
    <MapFrame className={className}>{tiles !== undefined && <LeafletLiveMap {...props} tiles={tiles} />}</MapFrame>
  );
}
