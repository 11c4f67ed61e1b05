import "leaflet/dist/leaflet.css";
import "./map.css";
import { t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import {
  divIcon,
  type LatLngBounds,
  type Map as LeafletMap,
  latLngBounds,
  map as leafletMap,
  type Marker,
  marker,
  type Polyline,
  polyline,
  tileLayer,
} from "leaflet";
import { useEffect, useImperativeHandle, useRef, useState } from "react";
import { addControls } from "./controls.ts";
import type { LatLng, LiveMapProps, MapStop, MapTiles, StopMapProps, StopPreviewMapProps } from "./types.ts";

/**
 * The maps drawn with Leaflet. This module is only ever imported lazily (StopMap.tsx): Leaflet is
 * ~44 KB gzip that no page should load before it shows a map (ADR 0048).
 */

const MAX_ZOOM = 19;
const FIT = { padding: [32, 32] as [number, number], maxZoom: 16 };
const WORLD = { center: { lat: 20, lng: 0 }, zoom: 2 };
const ROUTE_LINE = { color: "#b45309", weight: 4, opacity: 0.85, interactive: false };

export function LeafletStopMap({ tiles, ref, ...props }: StopMapProps & { tiles: MapTiles | null }) {
  const container = useRef<HTMLDivElement>(null);
  const view = useRef<LeafletMap | null>(null);
  const markers = useRef(new Map<string, Marker>());
  const line = useRef<Polyline | null>(null);
  const fitted = useRef(false);
  /** The latest props, for Leaflet's handlers, which are bound once. */
  const latest = useRef(props);
  latest.current = props;
  /** Bumped when a drag ends, so the markers are set to `stops` whether or not the page changed them. */
  const [drops, setDrops] = useState(0);
  const { stops, selectedStopId, showRoute = false } = props;
  const editable = props.onStopMove !== undefined;

  // The map itself, made once per container and tile set.
  useEffect(() => {
    const element = container.current!;
    const map = leafletMap(element, {
      maxZoom: MAX_ZOOM,
      attributionControl: false,
      zoomControl: false,
      zoomSnap: 0.5,
    });
    element.setAttribute("role", "application");
    element.setAttribute("aria-roledescription", t`map`);
    element.setAttribute("aria-label", t`Map: arrow keys move the view, plus and minus zoom, Tab reaches the stops`);
    if (tiles) tileLayer(tiles.urlTemplate, { maxZoom: MAX_ZOOM }).addTo(map);
    addControls(map);
    map.on("click", (event) => latest.current.onMapClick?.({ lat: event.latlng.lat, lng: event.latlng.lng }));
    const { stops: initial, emptyView = WORLD } = latest.current;
    if (initial.length > 0) {
      map.fitBounds(boundsOf(initial), FIT);
      fitted.current = true;
    } else map.setView(emptyView.center, emptyView.zoom);
    const resized = new ResizeObserver(() => keepStopsInView(map, latest.current.stops));
    resized.observe(element);
    view.current = map;
    const drawn = markers.current;
    return () => {
      resized.disconnect();
      map.remove();
      view.current = null;
      drawn.clear();
      line.current = null;
      fitted.current = false;
    };
  }, [tiles]);

  // Markers and the route line follow `stops`; the tab order follows the stops' order. `drops` re-runs
  // it after a drag, to set the markers to `stops`.
  useEffect(() => {
    const map = view.current;
    if (!map) return;
    const ordered = [...stops].sort((a, b) => a.order - b.order);
    const drawn = markers.current;
    if (ordered.map((stop) => stop.id).join("\n") !== [...drawn.keys()].join("\n")) {
      const focused = [...drawn].find(([, each]) => each.getElement() === document.activeElement)?.[0];
      for (const each of drawn.values()) each.remove();
      drawn.clear();
      const dropped = () => setDrops((count) => count + 1);
      for (const stop of ordered) drawn.set(stop.id, stopMarker(stop.id, latest, dropped).addTo(map));
      if (focused) drawn.get(focused)?.getElement()?.focus();
    }
    for (const stop of ordered) {
      const each = drawn.get(stop.id)!;
      const at = each.getLatLng();
      if (at.lat !== stop.lat || at.lng !== stop.lng) each.setLatLng(stop);
      describeMarker(each, stop, stop.id === selectedStopId);
      if (editable) each.dragging?.enable();
      else each.dragging?.disable();
    }
    map.getContainer().classList.toggle("stop-map--editable", editable);
    if (showRoute && ordered.length > 1) {
      if (line.current) line.current.setLatLngs(ordered);
      else line.current = polyline(ordered, ROUTE_LINE).addTo(map);
    } else {
      line.current?.remove();
      line.current = null;
    }
    // Stops that arrive after the map (still loading when it was made) are fitted once.
    if (!fitted.current && ordered.length > 0) {
      map.fitBounds(boundsOf(ordered), FIT);
      fitted.current = true;
    }
  }, [stops, selectedStopId, showRoute, editable, tiles, drops]);

  // A stop selected from the list comes into view.
  useEffect(() => {
    const map = view.current;
    const selected = selectedStopId ? markers.current.get(selectedStopId) : undefined;
    if (map && selected && !map.getBounds().contains(selected.getLatLng())) map.panTo(selected.getLatLng());
  }, [selectedStopId]);

  useImperativeHandle(
    ref,
    () => ({
      focusStop: (id) => {
        const map = view.current;
        const each = markers.current.get(id);
        if (!map || !each) return;
        if (!map.getBounds().contains(each.getLatLng())) map.panTo(each.getLatLng(), { animate: false });
        each.getElement()?.focus();
      },
      center: () => {
        const center = view.current?.getCenter();
        return center ? { lat: center.lat, lng: center.lng } : WORLD.center;
      },
      fitStops: () => {
        const stopsNow = latest.current.stops;
        if (view.current && stopsNow.length > 0) view.current.fitBounds(boundsOf(stopsNow), FIT);
      },
    }),
    [],
  );

  return (
    <section id={props.id} aria-label={props.label} className="h-full">
      <div ref={container} className="stop-map h-full w-full" />
      <Attribution tiles={tiles} />
    </section>
  );
}

/** One stop, shown on a small map that does not move (no dragging, zooming or keyboard stops). */
export function LeafletStopPreview({ stop, label, tiles }: StopPreviewMapProps & { tiles: MapTiles | null }) {
  const container = useRef<HTMLDivElement>(null);
  const { lat, lng, name: stopName } = stop;
  useEffect(() => {
    const element = container.current!;
    const map = leafletMap(element, {
      maxZoom: MAX_ZOOM,
      attributionControl: false,
      zoomControl: false,
      dragging: false,
      touchZoom: false,
      scrollWheelZoom: false,
      doubleClickZoom: false,
      boxZoom: false,
      keyboard: false,
    }).setView({ lat, lng }, 15);
    if (tiles) tileLayer(tiles.urlTemplate, { maxZoom: MAX_ZOOM }).addTo(map);
    const pin = marker({ lat, lng }, { icon: markerIcon(), interactive: false, keyboard: false }).addTo(map);
    const icon = pin.getElement()!;
    icon.classList.add("is-selected");
    icon.setAttribute("aria-hidden", "true");
    const resized = new ResizeObserver(() => map.invalidateSize());
    resized.observe(element);
    return () => {
      resized.disconnect();
      map.remove();
    };
  }, [lat, lng, tiles]);
  return (
    <>
      <div
        ref={container}
        role="img"
        aria-label={label ?? t`Map of the stop ${stopName}`}
        className="stop-map h-full w-full"
      />
      <Attribution tiles={tiles} />
    </>
  );
}

/** A bus: a white glyph on a disc (no external image: CSP allows only the app's own). */
const BUS_GLYPH =
  '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M8 6v6M15 6v6M2 12h19.6M18 18h3s.5-1.7.8-2.8c.1-.4.2-.8.2-1.2 0-.4-.1-.8-.2-1.2l-1.4-5C20.1 6.8 19.1 6 18 6H4a2 2 0 0 0-2 2v10h3"/><circle cx="7" cy="18" r="2"/><path d="M9 18h5"/><circle cx="16" cy="18" r="2"/></svg>';

/**
 * The parent's live map (ADR 0048's lazy chunk): the child's stop and the bus, both in view; the bus
 * moves as positions arrive, greyed when stale. Read-only but pannable and zoomable; the markers are
 * not focusable (the page's text says everything the map shows).
 */
export function LeafletLiveMap({ bus, stop, label, tiles }: LiveMapProps & { tiles: MapTiles | null }) {
  const container = useRef<HTMLDivElement>(null);
  const view = useRef<LeafletMap | null>(null);
  const busMarker = useRef<Marker | null>(null);
  const fitted = useRef(false);
  const { lat, lng } = stop;

  useEffect(() => {
    const element = container.current!;
    const map = leafletMap(element, {
      maxZoom: MAX_ZOOM,
      attributionControl: false,
      zoomControl: false,
      zoomSnap: 0.5,
    }).setView({ lat, lng }, 15);
    if (tiles) tileLayer(tiles.urlTemplate, { maxZoom: MAX_ZOOM }).addTo(map);
    // Pannable and zoomable from the keyboard too: a map application, like the route editor's.
    element.setAttribute("role", "application");
    element.setAttribute("aria-roledescription", t`map`);
    element.setAttribute("aria-label", t`Map: arrow keys move the view, plus and minus zoom`);
    addControls(map);
    const pin = marker({ lat, lng }, { icon: markerIcon(), interactive: false, keyboard: false }).addTo(map);
    pin.getElement()?.classList.add("is-selected");
    pin.getElement()?.setAttribute("aria-hidden", "true");
    const resized = new ResizeObserver(() => map.invalidateSize());
    resized.observe(element);
    view.current = map;
    return () => {
      resized.disconnect();
      map.remove();
      view.current = null;
      busMarker.current = null;
      fitted.current = false;
    };
  }, [lat, lng, tiles]);

  const busLat = bus?.lat;
  const busLng = bus?.lng;
  const stale = bus?.stale ?? false;
  useEffect(() => {
    const map = view.current;
    if (!map) return;
    if (busLat === undefined || busLng === undefined) {
      busMarker.current?.remove();
      busMarker.current = null;
      return;
    }
    const at = { lat: busLat, lng: busLng };
    if (!busMarker.current) {
      const size = 36;
      const icon = divIcon({ html: BUS_GLYPH, className: "bus-marker", iconSize: [size, size], iconAnchor: [18, 18] });
      busMarker.current = marker(at, { icon, interactive: false, keyboard: false, zIndexOffset: 1000 }).addTo(map);
      busMarker.current.getElement()?.setAttribute("aria-hidden", "true");
    } else busMarker.current.setLatLng(at);
    busMarker.current.getElement()?.classList.toggle("is-stale", stale);
    // Both in view: once, then again whenever the bus leaves the view.
    if (!fitted.current || !map.getBounds().contains(at)) {
      map.fitBounds(latLngBounds([at, { lat, lng }]), FIT);
      fitted.current = true;
    }
  }, [busLat, busLng, stale, lat, lng, tiles]);

  return (
    <section aria-label={label} className="h-full">
      <div ref={container} className="stop-map h-full w-full" />
      <Attribution tiles={tiles} />
    </section>
  );
}

/** The tiles' attribution, as text (never HTML from the configuration), or the note that there are no tiles. */
function Attribution({ tiles }: { tiles: MapTiles | null }) {
  if (!tiles)
    return (
      <p className="stop-map-attribution">
        <Trans>No background map</Trans>
      </p>
    );
  return (
    <p className="stop-map-attribution">
      {tiles.attributionUrl ? (
        <a href={tiles.attributionUrl} target="_blank" rel="noopener noreferrer">
          {tiles.attribution}
        </a>
      ) : (
        tiles.attribution
      )}
    </p>
  );
}

/**
 * The container changed size (a phone turned, a sidebar opened): Leaflet is told so, and if every
 * stop was in view before, they all stay in view after — the view is fitted to them again when the
 * new size cuts one off. A view the admin zoomed into (some stops already out of it) is left as it is.
 */
export function keepStopsInView(map: LeafletMap, stops: readonly LatLng[]): void {
  const inView = (bounds: LatLngBounds) => stops.every((stop) => bounds.contains(stop));
  // Leaflet measures the container only in invalidateSize: until then the bounds are the old size's.
  const before = map.getSize();
  const allBefore = before.x > 0 && before.y > 0 && stops.length > 0 && inView(map.getBounds());
  map.invalidateSize();
  const after = map.getSize();
  if (allBefore && after.x > 0 && after.y > 0 && !inView(map.getBounds())) map.fitBounds(boundsOf(stops), FIT);
}

function boundsOf(stops: readonly LatLng[]): LatLngBounds {
  return latLngBounds(stops.map((stop) => [stop.lat, stop.lng]));
}

/**
 * A round numbered marker, larger on a touch screen (a thumb drags it); each marker its own icon,
 * since a DivIcon's element is moved, not copied.
 */
function markerIcon() {
  const number = document.createElement("span");
  const size = window.matchMedia("(pointer: coarse)").matches ? 36 : 28;
  return divIcon({ html: number, className: "stop-marker", iconSize: [size, size], iconAnchor: [size / 2, size / 2] });
}

/**
 * A stop's marker: focusable (Leaflet gives it role=button), selected by click, Enter or Space, and
 * draggable when the map is editable. Its handlers read the latest props, so they are bound once;
 * `dropped` re-renders the map after a drag, so the marker stands where `stops` (then) says.
 */
function stopMarker(id: string, latest: { current: StopMapProps }, dropped: () => void): Marker {
  const each = marker([0, 0], { icon: markerIcon(), keyboard: true, draggable: false, autoPan: true });
  each.on("click", () => latest.current.onSelectStop?.(id));
  each.on("add", () => {
    each.getElement()?.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      latest.current.onSelectStop?.(id);
    });
  });
  each.on("dragend", () => {
    const to = each.getLatLng();
    latest.current.onStopMove?.(id, { lat: to.lat, lng: to.lng });
    dropped();
  });
  return each;
}

/** The marker's number, name and selection, on its element (kept, so focus stays on it). */
function describeMarker(each: Marker, stop: MapStop, selected: boolean): void {
  const element = each.getElement();
  if (!element) return;
  element.firstElementChild!.textContent = String(stop.order);
  const { order, name } = stop;
  element.setAttribute("aria-label", t`Stop ${order}: ${name}`);
  element.classList.toggle("is-selected", selected);
  if (selected) element.setAttribute("aria-current", "true");
  else element.removeAttribute("aria-current");
  each.setZIndexOffset(selected ? 1000 : 0);
}
