import { plural, t } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Bus, FileUp, MapPinned, Pencil, Plus, Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { ROUTE_LIMITS } from "#shared/route-texts.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { Button, IconButton, SecondaryButton } from "../../../components/ui/buttons.tsx";
import { CardFields, CardHeader, type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
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
import { sharedText } from "../../../i18n/shared-texts.ts";

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

/** "Bus 12", or "No bus" (in the reader's language). */
function busLabel(bus: { number: string } | null): string {
  if (!bus) return t`No bus`;
  const { number } = bus;
  return t`Bus ${number}`;
}

function columns(onEdit: (route: RouteRow) => void, onDelete: (route: RouteRow) => void): Column<RouteRow>[] {
  return [
    { header: t`Route`, rowHeader: true, className: "text-ink", cell: (route) => <RouteName route={route} /> },
    { header: t`Direction`, cell: (route) => sharedText(ROUTE_DIRECTION_LABELS[route.direction]) },
    {
      header: t`Bus and Driver`,
      className: "wrap-anywhere",
      cell: (route) => (
        <>
          <span className="block font-medium text-ink">{busLabel(route.bus)}</span>
          {route.driverName}
        </>
      ),
    },
    { header: t`Days`, cell: (route) => weekdaysLabel(route.weekdays) },
    { header: t`Stops`, className: "whitespace-nowrap", cell: (route) => route.stops },
    { header: t`Riders`, className: "whitespace-nowrap", cell: (route) => route.riders },
    { header: t`Seats Used`, className: "whitespace-nowrap", cell: (route) => seatsLabel(route) },
    {
      header: t`Actions`,
      headerClassName: "text-end",
      className: "text-end whitespace-nowrap",
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
  const { t } = useLingui();
  const { name } = route;
  return (
    <>
      <Link
        to={`/school-admin/routes/${route.id}`}
        aria-label={t`Stops and riders of ${name}`}
        title={t`Stops and riders of ${name}`}
        className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-ink"
      >
        <MapPinned aria-hidden="true" className="h-4 w-4" />
      </Link>
      <IconButton label={t`Edit ${name}`} onClick={() => onEdit(route)}>
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </IconButton>
      <IconButton label={t`Delete ${name}`} tone="danger" onClick={() => onDelete(route)}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </IconButton>
    </>
  );
}

/** The school's buses: number, seats, plate, how many routes use each; add and delete. */
function BusesSection() {
  const { t } = useLingui();
  const buses = useBuses();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<BusRow | null>(null);
  const remove = useDeleteBus(() => setDeleting(null));
  const deletingNumber = deleting?.number ?? "";
  return (
    <PageSection
      id="buses-heading"
      title={t`Buses`}
      aside={
        <SecondaryButton onClick={() => setAdding(true)}>
          <Bus aria-hidden="true" className="h-4 w-4" />
          <Trans>New Bus</Trans>
        </SecondaryButton>
      }
    >
      <QueryState
        query={buses}
        loading={t`Loading buses…`}
        failed={t`Failed to load buses.`}
        isEmpty={(data) => data.buses.length === 0}
        empty={
          <p className="text-sm text-slate-600">
            <Trans>No buses yet. Add one to bound a route's riders by its seats.</Trans>
          </p>
        }
      >
        {(data) => (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {data.buses.map((bus) => {
              const { number } = bus;
              return (
                <li
                  key={bus.id}
                  className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-4 py-2"
                >
                  <span className="min-w-0 wrap-anywhere text-sm">
                    <span className="font-medium text-ink">
                      <Trans>Bus {number}</Trans>
                    </span>
                    {" · "}
                    <Plural value={bus.seats} one="# seat" other="# seats" />
                    {bus.plate ? (
                      <>
                        {" · "}
                        <span dir="ltr">{bus.plate}</span>
                      </>
                    ) : null}
                    {" · "}
                    <Plural value={bus.routes} one="# route" other="# routes" />
                  </span>
                  <IconButton label={t`Delete bus ${number}`} tone="danger" onClick={() => setDeleting(bus)}>
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </IconButton>
                </li>
              );
            })}
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
        title={t`Delete Bus`}
        message={t`Delete bus ${deletingNumber}? A bus that a route uses cannot be deleted.`}
        confirmLabel={t`Delete`}
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
  const { t } = useLingui();
  usePageTitle(t`Routes · SchoolRide`);
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useRoutes(page);
  const buses = useBuses();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<RouteRow | null>(null);
  const [importing, setImporting] = useState(false);
  const remove = useDeleteRoute(() => setDeleting(null));
  const deletingName = deleting?.name ?? "";
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / ROUTE_LIMITS.pageSize)) : undefined;
  useLastPageFallback(pages, page, setPage);
  const cols = columns((route) => setEditing({ route }), setDeleting);
  return (
    <div className="space-y-6">
      <PageHeader
        title={t`Routes`}
        subtitle={t`Bus routes, their stops and riders. Their runs appear in Trip Management.`}
        actions={
          <>
            <SecondaryButton onClick={() => setImporting(true)}>
              <FileUp aria-hidden="true" className="h-4 w-4" />
              <Trans>Import riders (CSV)</Trans>
            </SecondaryButton>
            <Button onClick={() => setEditing({ route: null })}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              <Trans>New Route</Trans>
            </Button>
          </>
        }
      />
      <QueryState
        query={list}
        loading={t`Loading routes…`}
        failed={t`Failed to load routes.`}
        keepDataOnError
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyState
            title={t`No routes yet`}
            spacious
            action={
              <Button onClick={() => setEditing({ route: null })}>
                <Trans>Create a Route</Trans>
              </Button>
            }
          />
        }
      >
        {(data) => (
          <div className="space-y-3">
            <DataTable
              caption={t`Routes`}
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
                        label: t`Bus`,
                        value: `${busLabel(route.bus)} · ${route.driverName}`,
                      },
                      { label: t`Days`, value: weekdaysLabel(route.weekdays) },
                      {
                        label: t`Load`,
                        value: [
                          plural(route.stops, { one: "# stop", other: "# stops" }),
                          plural(route.riders, { one: "# rider", other: "# riders" }),
                          seatsLabel(route),
                        ].join(" · "),
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
              noun={t`routes`}
              label={t`Routes pages`}
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
        title={t`Delete Route`}
        message={
          deleting
            ? t`Delete ${deletingName}? Its stops, riders and the runs that have not started are removed.`
            : t`Delete this route? Its stops, riders and the runs that have not started are removed.`
        }
        confirmLabel={t`Delete`}
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
