import { CalendarPlus, ChevronLeft, ChevronRight, Download, Filter, Pencil, Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { ROUTE_DIRECTION_LABELS, ROUTE_TYPES, TRIP_STATUSES } from "#shared/enums.ts";
import { formatCalendarDay, formatTime, isCalendarDate, shiftDate } from "#shared/school-time.ts";
import { TRIP_MESSAGES } from "#shared/trip-texts.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { Button, IconButton, SecondaryButton } from "../../../components/ui/buttons.tsx";
import { CardFields, CardHeader, type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { DebouncedInput, FilterSelect } from "../../../components/ui/filters.tsx";
import { lazyDialog } from "../../../components/ui/lazy-dialog.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { QueryState } from "../../../components/ui/states.tsx";
import {
  type TripRow,
  useDeleteTrip,
  useRouteNames,
  useSetTripStatus,
  useTrips,
} from "../../../features/trips/hooks.ts";
import { RouteTypeIcon, TRIP_STATUS_LABELS, TripStatusBadge } from "../../../features/trips/labels.tsx";
import { sharedText } from "../../../i18n/shared-texts.ts";
import { downloadText } from "../../../lib/download.ts";
import { useUrlFilters } from "../../../lib/url-filters.ts";
import { tripsCsv } from "./trips-csv.ts";

const ConfirmDialog = lazyDialog(async () => (await import("../../../components/ui/dialog.tsx")).ConfirmDialog);

const TripFormDialog = lazy(() => import("./TripFormDialog.tsx"));

const FILTERS = { view: "week", date: "", search: "", status: "", type: "", new: "" };

type Editing = { trip: TripRow | null } | null;

/** "Departed" on a scheduled trip of today, "Arrived" on one in progress: one click, parents told. */
function QuickStatus({ trip, today, date }: { trip: TripRow; today: string; date: string }) {
  const setStatus = useSetTripStatus();
  if (date !== today) return null;
  const next =
    trip.status === "scheduled"
      ? { status: "in-progress" as const, label: "Departed" }
      : trip.status === "in-progress"
        ? { status: "completed" as const, label: "Arrived" }
        : null;
  if (!next) return null;
  return (
    <button
      type="button"
      disabled={setStatus.isPending}
      onClick={() => setStatus.mutate({ tripId: trip.id, status: next.status })}
      className="mt-1 inline-flex min-h-9 items-center rounded-md border border-brand-500 px-3 text-xs font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
      aria-label={`Mark ${trip.routeName} bus ${trip.busNumber} ${next.label.toLowerCase()}`}
    >
      {next.label}
    </button>
  );
}

function useColumns(
  zone: string,
  today: string,
  onEdit: (trip: TripRow) => void,
  onDelete: (trip: TripRow) => void,
): Column<TripRow>[] {
  return [
    {
      header: "Route",
      rowHeader: true,
      className: "font-medium text-ink",
      cell: (trip) => (
        <span className="flex items-center gap-2">
          <RouteTypeIcon type={trip.routeType} />
          <span className="min-w-0 wrap-anywhere">{trip.routeName}</span>
        </span>
      ),
    },
    {
      header: "Bus and Driver",
      // A long route, bus or driver wraps in its column: it pushed Time, Status, Edit and Delete off the table.
      className: "wrap-anywhere",
      cell: (trip) => (
        <>
          <span className="block font-medium text-ink">Bus {trip.busNumber}</span>
          {trip.driverName}
        </>
      ),
    },
    {
      header: "Time",
      className: "whitespace-nowrap",
      cell: (trip) => `${formatTime(trip.departureTime, zone)} – ${formatTime(trip.arrivalTime, zone)}`,
    },
    {
      header: "Students and Stops",
      className: "whitespace-nowrap",
      cell: (trip) => `${trip.studentsCount} students · ${trip.stops} stops`,
    },
    {
      header: "Status",
      cell: (trip) => (
        <div className="flex flex-col items-start">
          <TripStatusBadge status={trip.status} />
          <QuickStatus trip={trip} today={today} date={trip.date} />
        </div>
      ),
    },
    {
      header: "Actions",
      headerClassName: "text-right",
      className: "text-right whitespace-nowrap",
      cell: (trip) => (
        <>
          <IconButton label={`Edit ${trip.routeName} bus ${trip.busNumber}`} onClick={() => onEdit(trip)}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
          </IconButton>
          <IconButton
            label={`Delete ${trip.routeName} bus ${trip.busNumber}`}
            tone="danger"
            onClick={() => onDelete(trip)}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
          </IconButton>
        </>
      ),
    },
  ];
}

/**
 * Trip Management (spec): day or Sunday-to-Saturday week in the school's zone, previous / next /
 * Today, search by route, bus or driver, Filter (status, route type), Export (CSV), New / Edit Trip,
 * Delete with the spec's confirmation, and one-click Departed / Arrived on today's trips.
 */
export default function TripsPage() {
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const view = filters.view === "day" ? "day" : "week";
  const date = isCalendarDate(filters.date) ? filters.date : undefined;
  const status = (TRIP_STATUSES as readonly string[]).includes(filters.status)
    ? (filters.status as TripRow["status"])
    : undefined;
  const routeType = (ROUTE_TYPES as readonly string[]).includes(filters.type)
    ? (filters.type as TripRow["routeType"])
    : undefined;
  const list = useTrips({ view, date, search: filters.search || undefined, status, routeType });
  const routes = useRouteNames();
  const [editing, setEditing] = useState<Editing>(filters.new ? { trip: null } : null);
  const [deleting, setDeleting] = useState<TripRow | null>(null);
  const [showFilters, setShowFilters] = useState(Boolean(status || routeType));
  const remove = useDeleteTrip(() => setDeleting(null));
  usePageTitle("Trip Management · SchoolRide");
  const data = list.data;
  const zone = data?.timeZone ?? "UTC";
  const columns = useColumns(zone, data?.today ?? "", (trip) => setEditing({ trip }), setDeleting);
  const closeEditor = (open: boolean) => {
    if (open) return;
    setEditing(null);
    if (filters.new) setFilters({ new: "" });
  };
  const step = view === "day" ? 1 : 7;
  const anchor = date ?? data?.today;
  const period = data
    ? view === "day"
      ? formatCalendarDay(data.from)
      : `${formatCalendarDay(data.from)} – ${formatCalendarDay(data.to)}`
    : "";
  const days = data ? [...new Set(data.trips.map((trip) => trip.date))] : [];
  return (
    <div className="space-y-5">
      <PageHeader
        title="Trip Management"
        subtitle={data ? `Times in ${zone.replaceAll("_", " ")}` : undefined}
        actions={
          <Button onClick={() => setEditing({ trip: null })}>
            <CalendarPlus aria-hidden="true" className="h-4 w-4" />
            New Trip
          </Button>
        }
      />
      {/* From lg the search, Filter and Export keep one row; the period's text wraps under the day buttons instead. */}
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <fieldset className="inline-flex overflow-hidden rounded-md border border-slate-300">
            <legend className="sr-only">View</legend>
            {(["day", "week"] as const).map((name) => (
              <button
                key={name}
                type="button"
                aria-pressed={view === name}
                onClick={() => setFilters({ view: name })}
                className={`min-h-10 px-4 text-sm font-medium ${view === name ? "bg-brand-500 text-ink" : "bg-white text-slate-700 hover:bg-slate-50"}`}
              >
                {name === "day" ? "Day" : "Week"}
              </button>
            ))}
          </fieldset>
          <IconButton
            label={view === "day" ? "Previous day" : "Previous week"}
            disabled={!anchor}
            onClick={() => anchor && setFilters({ date: shiftDate(anchor, -step) })}
          >
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </IconButton>
          <SecondaryButton onClick={() => setFilters({ date: "" })}>Today</SecondaryButton>
          <IconButton
            label={view === "day" ? "Next day" : "Next week"}
            disabled={!anchor}
            onClick={() => anchor && setFilters({ date: shiftDate(anchor, step) })}
          >
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </IconButton>
          <p className="text-sm font-medium text-ink" aria-live="polite">
            {period}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2 lg:shrink-0 lg:flex-nowrap">
          <DebouncedInput
            label="Search trips"
            icon
            placeholder="Route, bus or driver"
            value={filters.search}
            maxLength={120}
            onCommit={(search) => setFilters({ search })}
            className="w-full sm:w-64"
          />
          <SecondaryButton aria-expanded={showFilters} onClick={() => setShowFilters((shown) => !shown)}>
            <Filter aria-hidden="true" className="h-4 w-4" />
            Filter
          </SecondaryButton>
          <SecondaryButton
            disabled={!data || data.trips.length === 0}
            onClick={() =>
              data &&
              downloadText(
                `trips-${data.from}${view === "week" ? `-to-${data.to}` : ""}.csv`,
                tripsCsv(data.trips, zone),
                "text/csv;charset=utf-8",
              )
            }
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Export
          </SecondaryButton>
        </div>
      </div>
      {showFilters ? (
        <div className="flex flex-wrap gap-3">
          <FilterSelect
            label="Status"
            value={status ?? ""}
            onChange={(event) => setFilters({ status: event.target.value })}
            options={[
              { value: "", label: "All statuses" },
              ...TRIP_STATUSES.map((value) => ({ value, label: TRIP_STATUS_LABELS[value] })),
            ]}
            className="w-48"
          />
          <FilterSelect
            label="Route type"
            value={routeType ?? ""}
            onChange={(event) => setFilters({ type: event.target.value })}
            options={[
              { value: "", label: "Pickups and dropoffs" },
              ...ROUTE_TYPES.map((value) => ({ value, label: ROUTE_DIRECTION_LABELS[value] })),
            ]}
            className="w-48"
          />
        </div>
      ) : null}
      <QueryState
        query={list}
        loading="Loading trips…"
        failed="Failed to load trips."
        isEmpty={(data) => data.trips.length === 0}
        empty={
          <EmptyState
            title={sharedText(TRIP_MESSAGES.empty)}
            spacious
            action={<Button onClick={() => setEditing({ trip: null })}>Schedule a Trip</Button>}
          />
        }
      >
        {(data) =>
          days.map((day) => (
            <section key={day} aria-label={formatCalendarDay(day)} className="space-y-2">
              {view === "week" ? (
                <h2 className="font-semibold text-ink">
                  {formatCalendarDay(day)}
                  {day === data.today ? <span className="ml-2 text-sm font-medium text-brand-700">Today</span> : null}
                </h2>
              ) : null}
              <DataTable
                caption={`Trips on ${formatCalendarDay(day)}`}
                rows={data.trips.filter((trip) => trip.date === day)}
                rowKey={(trip) => trip.id}
                columns={columns}
                density="compact"
                card={(trip) => (
                  <>
                    <CardHeader
                      title={
                        <span className="flex items-center gap-2 font-medium text-ink">
                          <RouteTypeIcon type={trip.routeType} />
                          <span className="min-w-0">{trip.routeName}</span>
                        </span>
                      }
                      aside={<TripStatusBadge status={trip.status} />}
                    />
                    <CardFields
                      items={[
                        { label: "Bus", value: `${trip.busNumber} · ${trip.driverName}` },
                        {
                          label: "Time",
                          value: `${formatTime(trip.departureTime, zone)} – ${formatTime(trip.arrivalTime, zone)}`,
                        },
                        { label: "Load", value: `${trip.studentsCount} students · ${trip.stops} stops` },
                      ]}
                    />
                    <div className="mt-3 flex items-center justify-between">
                      <QuickStatus trip={trip} today={data.today} date={trip.date} />
                      <div className="ml-auto">{columns.at(-1)!.cell(trip)}</div>
                    </div>
                  </>
                )}
              />
            </section>
          ))
        }
      </QueryState>
      {data?.truncated ? (
        <p className="text-sm text-amber-800">
          Only the first 1,000 trips of this period are shown. Narrow the search or use the day view.
        </p>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title="Delete Trip"
        message={sharedText(TRIP_MESSAGES.confirmDelete)}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ tripId: deleting.id })}
      />
      {editing && data ? (
        <Suspense fallback={null}>
          <TripFormDialog
            open
            onOpenChange={closeEditor}
            trip={editing.trip}
            date={anchor && anchor >= (data?.today ?? "") ? anchor : (data?.today ?? anchor ?? "")}
            zone={zone}
            routes={routes.data?.routes ?? []}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
