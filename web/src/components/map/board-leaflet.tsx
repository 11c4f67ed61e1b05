import "leaflet/dist/leaflet.css";
import "./map.css";
import {
  control,
  divIcon,
  type LayerGroup,
  type Map as LeafletMap,
  latLngBounds,
  layerGroup,
  map as leafletMap,
  marker,
  polyline,
  tileLayer,
} from "leaflet";
import { useEffect, useRef } from "react";
import type { BoardMapProps, MapTiles } from "./types.ts";

/**
 * The live board's map with Leaflet, only ever imported lazily (BoardMap.tsx). Read-only: the list
 * beside it is the primary control, the map a picture of it (markers are not focusable; each bus and
 * stop is named in the list).
 */
const MAX_ZOOM = 19;
const FIT = { padding: [32, 32] as [number, number], maxZoom: 15 };
const WORLD = { center: { lat: 20, lng: 0 }, zoom: 2 };

export function LeafletBoardMap({
  tiles,
  label,
  buses,
  stops = [],
  trail = [],
  emptyView = WORLD,
}: BoardMapProps & { tiles: MapTiles | null }) {
  const container = useRef<HTMLDivElement>(null);
  const view = useRef<LeafletMap | null>(null);
  const layer = useRef<LayerGroup | null>(null);
  const fitted = useRef(false);

  useEffect(() => {
    const map = leafletMap(container.current!, { maxZoom: MAX_ZOOM, attributionControl: false, zoomSnap: 0.5 });
    if (tiles) tileLayer(tiles.urlTemplate, { maxZoom: MAX_ZOOM }).addTo(map);
    control.scale().addTo(map);
    map.setView(emptyView.center, emptyView.zoom);
    layer.current = layerGroup().addTo(map);
    const resized = new ResizeObserver(() => map.invalidateSize());
    resized.observe(container.current!);
    view.current = map;
    return () => {
      resized.disconnect();
      map.remove();
      view.current = null;
      fitted.current = false;
    };
  }, [tiles, emptyView]);

  useEffect(() => {
    const map = view.current;
    const group = layer.current;
    if (!map || !group) return;
    group.clearLayers();
    if (stops.length > 1)
      polyline(
        [...stops].sort((a, b) => a.order - b.order),
        { color: "#94a3b8", weight: 3, dashArray: "4 6", interactive: false },
      ).addTo(group);
    if (trail.length > 1)
      polyline([...trail], { color: "#b45309", weight: 4, opacity: 0.9, interactive: false }).addTo(group);
    for (const stop of stops)
      marker(stop, { icon: icon("stop-marker", String(stop.order), 24), interactive: false, keyboard: false }).addTo(
        group,
      );
    for (const bus of buses)
      marker(bus, {
        icon: icon(`bus-marker is-numbered${bus.stale ? " is-stale" : ""}`, bus.label, 34),
        interactive: false,
        keyboard: false,
        zIndexOffset: 1000,
      }).addTo(group);
    const points = [...buses, ...stops, ...trail];
    if (!fitted.current && points.length > 0) {
      map.fitBounds(latLngBounds(points.map((point) => [point.lat, point.lng])), FIT);
      fitted.current = true;
    }
  }, [buses, stops, trail]);

  return (
    <section aria-label={label} className="h-full">
      <div
        ref={container}
        role="application"
        aria-roledescription="map"
        aria-label={`${label}: arrow keys move the view, plus and minus zoom`}
        className="stop-map h-full w-full"
      />
      <p className="stop-map-attribution">
        {tiles ? (
          tiles.attributionUrl ? (
            <a href={tiles.attributionUrl} target="_blank" rel="noopener noreferrer">
              {tiles.attribution}
            </a>
          ) : (
            tiles.attribution
          )
        ) : (
          "No background map"
        )}
      </p>
    </section>
  );
}

function icon(className: string, text: string, size: number) {
  const element = document.createElement("span");
  element.textContent = text;
  element.setAttribute("aria-hidden", "true");
  return divIcon({ html: element, className, iconSize: [size, size], iconAnchor: [size / 2, size / 2] });
}
