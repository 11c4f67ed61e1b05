import { Bus, FileUp, MapPinned, Pencil, Plus, Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { ROUTE_LIMITS } from "#shared/route-texts.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { Button, IconButton, SecondaryButton } from "../../../components/ui/buttons.tsx";
import { CardFields, CardHeader, type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { countOf } from "../../../components/ui/format.ts";
import { lazyDialog } from "../../../components/ui/lazy-dialog.tsx";
import { PageHeader, PageSection } from "../../../components/ui/page-header.tsx";
import { Pagination, useLastPageFallback } from "../../../components/ui/pagination.tsx";
import { QueryState } from "../../../components/ui/states.tsx";
import {
  type BusRow,
  type RouteRow,
  useBuses,
  useDeleteBus,
  useDeleteRoute,
  useRoutes,
} from "../../../features/routes/hooks.ts";
import { seatsLabel, weekdaysLabel } from "../../../features/routes/labels.ts";
import { RouteTypeIcon } from "../../../features/trips/labels.tsx";

const ConfirmDialog = lazyDialog(async () => (await import("../../../components/ui/dialog.tsx")).ConfirmDialog);
const DriversSection = lazy(() => import("./DriversSection.tsx"));
const RouteFormDialog = lazy(() => import("./RouteFormDialog.tsx"));
const BusFormDialog = lazy(() => import("./BusFormDialog.tsx"));
const RiderImportDialog = lazy(() => import("./RiderImportDialog.tsx"));

function RouteName({ route }: { route: RouteRow }) {
  return (
    <span className="flex items-center gap-2">
      <span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: route.colour }} />
      <RouteTypeIcon type={route.direction} />
      <Link
        to={`/school-admin/routes/${route.id}`}
        className="min-w-0 font-medium wrap-anywhere text-brand-800 underline-offset-2 hover:underline"
      >
        {route.name}
      </Link>
    </span>
  );
}

function columns(onEdit: (route: RouteRow) => void, onDelete: (route: RouteRow) => void): Column<RouteRow>[] {
  return [
    { header: "Route", rowHeader: true, className: "text-ink", cell: (route) => <RouteName route={route} /> },
    { header: "Direction", cell: (route) => ROUTE_DIRECTION_LABELS[route.direction] },
    {
      header: "Bus and Driver",
      className: "wrap-anywhere",
      cell: (route) => (
        <>
          <span className="block font-medium text-ink">{route.bus ? `Bus ${route.bus.number}` : "No bus"}</span>
          {route.driverName}
        </>
      ),
    },
    { header: "Days", cell: (route) => weekdaysLabel(route.weekdays) },
    { header: "Stops", className: "whitespace-nowrap", cell: (route) => route.stops },
    { header: "Riders", className: "whitespace-nowrap", cell: (route) => route.riders },
    { header: "Seats Used", className: "whitespace-nowrap", cell: (route) => seatsLabel(route) },
    {
      header: "Actions",
      headerClassName: "text-right",
      className: "text-right whitespace-nowrap",
      cell: (route) => <RouteActions route={route} onEdit={onEdit} onDelete={onDelete} />,
    },
  ];
}

function RouteActions({
  route,
  onEdit,
  onDelete,
}: {
  route: RouteRow;
  onEdit: (route: RouteRow) => void;
  onDelete: (route: RouteRow) => void;
}) {
  return (
    <>
      <Link
        to={`/school-admin/routes/${route.id}`}
        aria-label={`Stops and riders of ${route.name}`}
        title={`Stops and riders of ${route.name}`}
        className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-ink"
      >
        <MapPinned aria-hidden="true" className="h-4 w-4" />
      </Link>
      <IconButton label={`Edit ${route.name}`} onClick={() => onEdit(route)}>
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </IconButton>
      <IconButton label={`Delete ${route.name}`} tone="danger" onClick={() => onDelete(route)}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </IconButton>
    </>
  );
}

