import "leaflet/dist/leaflet.css";
import "./map.css";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import {
  divIcon,
  type LayerGroup,
  type Map as LeafletMap,
  latLngBounds,
  layerGroup,
  map as leafletMap,
  marker,
  point,
  polyline,
  tileLayer,
} from "leaflet";
import { useEffect, useRef, useState } from "react";
import { addControls } from "./controls.ts";
import { spreadPoints } from "./spread.ts";
import type { BoardMapProps, MapTiles } from "./types.ts";

/**
 * The live board's map with Leaflet, only ever imported lazily (BoardMap.tsx). The list beside it is
 * the primary control, the map a picture of it (markers are not focusable; each bus and stop is named
 * in the list). Stops closer on screen than a marker's width are drawn apart round their middle, each
 * with a thin line to where it is (`spreadPoints`, again on every zoom), so each can be read and
 * clicked; a click on a stop, or the list's pick (`selectedStopId`), zooms to it and marks it.
 */
const MAX_ZOOM = 19;
const STOP_SIZE = 24;
/** Stop markers closer than this (pixels) are spread apart. */
const STOP_GAP = STOP_SIZE + 4;
/** The zoom a picked stop is shown at (at least). */
const PICK_ZOOM = 17;
const FIT = { padding: [32, 32] as [number, number], maxZoom: 15 };
const WORLD = { center: { lat: 20, lng: 0 }, zoom: 2 };

export function LeafletBoardMap({
  tiles,
  label,
  buses,
  stops = [],
  trail = [],
  emptyView = WORLD,
  selectedStopId = null,
  onSelectStop,
}: BoardMapProps & { tiles: MapTiles | null }) {
  const container = useRef<HTMLDivElement>(null);
  const view = useRef<LeafletMap | null>(null);
  const layer = useRef<LayerGroup | null>(null);
  const stopLayer = useRef<LayerGroup | null>(null);
  const fitted = useRef(false);
  const [zoom, setZoom] = useState(0);
  const select = useRef(onSelectStop);
  select.current = onSelectStop;
  const clickable = onSelectStop !== undefined;

  useEffect(() => {
    const map = leafletMap(container.current!, {
      maxZoom: MAX_ZOOM,
      attributionControl: false,
      zoomControl: false,
      zoomSnap: 0.5,
    });
    if (tiles) tileLayer(tiles.urlTemplate, { maxZoom: MAX_ZOOM }).addTo(map);
    addControls(map);
    map.setView(emptyView.center, emptyView.zoom);
    layer.current = layerGroup().addTo(map);
    stopLayer.current = layerGroup().addTo(map);
    // The stops are spread for the zoom they are seen at.
    map.on("zoomend", () => setZoom(map.getZoom()));
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

  useEffect(() => {
    const map = view.current;
    const group = stopLayer.current;
    if (!map || !group) return;
    group.clearLayers();
    const shown = spreadPoints(
      stops.map((stop) => map.latLngToLayerPoint(stop)),
      STOP_GAP,
    ).map((at) => map.layerPointToLatLng(point(at.x, at.y)));
    stops.forEach((stop, index) => {
      const at = shown[index]!;
      const moved = at.lat !== stop.lat || at.lng !== stop.lng;
      if (moved) polyline([stop, at], { color: "#475569", weight: 1, interactive: false }).addTo(group);
      const selected = stop.id === selectedStopId;
      marker(at, {
        icon: icon(`stop-marker${selected ? " is-selected" : ""}`, String(stop.order), STOP_SIZE),
        title: `${stop.order}. ${stop.name}`,
        interactive: clickable,
        keyboard: false,
        zIndexOffset: selected ? 500 : 0,
      })
        .on("click", () => select.current?.(stop.id))
        .addTo(group);
    });
    // `zoom` is a dependency: the spread is redone for each zoom.
  }, [stops, selectedStopId, clickable, zoom]);

  useEffect(() => {
    const map = view.current;
    const stop = stops.find((candidate) => candidate.id === selectedStopId);
    if (map && stop) map.setView(stop, Math.max(map.getZoom(), PICK_ZOOM));
  }, [selectedStopId, stops]);

  return (
    <section aria-label={label} className="h-full">
      <div
        ref={container}
        role="application"
        aria-roledescription={t`map`}
        aria-label={t`${label}: arrow keys move the view, plus and minus zoom`}
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
          <Trans>No background map</Trans>
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
