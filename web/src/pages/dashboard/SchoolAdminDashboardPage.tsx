import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiRuntime } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
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
import { activeLocale } from "../../i18n/i18n.ts";
import { useMoney } from "../../lib/school-zone.ts";
import { SchoolLanguageCard } from "../school-admin/SchoolLanguageCard.tsx";

const linkButton =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand-500 px-4 py-2 font-semibold text-ink shadow-sm hover:bg-brand-600";

function UpcomingTrips({ data }: { data: SchoolDashboard }) {
  const { t } = useLingui();
  const zone = data.school.timeZone;
  if (data.upcomingTrips.length === 0)
    return (
      <EmptyState
        title={t`No upcoming trips`}
        action={
          <Link to="/school-admin/trips?new=1" className={linkButton}>
            <Trans>Schedule a Trip</Trans>
          </Link>
        }
      />
    );
  return (
    <ul className="divide-y divide-slate-100">
      {data.upcomingTrips.map(({ id, busNumber, driverName, ...trip }) => (
        <li key={id} className="flex items-center gap-3 py-2">
          <RouteTypeIcon type={trip.routeType} />
          <div className="min-w-0 flex-1">
            <p className="font-medium wrap-anywhere text-ink">{trip.routeName}</p>
            <p className="text-sm wrap-anywhere text-slate-600">
              <Trans>
                Bus {busNumber} · {driverName}
              </Trans>
            </p>
          </div>
          <p className="shrink-0 text-end text-sm text-slate-700">
            {formatDay(trip.departureTime, zone, activeLocale())}
            <br />
            {formatTime(trip.departureTime, zone, activeLocale())}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Alerts({ data, now }: { data: SchoolDashboard; now: Date }) {
  const { t, i18n } = useLingui();
  if (data.alerts.length === 0) return <EmptyState title={t`No notifications found`} />;
  return (
    <ul className="divide-y divide-slate-100">
      {data.alerts.map((alert) => (
        <li key={alert.id} className="flex gap-3 py-2">
          <NotificationTypeIcon type={alert.type} />
          <div className="min-w-0 flex-1">
            <p className={`line-clamp-2 wrap-anywhere ${alert.read ? "text-slate-700" : "font-semibold text-ink"}`}>
              {alert.title}
            </p>
            <NotificationOrigin
              sender={alert.sender}
              when={relativeTime(alert.createdAt, data.school.timeZone, now, i18n)}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

function UnpaidInvoices({ data }: { data: SchoolDashboard }) {
  const { t } = useLingui();
  const money = useMoney();
  if (data.unpaidInvoices.length === 0) return <EmptyState title={t`No unpaid invoices`} />;
  return (
    <ul className="divide-y divide-slate-100">
      {data.unpaidInvoices.map((invoice) => (
        <li key={invoice.id} className="flex items-center justify-between gap-3 py-2">
          <div className="min-w-0 flex-1">
            <p className="font-medium text-ink">{invoice.invoiceNumber}</p>
            <p className="text-sm wrap-anywhere text-slate-600">{invoice.recipientName ?? t`Former parent`}</p>
          </div>
          <div className="shrink-0 text-end">
            <p className="font-medium text-ink">{money(invoice.amountCents)}</p>
            <Badge tone={invoice.status === "overdue" ? "red" : "amber"}>
              {invoice.status === "overdue" ? t`Overdue` : t`Pending`}
            </Badge>
          </div>
        </li>
      ))}
    </ul>
  );
}

const QUICK_ACTIONS: { to: string; label: MessageDescriptor; icon: LucideIcon }[] = [
  { to: "/school-admin/trips", label: msg`Manage Trips`, icon: Bus },
  { to: "/school-admin/notifications", label: msg`Notifications`, icon: Bell },
  { to: "/school-admin/invoices", label: msg`Invoices`, icon: FileText },
  { to: "/school-admin/parents", label: msg`View Parents`, icon: Users },
];

/** The school admin dashboard: cards (issue 31: true under the spec's labels), upcoming trips, alerts, unpaid invoices, quick actions. */
export default function SchoolAdminDashboardPage() {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const dashboard = useSchoolDashboard();
  usePageTitle(t`School Dashboard · SchoolRide`);
  return (
    <QueryState query={dashboard} loading={t`Loading your dashboard…`} failed={t`Failed to load your dashboard.`}>
      {(data) => {
        const now = new Date();
        const { cards } = data;
        const zone = data.school.timeZone.replaceAll("_", " ");
        const { inProgress, total } = cards.activeBuses;
        const rate = cards.onTimeRate === null ? null : i18n.number(cards.onTimeRate / 100, { style: "percent" });
        return (
          <div className="space-y-6">
            <PageHeader
              title={data.school.name}
              subtitle={t`School dashboard · times in ${zone}`}
              actions={
                <Link to="/school-admin/trips?new=1" className={linkButton}>
                  <CalendarPlus aria-hidden="true" className="h-4 w-4" />
                  <Trans>Schedule New Trip</Trans>
                </Link>
              }
            />
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <StatCard
                label={t`Active Buses`}
                value={t`${inProgress} / ${total}`}
                detail={t`Buses on a run now, of the fleet`}
              />
              <StatCard label={t`On-time Rate`} value={rate ?? "—"} detail={t`Based on completed trips`} />
              <StatCard
                label={t`Active Routes`}
                value={i18n.number(cards.activeRoutes)}
                detail={t`Routes with a run this week`}
              />
              <StatCard
                label={t`Total Students`}
                value={i18n.number(cards.totalStudents)}
                detail={t`Children assigned to a route`}
              />
            </div>
            <div className="grid gap-6 lg:grid-cols-2">
              <Panel title={t`Upcoming Trips`} link={{ to: "/school-admin/trips", label: t`View all` }}>
                <UpcomingTrips data={data} />
              </Panel>
              <Panel
                title={t`Alerts and Notifications`}
                link={{ to: "/school-admin/notifications", label: t`View all` }}
              >
                <Alerts data={data} now={now} />
              </Panel>
              <Panel title={t`Unpaid Invoices`} link={{ to: "/school-admin/invoices", label: t`View all` }}>
                <UnpaidInvoices data={data} />
              </Panel>
              <Panel title={t`Quick Actions`}>
                <div className="grid grid-cols-2 gap-3">
                  {QUICK_ACTIONS.map(({ to, label, icon: Icon }) => (
                    <Link
                      key={to}
                      to={to}
                      className="flex min-h-12 items-center gap-2 rounded-lg border border-slate-200 px-3 py-3 text-sm font-medium text-ink hover:bg-slate-50"
                    >
                      <Icon aria-hidden="true" className="h-5 w-5 text-brand-700" />
                      {i18n._(label)}
                    </Link>
                  ))}
                </div>
              </Panel>
              <SchoolLanguageCard current={data.school.defaultLocale} />
            </div>
          </div>
        );
      }}
    </QueryState>
  );
}
