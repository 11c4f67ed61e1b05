import { lazy } from "react";
import { MapFrame, useTilesOrNull } from "./StopMap.tsx";
import type { BoardMapProps } from "./types.ts";

/** The live board's and a replay's map (buses, a trail, stops), loaded on first use like the others (ADR 0048). */
const LeafletBoardMap = lazy(() =>
  import("./board-leaflet.tsx").then((module) => ({ default: module.LeafletBoardMap })),
);

export function BoardMap({ className = "h-80", ...props }: BoardMapProps) {
  const tiles = useTilesOrNull();
  return (
    <MapFrame className={className}>{tiles !== undefined && <LeafletBoardMap {...props} tiles={tiles} />}</MapFrame>
  );
}
