import { plural, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CalendarPlus, ChevronLeft, ChevronRight, Download, Filter, Pencil, Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { isCalendarDate, shiftDate } from "#shared/calendar-dates.ts";
import { ROUTE_DIRECTION_LABELS, ROUTE_TYPES, TRIP_STATUSES } from "#shared/enums.ts";
import { TRIP_MESSAGES } from "#shared/trip-texts.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { Button, IconButton, SecondaryButton } from "../../../components/ui/buttons.tsx";
import { CardFields, CardHeader, type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { DebouncedInput, FilterSelect, useUrlFilters } from "../../../components/ui/filters.tsx";
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
import { RouteTypeIcon, TripStatusBadge, tripStatusLabels } from "../../../features/trips/labels.tsx";
import { calendarDay, zonedTime } from "../../../features/trips/zoned-format.ts";
import { sharedText } from "../../../i18n/shared-texts.ts";
import { downloadText } from "../../../lib/download.ts";

const ConfirmDialog = lazyDialog(async () => (await import("../../../components/ui/dialog.tsx")).ConfirmDialog);

const TripFormDialog = lazy(() => import("./TripFormDialog.tsx"));

const FILTERS = { view: "week", date: "", search: "", status: "", type: "", new: "" };

type Editing = { trip: TripRow | null } | null;

/** "Departed" on a scheduled trip of today, "Arrived" on one in progress: one click, parents told. */
function QuickStatus({ trip, today, date }: { trip: TripRow; today: string; date: string }) {
  const { t } = useLingui();
  const setStatus = useSetTripStatus();
  if (date !== today) return null;
  const { routeName, busNumber } = trip;
  const next =
    trip.status === "scheduled"
      ? {
          status: "in-progress" as const,
          label: t`Departed`,
          aria: t`Mark ${routeName} bus ${busNumber} departed`,
        }
      : trip.status === "in-progress"
        ? { status: "completed" as const, label: t`Arrived`, aria: t`Mark ${routeName} bus ${busNumber} arrived` }
        : null;
  if (!next) return null;
  return (
    <button
      type="button"
      disabled={setStatus.isPending}
      onClick={() => setStatus.mutate({ tripId: trip.id, status: next.status })}
      className="mt-1 inline-flex min-h-9 items-center rounded-md border border-brand-500 px-3 text-xs font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
      aria-label={next.aria}
    >
      {next.label}
    </button>
  );
}

/** "7:30 AM – 8:15 AM" on the school's clock. */
function tripTimes(trip: TripRow, zone: string): string {
  const from = zonedTime(trip.departureTime, zone);
  const to = zonedTime(trip.arrivalTime, zone);
  return t`${from} – ${to}`;
}

/** "12 students · 5 stops". */
function tripLoad(trip: TripRow): string {
  const students = plural(trip.studentsCount, { one: "# student", other: "# students" });
  const stops = plural(trip.stops, { one: "# stop", other: "# stops" });
  return t`${students} · ${stops}`;
}

/** "Bus 4", a trip's bus. */
function busLabel(busNumber: string): string {
  return t`Bus ${busNumber}`;
}

function useColumns(
  zone: string,
  today: string,
  onEdit: (trip: TripRow) => void,
  onDelete: (trip: TripRow) => void,
): Column<TripRow>[] {
  const { t } = useLingui();
  const editLabel = ({ routeName, busNumber }: TripRow) => t`Edit ${routeName} bus ${busNumber}`;
  const deleteLabel = ({ routeName, busNumber }: TripRow) => t`Delete ${routeName} bus ${busNumber}`;
  return [
    {
      header: t`Route`,
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
      header: t`Bus and Driver`,
      // A long route, bus or driver wraps in its column: it pushed Time, Status, Edit and Delete off the table.
      className: "wrap-anywhere",
      cell: (trip) => (
        <>
          <span className="block font-medium text-ink">{busLabel(trip.busNumber)}</span>
          {trip.driverName}
        </>
      ),
    },
    {
      header: t`Time`,
      className: "whitespace-nowrap",
      cell: (trip) => tripTimes(trip, zone),
    },
    {
      header: t`Students and Stops`,
      className: "whitespace-nowrap",
      cell: tripLoad,
    },
    {
      header: t`Status`,
      cell: (trip) => (
        <div className="flex flex-col items-start">
          <TripStatusBadge status={trip.status} />
          <QuickStatus trip={trip} today={today} date={trip.date} />
        </div>
      ),
    },
    {
      header: t`Actions`,
      headerClassName: "text-end",
      className: "text-end whitespace-nowrap",
      cell: (trip) => (
        <>
          <IconButton label={editLabel(trip)} onClick={() => onEdit(trip)}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
          </IconButton>
          <IconButton label={deleteLabel(trip)} tone="danger" onClick={() => onDelete(trip)}>
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
  const { t } = useLingui();
  usePageTitle(t`Trip Management · SchoolRide`);
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
  const periodFrom = data ? calendarDay(data.from) : "";
  const periodTo = data ? calendarDay(data.to) : "";
  const period = data ? (view === "day" ? periodFrom : t`${periodFrom} – ${periodTo}`) : "";
  const zoneName = zone.replaceAll("_", " ");
  const days = data ? [...new Set(data.trips.map((trip) => trip.date))] : [];
  const tripsOn = (isoDay: string) => {
    const shown = calendarDay(isoDay);
    return t`Trips on ${shown}`;
  };
  return (
    <div className="space-y-5">
      <PageHeader
        title={t`Trip Management`}
        subtitle={data ? t`Times in ${zoneName}` : undefined}
        actions={
          <Button onClick={() => setEditing({ trip: null })}>
            <CalendarPlus aria-hidden="true" className="h-4 w-4" />
            <Trans>New Trip</Trans>
          </Button>
        }
      />
      {/* From lg the search, Filter and Export keep one row; the period's text wraps under the day buttons instead. */}
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <fieldset className="inline-flex overflow-hidden rounded-md border border-slate-300">
            <legend className="sr-only">
              <Trans>View</Trans>
            </legend>
            {(["day", "week"] as const).map((name) => (
              <button
                key={name}
                type="button"
                aria-pressed={view === name}
                onClick={() => setFilters({ view: name })}
                className={`min-h-10 px-4 text-sm font-medium ${view === name ? "bg-brand-500 text-ink" : "bg-white text-slate-700 hover:bg-slate-50"}`}
              >
                {name === "day" ? t`Day` : t`Week`}
              </button>
            ))}
          </fieldset>
          <IconButton
            label={view === "day" ? t`Previous day` : t`Previous week`}
            disabled={!anchor}
            onClick={() => anchor && setFilters({ date: shiftDate(anchor, -step) })}
          >
            <ChevronLeft aria-hidden="true" className="h-5 w-5 rtl:-scale-x-100" />
          </IconButton>
          <SecondaryButton onClick={() => setFilters({ date: "" })}>
            <Trans>Today</Trans>
          </SecondaryButton>
          <IconButton
            label={view === "day" ? t`Next day` : t`Next week`}
            disabled={!anchor}
            onClick={() => anchor && setFilters({ date: shiftDate(anchor, step) })}
          >
            <ChevronRight aria-hidden="true" className="h-5 w-5 rtl:-scale-x-100" />
          </IconButton>
          <p className="text-sm font-medium text-ink" aria-live="polite">
            {period}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2 lg:shrink-0 lg:flex-nowrap">
          <DebouncedInput
            label={t`Search trips`}
            icon
            placeholder={t`Route, bus or driver`}
            value={filters.search}
            maxLength={120}
            onCommit={(search) => setFilters({ search })}
            className="w-full sm:w-64"
          />
          <SecondaryButton aria-expanded={showFilters} onClick={() => setShowFilters((shown) => !shown)}>
            <Filter aria-hidden="true" className="h-4 w-4" />
            <Trans>Filter</Trans>
          </SecondaryButton>
          <SecondaryButton
            disabled={!data || data.trips.length === 0}
            onClick={async () => {
              if (!data) return;
              // The CSV's code loads when Export is pressed, not with the list.
              const { tripsCsv } = await import("./trips-csv.ts");
              downloadText(
                `trips-${data.from}${view === "week" ? `-to-${data.to}` : ""}.csv`,
                tripsCsv(data.trips, zone),
                "text/csv;charset=utf-8",
              );
            }}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            <Trans>Export</Trans>
          </SecondaryButton>
        </div>
      </div>
      {showFilters ? (
        <div className="flex flex-wrap gap-3">
          <FilterSelect
            label={t`Status`}
            value={status ?? ""}
            onChange={(event) => setFilters({ status: event.target.value })}
            options={[
              { value: "", label: t`All statuses` },
              ...TRIP_STATUSES.map((value) => ({ value, label: tripStatusLabels()[value] })),
            ]}
            className="w-48"
          />
          <FilterSelect
            label={t`Route type`}
            value={routeType ?? ""}
            onChange={(event) => setFilters({ type: event.target.value })}
            options={[
              { value: "", label: t`Pickups and dropoffs` },
              ...ROUTE_TYPES.map((value) => ({ value, label: sharedText(ROUTE_DIRECTION_LABELS[value]) })),
            ]}
            className="w-48"
          />
        </div>
      ) : null}
      <QueryState
        query={list}
        loading={t`Loading trips…`}
        failed={t`Failed to load trips.`}
        isEmpty={(data) => data.trips.length === 0}
        empty={
          <EmptyState
            title={sharedText(TRIP_MESSAGES.empty)}
            spacious
            action={
              <Button onClick={() => setEditing({ trip: null })}>
                <Trans>Schedule a Trip</Trans>
              </Button>
            }
          />
        }
      >
        {(data) =>
          days.map((day) => (
            <section key={day} aria-label={calendarDay(day)} className="space-y-2">
              {view === "week" ? (
                <h2 className="font-semibold text-ink">
                  {calendarDay(day)}
                  {day === data.today ? (
                    <span className="ms-2 text-sm font-medium text-brand-700">
                      <Trans>Today</Trans>
                    </span>
                  ) : null}
                </h2>
              ) : null}
              <DataTable
                caption={tripsOn(day)}
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
                        { label: t`Bus`, value: `${trip.busNumber} · ${trip.driverName}` },
                        { label: t`Time`, value: tripTimes(trip, zone) },
                        { label: t`Load`, value: tripLoad(trip) },
                      ]}
                    />
                    <div className="mt-3 flex items-center justify-between">
                      <QuickStatus trip={trip} today={data.today} date={trip.date} />
                      <div className="ms-auto">{columns.at(-1)!.cell(trip)}</div>
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
          <Trans>Only the first 1,000 trips of this period are shown. Narrow the search or use the day view.</Trans>
        </p>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={t`Delete Trip`}
        message={sharedText(TRIP_MESSAGES.confirmDelete)}
        confirmLabel={t`Delete`}
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
