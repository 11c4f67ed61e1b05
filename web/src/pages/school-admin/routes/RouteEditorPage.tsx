import { plural, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowDown, ArrowLeft, ArrowUp, FileUp, Plus, Shuffle, Trash2 } from "lucide-react";
import { lazy, Suspense, useId, useLayoutEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { haversineMeters } from "#shared/route-order.ts";
import type { LatLng, StopMapHandle } from "../../../components/map/types.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { Button, IconButton, SecondaryButton } from "../../../components/ui/buttons.tsx";
import { FormAlert, TextField } from "../../../components/ui/form.tsx";
import { PageHeader, PageSection } from "../../../components/ui/page-header.tsx";
import { Loading, QueryState } from "../../../components/ui/states.tsx";
import { type RouteDetail, useRoute, useSetStops } from "../../../features/routes/hooks.ts";
import { seatsLabel, weekdaysLabel } from "../../../features/routes/labels.ts";
import { useAddressSearchOn } from "../../../features/site/hooks.ts";
import { sharedText } from "../../../i18n/shared-texts.ts";
import { RouteSheetLink } from "./RouteSheetLink.tsx";

/** The map's frame and Leaflet load after the stop list, the page's keyboard control (ADR 0048). */
const StopMap = lazy(() =>
  import("../../../components/map/StopMap.tsx").then((module) => ({ default: module.StopMap })),
);

const OptimiseOrderDialog = lazy(() => import("./OptimiseOrderDialog.tsx"));
// Only where the server has a geocoder (ADR 0054).
const AddressSearch = lazy(() => import("./AddressSearch.tsx"));
const StopImportDialog = lazy(() => import("./StopImportDialog.tsx"));
// Below the stops, and with the search box's code: loaded after the page's first paint (ADR 0019's budget).
const RidersSection = lazy(() => import("./RidersSection.tsx").then((module) => ({ default: module.RidersSection })));

/** A stop as the list edits it: coordinates as typed; `key` names it while it has no id. */
type DraftStop = { key: string; id?: string; name: string; time: string; latitude: string; longitude: string };

const coordinate = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));
const fixed = (value: number) => String(Math.round(value * 1e6) / 1e6);

function draftsOf(stops: RouteDetail["stops"]): DraftStop[] {
  return stops.map((stop) => ({
    key: stop.id,
    id: stop.id,
    name: stop.name,
    time: stop.time,
    latitude: fixed(stop.latitude),
    longitude: fixed(stop.longitude),
  }));
}

/** The list as `routes.stops.set` takes it; each stop's distance is the straight-line metres along the route so far. */
function payload(drafts: readonly DraftStop[]) {
  let distance = 0;
  return drafts.map((stop, index) => {
    const here = { lat: coordinate(stop.latitude), lng: coordinate(stop.longitude) };
    const before = drafts[index - 1];
    if (before) {
      const step = haversineMeters({ lat: coordinate(before.latitude), lng: coordinate(before.longitude) }, here);
      if (Number.isFinite(step)) distance += Math.round(step);
    }
    return {
      ...(stop.id ? { id: stop.id } : {}),
      name: stop.name,
      time: stop.time,
      latitude: here.lat,
      longitude: here.lng,
      distanceMeters: distance,
    };
  });
}

/** "Stop 3": a new stop's name until the admin types one. */
function stopLabel(position: number): string {
  return t`Stop ${position}`;
}

/** "Bus 12", or "No bus". */
function busLabel(bus: { number: string } | null): string {
  if (!bus) return t`No bus`;
  const { number } = bus;
  return t`Bus ${number}`;
}

type StopErrors = { general: string | null; stops: Record<number, Partial<Record<string, string>>> };
const NO_ERRORS: StopErrors = { general: null, stops: {} };

/**
 * The route's stops: the map (click to add a stop, drag a marker to move it) beside the ordered list,
 * which is the keyboard's control (ADR 0048): each stop's name, time and typed coordinates, Move up
 * / Move down, Remove. Where the server has a geocoder, "Find an address" above the map adds a stop
 * at the place chosen (ADR 0054); without one (local mode, tests) the search is not shown. Save sends the whole list with the version it
 * was read at: someone else's save in between is refused, and the server's message shown.
 */