/** The school's buses: number, seats, plate, how many routes use each; add and delete. */
function BusesSection() {
  const buses = useBuses();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<BusRow | null>(null);
  const remove = useDeleteBus(() => setDeleting(null));
  return (
    <PageSection
      id="buses-heading"
      title="Buses"
      aside={
        <SecondaryButton onClick={() => setAdding(true)}>
          <Bus aria-hidden="true" className="h-4 w-4" />
          New Bus
        </SecondaryButton>
      }
    >
      <QueryState
        query={buses}
        loading="Loading buses…"
        failed="Failed to load buses."
        isEmpty={(data) => data.buses.length === 0}
        empty={<p className="text-sm text-slate-600">No buses yet. Add one to bound a route's riders by its seats.</p>}
      >
        {(data) => (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {data.buses.map((bus) => (
              <li
                key={bus.id}
                className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-4 py-2"
              >
                <span className="min-w-0 wrap-anywhere text-sm">
                  <span className="font-medium text-ink">Bus {bus.number}</span> · {bus.seats} seats
                  {bus.plate ? ` · ${bus.plate}` : ""} · {bus.routes} {bus.routes === 1 ? "route" : "routes"}
                </span>
                <IconButton label={`Delete bus ${bus.number}`} tone="danger" onClick={() => setDeleting(bus)}>
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </IconButton>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {adding ? (
        <Suspense fallback={null}>
          <BusFormDialog open onOpenChange={setAdding} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title="Delete Bus"
        message={`Delete bus ${deleting?.number ?? ""}? A bus that a route uses cannot be deleted.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ busId: deleting.id })}
      />
    </PageSection>
  );
}

type Editing = { route: RouteRow | null } | null;

/**
 * Routes (issue 27): each route with its bus, direction, days, stops, riders and seats used; New
 * Route, Edit and Delete here, the stops and riders on the route's own page; the school's buses;
 * Import riders (CSV) for every route at once (ADR 0052).
 */
export default function RoutesPage() {
  usePageTitle("Routes · SchoolRide");
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useRoutes(page);
  const buses = useBuses();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<RouteRow | null>(null);
  const [importing, setImporting] = useState(false);
  const remove = useDeleteRoute(() => setDeleting(null));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / ROUTE_LIMITS.pageSize)) : undefined;
  useLastPageFallback(pages, page, setPage);
  const cols = columns((route) => setEditing({ route }), setDeleting);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Routes"
        subtitle="Bus routes, their stops and riders. Their runs appear in Trip Management."
        actions={
          <>
            <SecondaryButton onClick={() => setImporting(true)}>
              <FileUp aria-hidden="true" className="h-4 w-4" />
              Import riders (CSV)
            </SecondaryButton>
            <Button onClick={() => setEditing({ route: null })}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              New Route
            </Button>
          </>
        }
      />
      <QueryState
        query={list}
        loading="Loading routes…"
        failed="Failed to load routes."
        keepDataOnError
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyState
            title="No routes yet"
            spacious
            action={<Button onClick={() => setEditing({ route: null })}>Create a Route</Button>}
          />
        }
      >
        {(data) => (
          <div className="space-y-3">
            <DataTable
              caption="Routes"
              rows={data.routes}
              rowKey={(route) => route.id}
              columns={cols}
              density="compact"
              cardsBelow="xl"
              card={(route) => (
                <>
                  <CardHeader title={<RouteName route={route} />} />
                  <CardFields
                    items={[
                      {
                        label: "Bus",
                        value: `${route.bus ? `Bus ${route.bus.number}` : "No bus"} · ${route.driverName}`,
                      },
                      { label: "Days", value: weekdaysLabel(route.weekdays) },
                      {
                        label: "Load",
                        value: `${countOf(route.stops, "stop", "stops")} · ${countOf(route.riders, "rider", "riders")} · ${seatsLabel(route)}`,
                      },
                    ]}
                  />
                  <div className="mt-3 flex justify-end">
                    <RouteActions route={route} onEdit={(row) => setEditing({ route: row })} onDelete={setDeleting} />
                  </div>
                </>
              )}
            />
            <Pagination
              result={{ page, pages: pages ?? 1, pageSize: data.pageSize, total: data.total }}
              noun="routes"
              label="Routes pages"
              onPageChange={setPage}
            />
          </div>
        )}
      </QueryState>
      <BusesSection />
      <Suspense fallback={null}>
        <DriversSection />
      </Suspense>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title="Delete Route"
        message={`Delete ${deleting?.name ?? "this route"}? Its stops, riders and the runs that have not started are removed.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ routeId: deleting.id })}
      />
      {importing ? (
        <Suspense fallback={null}>
          <RiderImportDialog open onOpenChange={setImporting} />
        </Suspense>
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <RouteFormDialog
            open
            onOpenChange={(open) => (open ? null : setEditing(null))}
            route={editing.route}
            buses={buses.data?.buses ?? []}
            onCreated={(routeId) => navigate(`/school-admin/routes/${routeId}`)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
