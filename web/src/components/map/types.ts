import type { Ref } from "react";

/** A point on the map, in degrees (WGS 84). */
export type LatLng = { lat: number; lng: number };

/** A stop as the map draws it: a numbered marker (`order`), named for screen readers. */
export type MapStop = { id: string; name: string; lat: number; lng: number; order: number };

/** The background tiles the server configures (`site.map`); null draws a plain background. */
export type MapTiles = { urlTemplate: string; attribution: string; attributionUrl: string | null };

/**
 * What a page does with the map beside its list of stops (the list is the keyboard's primary
 * control; the map is an enhancement): focus a stop's marker, read the centre of the view (an
 * "add a stop at the map's centre" button), show every stop again.
 */
export type StopMapHandle = {
  /** Brings the stop into view and focuses its marker. */
  focusStop: (id: string) => void;
  /** The centre of the current view. */
  center: () => LatLng;
  /** Fits the view to every stop. */
  fitStops: () => void;
};

/**
 * The editable map of a route's stops. It is controlled: a dragged marker goes back to its stop's
 * position unless `onStopMove` changes `stops` (update them optimistically, then save).
 */
export type StopMapProps = {
  stops: readonly MapStop[];
  /** The map's accessible name, e.g. "Map of the North route's stops". */
  label: string;
  /** id of the map's region, for the paired list's `aria-controls`. */
  id?: string;
  /** Draws a line through the stops in `order`. */
  showRoute?: boolean;
  selectedStopId?: string | null;
  /** A marker was clicked, or Enter or Space pressed on it. */
  onSelectStop?: (id: string) => void;
  /** A click on the map, off the markers (add a stop there). Without it clicks do nothing. */
  onMapClick?: (at: LatLng) => void;
  /** A marker was dragged and dropped (move the stop there). Without it markers do not drag. */
  onStopMove?: (id: string, to: LatLng) => void;
  /** The view when there are no stops yet (the school, say); the whole world otherwise. */
  emptyView?: { center: LatLng; zoom: number };
  /** The map's size, as classes; `h-80` by default. */
  className?: string;
  ref?: Ref<StopMapHandle>;
};

/** The small read-only map of one stop (the parent's child card). */
export type StopPreviewMapProps = {
  stop: Pick<MapStop, "name" | "lat" | "lng">;
  /** The map's accessible name; "Map of the stop <name>" by default. */
  label?: string;
  /** The map's size, as classes; `h-32` by default. */
  className?: string;
};

/**
 * The parent's live map: the bus (null before its first position) and the child's stop, nothing else
 * (never another family's stop). A stale bus is drawn greyed, never as live.
 */
export type LiveMapProps = {
  bus: (LatLng & { stale: boolean }) | null;
  stop: Pick<MapStop, "name" | "lat" | "lng">;
  /** The map's accessible name. */
  label: string;
  /** The map's size, as classes; `h-64` by default. */
  className?: string;
};

/** A bus on the live board or in a replay: where it was last heard of; stale ones are drawn faded. */
export type MapBus = { id: string; label: string; lat: number; lng: number; stale: boolean };

/** The live board's map (every open run's bus) and a replay's (the run's trail, its stops, the bus then). */
export type BoardMapProps = {
  /** The map's accessible name. */
  label: string;
  buses: readonly MapBus[];
  /** The route's stops (a replay). */
  stops?: readonly MapStop[];
  /** The positions as a line, in time order (a replay). */
  trail?: readonly LatLng[];
  /** The view when there is nothing to show yet. */
  emptyView?: { center: LatLng; zoom: number };
  className?: string;
  /** The stop picked in the list beside the map: shown up close and marked. */
  selectedStopId?: string | null;
  /** A stop's marker was clicked (without it, stops are not clickable). */
  onSelectStop?: (id: string) => void;
};
