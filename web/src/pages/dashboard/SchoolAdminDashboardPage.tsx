import { Bell, Bus, CalendarPlus, FileText, type LucideIcon, Users } from "lucide-react";
import { Link } from "react-router";
import { formatDay, formatTime, relativeTime } from "#shared/school-time.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Panel } from "../../components/ui/panel.tsx";
import { QueryState, StatCard } from "../../components/ui/states.tsx";
import { type SchoolDashboard, useSchoolDashboard } from "../../features/dashboard/hooks.ts";
import { NotificationOrigin, NotificationTypeIcon } from "../../features/notifications/labels.tsx";
import { RouteTypeIcon } from "../../features/trips/labels.tsx";
import { useMoney } from "../../lib/school-zone.ts";
import { SchoolLanguageCard } from "../school-admin/SchoolLanguageCard.tsx";

const linkButton =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand-500 px-4 py-2 font-semibold text-ink shadow-sm hover:bg-brand-600";

function UpcomingTrips({ data }: { data: SchoolDashboard }) {
  const zone = data.school.timeZone;
  if (data.upcomingTrips.length === 0)
    return (
      <EmptyState
        title="No upcoming trips"
        action={
          <Link to="/school-admin/trips?new=1" className={linkButton}>
            Schedule a Trip
          </Link>
        }
      />
    );
  return (
    <ul className="divide-y divide-slate-100">
      {data.upcomingTrips.map((trip) => (
        <li key={trip.id} className="flex items-center gap-3 py-2">
          <RouteTypeIcon type={trip.routeType} />
          <div className="min-w-0 flex-1">
            <p className="font-medium wrap-anywhere text-ink">{trip.routeName}</p>
            <p className="text-sm wrap-anywhere text-slate-600">
              Bus {trip.busNumber} · {trip.driverName}
            </p>
          </div>
          <p className="shrink-0 text-right text-sm text-slate-700">
            {formatDay(trip.departureTime, zone)}
            <br />
            {formatTime(trip.departureTime, zone)}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Alerts({ data, now }: { data: SchoolDashboard; now: Date }) {
  if (data.alerts.length === 0) return <EmptyState title="No notifications found" />;
  return (
    <ul className="divide-y divide-slate-100">
      {data.alerts.map((alert) => (
        <li key={alert.id} className="flex gap-3 py-2">
          <NotificationTypeIcon type={alert.type} />
          <div className="min-w-0 flex-1">
            <p className={`line-clamp-2 wrap-anywhere ${alert.read ? "text-slate-700" : "font-semibold text-ink"}`}>
              {alert.title}
            </p>
            <NotificationOrigin sender={alert.sender} when={relativeTime(alert.createdAt, data.school.timeZone, now)} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function UnpaidInvoices({ data }: { data: SchoolDashboard }) {
  const money = useMoney();
  if (data.unpaidInvoices.length === 0) return <EmptyState title="No unpaid invoices" />;
  return (
    <ul className="divide-y divide-slate-100">
      {data.unpaidInvoices.map((invoice) => (
        <li key={invoice.id} className="flex items-center justify-between gap-3 py-2">
          <div className="min-w-0 flex-1">
            <p className="font-medium text-ink">{invoice.invoiceNumber}</p>
            <p className="text-sm wrap-anywhere text-slate-600">{invoice.recipientName ?? "Former parent"}</p>
          </div>
          <div className="shrink-0 text-right">
            <p className="font-medium text-ink">{money(invoice.amountCents)}</p>
            <Badge tone={invoice.status === "overdue" ? "red" : "amber"}>
              {invoice.status === "overdue" ? "Overdue" : "Pending"}
            </Badge>
          </div>
        </li>
      ))}
    </ul>
  );
}

const QUICK_ACTIONS: { to: string; label: string; icon: LucideIcon }[] = [
  { to: "/school-admin/trips", label: "Manage Trips", icon: Bus },
  { to: "/school-admin/notifications", label: "Notifications", icon: Bell },
  { to: "/school-admin/invoices", label: "Invoices", icon: FileText },
  { to: "/school-admin/parents", label: "View Parents", icon: Users },
];

/** The school admin dashboard: cards (issue 31: true under the spec's labels), upcoming trips, alerts, unpaid invoices, quick actions. */
export default function SchoolAdminDashboardPage() {
  const dashboard = useSchoolDashboard();
  usePageTitle("School Dashboard · SchoolRide");
  return (
    <QueryState query={dashboard} loading="Loading your dashboard…" failed="Failed to load your dashboard.">
      {(data) => {
        const now = new Date();
        const { cards } = data;
        return (
          <div className="space-y-6">
            <PageHeader
              title={data.school.name}
              subtitle={`School dashboard · times in ${data.school.timeZone.replaceAll("_", " ")}`}
              actions={
                <Link to="/school-admin/trips?new=1" className={linkButton}>
                  <CalendarPlus aria-hidden="true" className="h-4 w-4" />
                  Schedule New Trip
                </Link>
              }
            />
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <StatCard
                label="Active Buses"
                value={`${cards.activeBuses.inProgress} / ${cards.activeBuses.total}`}
                detail="Buses on a run now, of the fleet"
              />
              <StatCard
                label="On-time Rate"
                value={cards.onTimeRate === null ? "—" : `${cards.onTimeRate}%`}
                detail="Based on completed trips"
              />
              <StatCard label="Active Routes" value={cards.activeRoutes} detail="Routes with a run this week" />
              <StatCard label="Total Students" value={cards.totalStudents} detail="Children assigned to a route" />
            </div>
            <div className="grid gap-6 lg:grid-cols-2">
              <Panel title="Upcoming Trips" link={{ to: "/school-admin/trips", label: "View all" }}>
                <UpcomingTrips data={data} />
              </Panel>
              <Panel title="Alerts and Notifications" link={{ to: "/school-admin/notifications", label: "View all" }}>
                <Alerts data={data} now={now} />
              </Panel>
              <Panel title="Unpaid Invoices" link={{ to: "/school-admin/invoices", label: "View all" }}>
                <UnpaidInvoices data={data} />
              </Panel>
              <Panel title="Quick Actions">
                <div className="grid grid-cols-2 gap-3">
                  {QUICK_ACTIONS.map(({ to, label, icon: Icon }) => (
                    <Link
                      key={to}
                      to={to}
                      className="flex min-h-12 items-center gap-2 rounded-lg border border-slate-200 px-3 py-3 text-sm font-medium text-ink hover:bg-slate-50"
                    >
                      <Icon aria-hidden="true" className="h-5 w-5 text-brand-700" />
                      {label}
                    </Link>
                  ))}
                </div>
              </Panel>
              <SchoolLanguageCard />
            </div>
          </div>
        );
      }}
    </QueryState>
  );
}
