import { Trans } from "@lingui/react/macro";
import { Component, type ReactNode, type Ref, Suspense, useEffect, useRef, useState } from "react";
import { useMapTiles } from "../../features/site/hooks.ts";
import { leafletChunk } from "./leaflet-chunk.ts";
import type { MapTiles, StopMapProps, StopPreviewMapProps } from "./types.ts";

/**
 * The maps, loaded on first use: Leaflet and its stylesheet are one chunk that no page's initial JS
 * includes (scripts/check-bundle-budget.ts fails if one does; ADR 0048). Until it arrives, and if it
 * never does, the frame keeps its size and says so; the page around it works without it.
 */
const LeafletStopMap = leafletChunk.component((module) => module.LeafletStopMap);
const LeafletStopPreview = leafletChunk.component((module) => module.LeafletStopPreview);

/** The editable map of a route's stops: click to add, drag to move, markers to select. */
export function StopMap({ className = "h-80", ...props }: StopMapProps) {
  const tiles = useTilesOrNull();
  return (
    <MapFrame className={className}>{tiles !== undefined && <LeafletStopMap {...props} tiles={tiles} />}</MapFrame>
  );
}

/**
 * The small read-only map of one stop, drawn once its frame comes near the screen: the child cards'
 * maps below the fold of a phone load no Leaflet (45 KB) and no tiles until the reader scrolls to
 * them, so the page's first load on a weak signal carries what it shows first.
 */
export function StopPreviewMap({ className = "h-32", ...props }: StopPreviewMapProps) {
  const tiles = useTilesOrNull();
  const [frame, near] = useNearScreen();
  return (
    <MapFrame className={className} frameRef={frame}>
      {near && tiles !== undefined && <LeafletStopPreview {...props} tiles={tiles} />}
    </MapFrame>
  );
}

/** How far beyond the screen, above and below, a frame counts as near it (a quarter of its height). */
const NEAR_SCREEN = "25% 0px";

/** A ref for an element, and whether it has come near the screen (true at once where the browser cannot tell). */
function useNearScreen(): [Ref<HTMLDivElement>, boolean] {
  const element = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [near]);
  return [element, near];
}

/** The configured tiles; null without them or when they cannot be asked for; undefined while asking. */
export function useTilesOrNull(): MapTiles | null | undefined {
  const tiles = useMapTiles();
  if (tiles.isPending) return undefined;
  return tiles.data ?? null;
}

/** A map's frame: its size kept while the map loads, a note if it never does. */
export function MapFrame({
  className,
  frameRef,
  children,
}: {
  className: string;
  frameRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <div
      ref={frameRef}
      className={`relative isolate overflow-hidden rounded-lg border border-slate-200 bg-slate-100 ${className}`}
      // Its tiles and markers are placed by script: a kept screen (ADR 0089) keeps the frame only.
      data-screen="box"
    >
      <MapErrorBoundary>
        <Suspense
          fallback={
            <MapNote loading>
              <Trans>Loading the map…</Trans>
            </MapNote>
          }
        >
          {children}
        </Suspense>
      </MapErrorBoundary>
    </div>
  );
}

function MapNote({ children, loading = false }: { children: ReactNode; loading?: boolean }) {
  return (
    <p
      role="status"
      className="flex h-full items-center justify-center p-4 text-center text-sm text-slate-600"
      data-loading={loading ? "" : undefined}
    >
      {children}
    </p>
  );
}

/** A map that cannot load (a dropped connection) or draw leaves a note in its frame, never a broken page. */
class MapErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <MapNote>
        <Trans>The map could not be shown. Reload the page to try again.</Trans>
      </MapNote>
    ) : (
      this.props.children
    );
  }
}