function StopsEditor({ detail, onReload }: { detail: RouteDetail; onReload: () => void }) {
  const { t } = useLingui();
  const { route } = detail;
  const routeName = route.name;
  const [drafts, setDrafts] = useState(() => draftsOf(detail.stops));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<StopErrors>(NO_ERRORS);
  const [selected, setSelected] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const focusAfter = useRef<string | null>(null);
  const map = useRef<StopMapHandle>(null);
  const mapId = useId();
  const save = useSetStops();
  const counter = useRef(0);
  const addressSearch = useAddressSearchOn();

  useLayoutEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  const change = (next: DraftStop[]) => {
    setDrafts(next);
    setDirty(true);
  };
  const update = (key: string, patch: Partial<DraftStop>) =>
    change(drafts.map((stop) => (stop.key === key ? { ...stop, ...patch } : stop)));
  /**
   * A new stop at the end; from the list's button or a place found the focus goes to its name (a map
   * click leaves it on the map).
   */
  const add = (at: LatLng | null, focusName: boolean, name = stopLabel(drafts.length + 1)) => {
    const key = `new-${++counter.current}`;
    const last = drafts.at(-1);
    const stop: DraftStop = {
      key,
      name,
      time: last?.time ?? "07:00",
      latitude: at ? fixed(at.lat) : "",
      longitude: at ? fixed(at.lng) : "",
    };
    change([...drafts, stop]);
    setSelected(key);
    const stopName = stop.name;
    const position = drafts.length + 1;
    setAnnouncement(t`Added ${stopName} as stop ${position}`);
    if (focusName) focusAfter.current = `${key}-name`;
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...drafts];
    const [stop] = next.splice(index, 1);
    next.splice(index + by, 0, stop!);
    change(next);
    const place = index + by;
    // Keep the focus on the button pressed, or on its pair when the stop reached an end.
    const edge = (by === -1 && place === 0) || (by === 1 && place === next.length - 1);
    focusAfter.current = `${stop!.key}-${edge ? (by === -1 ? "down" : "up") : by === -1 ? "up" : "down"}`;
    const stopName = stop!.name;
    const position = place + 1;
    const count = next.length;
    setAnnouncement(t`${stopName} moved to position ${position} of ${count}`);
  };
  const remove = (index: number) => {
    const stop = drafts[index]!;
    const next = drafts.filter((_, at) => at !== index);
    change(next);
    const stopName = stop.name;
    setAnnouncement(t`Removed ${stopName}`);
    const neighbour = next[Math.min(index, next.length - 1)];
    focusAfter.current = neighbour ? `${neighbour.key}-name` : "add-stop";
  };
  const [optimising, setOptimising] = useState(false);
  const [importing, setImporting] = useState(false);
  /** The suggested order of the saved stops; each position keeps its time (times run in order). */
  const applyOrder = (stopIds: readonly string[]) => {
    const byId = new Map(drafts.map((stop) => [stop.id, stop]));
    const times = drafts.map((stop) => stop.time);
    change(stopIds.map((id, index) => ({ ...byId.get(id)!, time: times[index]! })));
    setAnnouncement(t`The suggested order is applied. Check the times, then save the stops.`);
  };
  const submit = async () => {
    const input = { routeId: route.id, version: route.stopsVersion, stops: payload(drafts) };
    // The rules the server applies, loaded on first save: zod stays out of the page's initial JS (ADR 0019).
    const { setStopsInput } = await import("#shared/routes.ts");
    const parsed = setStopsInput.safeParse(input);
    if (!parsed.success) {
      const found: StopErrors = { general: null, stops: {} };
      for (const issue of parsed.error.issues) {
        const [, index, field] = issue.path;
        if (typeof index === "number" && typeof field === "string") {
          found.stops[index] = { ...found.stops[index], [field]: issue.message };
        } else found.general ??= issue.message;
      }
      setErrors(found);
      focusAfter.current = "stops-errors";
      return;
    }
    setErrors(NO_ERRORS);
    save.mutate(parsed.data, {
      onSuccess: () => setDirty(false),
      onError: () => {
        focusAfter.current = "stops-errors";
      },
    });
  };
  const serverError = save.error ? save.error.message : null;
  const stale = save.error?.data?.code === "CONFLICT";
  const mapStops = drafts.flatMap((stop, index) => {
    const [lat, lng] = [coordinate(stop.latitude), coordinate(stop.longitude)];
    return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180
      ? [{ id: stop.key, name: stop.name, lat, lng, order: index + 1 }]
      : [];
  });
  const hasErrors = errors.general !== null || Object.keys(errors.stops).length > 0;
  return (
    <PageSection id="stops-heading" title={t`Stops`}>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="lg:sticky lg:top-4 lg:self-start">
          {addressSearch ? (
            <Suspense fallback={null}>
              <AddressSearch onPick={(place, name) => add(place, true, name)} />
            </Suspense>
          ) : null}
          <Suspense fallback={<div className="h-64 rounded-lg border border-slate-200 bg-slate-100 sm:h-96" />}>
            <StopMap
              ref={map}
              id={mapId}
              label={t`Map of the stops of ${routeName}`}
              stops={mapStops}
              showRoute
              selectedStopId={selected}
              onSelectStop={(key) => {
                setSelected(key);
                document.getElementById(`${key}-name`)?.scrollIntoView({ block: "nearest" });
              }}
              onMapClick={(at) => add(at, false)}
              onStopMove={(key, to) => update(key, { latitude: fixed(to.lat), longitude: fixed(to.lng) })}
              className="h-64 sm:h-96"
            />
          </Suspense>
          <p className="mt-2 text-sm text-slate-600">
            {addressSearch
              ? t`Find an address or click the map to add a stop, drag a stop to move it, or type its coordinates in the list.`
              : t`Click the map to add a stop, drag a stop to move it, or type its coordinates in the list.`}
          </p>
        </div>
        <div className="min-w-0 space-y-3">
          <p role="status" className="sr-only">
            {announcement}
          </p>
          <div id="stops-errors" tabIndex={-1} className="space-y-3 focus:outline-none empty:hidden">
            {serverError ? (
              <FormAlert>
                {serverError}{" "}
                {stale ? (
                  <button type="button" className="font-semibold underline" onClick={onReload}>
                    <Trans>Reload the route</Trans>
                  </button>
                ) : null}
              </FormAlert>
            ) : null}
            {hasErrors ? <FormAlert>{errors.general ?? t`Check the stops marked below.`}</FormAlert> : null}
          </div>
          {drafts.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
              <Trans>No stops yet. Click the map or use Add stop.</Trans>
            </p>
          ) : null}
          <ol aria-label={t`Stops of ${routeName}, in order`} className="space-y-3">
            {drafts.map((stop, index) => {
              const stopErrors = errors.stops[index] ?? {};
              const position = index + 1;
              const stopName = stop.name || t`stop ${position}`;
              return (
                <li
                  key={stop.key}
                  aria-current={selected === stop.key || undefined}
                  className="rounded-lg border border-slate-200 bg-white p-3 aria-[current=true]:border-brand-500"
                >
                  <fieldset>
                    <legend className="flex w-full items-center justify-between gap-2">
                      <span className="font-medium text-ink">
                        <Trans>Stop {position}</Trans>
                      </span>
                    </legend>
                    <div className="mt-1 grid grid-cols-2 gap-3 sm:grid-cols-[2fr_1fr]">
                      <TextField
                        id={`${stop.key}-name`}
                        label={t`Name`}
                        className="col-span-2 sm:col-span-1"
                        value={stop.name}
                        dir="auto"
                        maxLength={120}
                        error={stopErrors.name}
                        onFocus={() => setSelected(stop.key)}
                        onChange={(event) => update(stop.key, { name: event.target.value })}
                      />
                      <TextField
                        label={t`Time`}
                        type="time"
                        className="col-span-2 sm:col-span-1"
                        value={stop.time}
                        error={stopErrors.time}
                        onChange={(event) => update(stop.key, { time: event.target.value })}
                      />
                      <TextField
                        label={t`Latitude`}
                        inputMode="decimal"
                        dir="ltr"
                        value={stop.latitude}
                        error={stopErrors.latitude}
                        onChange={(event) => update(stop.key, { latitude: event.target.value })}
                      />
                      <TextField
                        label={t`Longitude`}
                        inputMode="decimal"
                        dir="ltr"
                        value={stop.longitude}
                        error={stopErrors.longitude}
                        onChange={(event) => update(stop.key, { longitude: event.target.value })}
                      />
                    </div>
                    <div className="mt-2 flex justify-end gap-1">
                      <IconButton
                        id={`${stop.key}-up`}
                        label={t`Move ${stopName} up`}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        <ArrowUp aria-hidden="true" className="h-4 w-4" />
                      </IconButton>
                      <IconButton
                        id={`${stop.key}-down`}
                        label={t`Move ${stopName} down`}
                        disabled={index === drafts.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        <ArrowDown aria-hidden="true" className="h-4 w-4" />
                      </IconButton>
                      <IconButton label={t`Remove ${stopName}`} tone="danger" onClick={() => remove(index)}>
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                      </IconButton>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <div className="flex flex-wrap gap-2">
            <SecondaryButton
              id="add-stop"
              aria-controls={mapId}
              onClick={() => add(map.current?.center() ?? null, true)}
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
              <Trans>Add stop</Trans>
            </SecondaryButton>
            <SecondaryButton
              disabled={dirty || drafts.length < 3}
              title={dirty ? t`Save the stops first` : undefined}
              onClick={() => setOptimising(true)}
            >
              <Shuffle aria-hidden="true" className="h-4 w-4" />
              <Trans>Optimise stop order</Trans>
            </SecondaryButton>
            <SecondaryButton
              disabled={dirty}
              title={dirty ? t`Save the stops first` : undefined}
              onClick={() => setImporting(true)}
            >
              <FileUp aria-hidden="true" className="h-4 w-4" />
              <Trans>Import stops (CSV)</Trans>
            </SecondaryButton>
            <Button onClick={() => void submit()} disabled={save.isPending || !dirty}>
              {save.isPending ? t`Saving…` : t`Save stops`}
            </Button>
          </div>
        </div>
      </div>
      {dirty ? (
        <p className="mt-2 text-sm text-slate-600">
          {drafts.length >= 3
            ? t`Save the stops to optimise their order or import more.`
            : t`Save the stops to import more.`}
        </p>
      ) : null}
      {optimising ? (
        <Suspense fallback={null}>
          <OptimiseOrderDialog open onOpenChange={setOptimising} routeId={route.id} onApply={applyOrder} />
        </Suspense>
      ) : null}
      {importing ? (
        <Suspense fallback={null}>
          <StopImportDialog open onOpenChange={setImporting} route={route} />
        </Suspense>
      ) : null}
    </PageSection>
  );
}

/** `/school-admin/routes/:routeId`: a route's stops on the map and in order, and its riders. */
export default function RouteEditorPage() {
  const { routeId = "" } = useParams();
  const { t } = useLingui();
  const detail = useRoute(routeId);
  const routeName = detail.data?.route.name ?? t`Route`;
  usePageTitle(t`${routeName} · Routes · SchoolRide`);
  return (
    <div className="space-y-6">
      <Link
        to="/school-admin/routes"
        className="inline-flex min-h-10 items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
        <Trans>All routes</Trans>
      </Link>
      <QueryState query={detail} loading={t`Loading the route…`} failed={t`Failed to load the route.`}>
        {(data) => (
          <>
            <PageHeader
              title={data.route.name}
              subtitle={[
                sharedText(ROUTE_DIRECTION_LABELS[data.route.direction]),
                busLabel(data.route.bus),
                data.route.driverName,
                weekdaysLabel(data.route.weekdays),
                plural(data.route.riders, { one: "# rider", other: "# riders" }),
                seatsLabel(data.route),
              ].join(" · ")}
              actions={<RouteSheetLink routeId={data.route.id} routeName={data.route.name} />}
            />
            <StopsEditor key={data.route.stopsVersion} detail={data} onReload={() => void detail.refetch()} />
            <Suspense fallback={<Loading label={t`Loading the riders…`} />}>
              <RidersSection detail={data} />
            </Suspense>
          </>
        )}
      </QueryState>
    </div>
  );
}
