import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Bell, FileText, type LucideIcon, Plane, Users } from "lucide-react";
import { Link } from "react-router";
import type { TripStatus } from "#shared/enums.ts";
import { PARENT_DASHBOARD_TEXTS as TEXTS } from "#shared/parent-dashboard.ts";
import { Badge, type Tone } from "../../components/ui/badge.tsx";
import { formatIsoDay } from "../../components/ui/format.ts";
import { gradeLabel } from "../../features/children/grades.ts";
import type { ParentDashboard } from "../../features/dashboard/hooks.ts";
import { InvoiceStatusBadge } from "../../features/invoices/labels.tsx";
import { PayInvoiceButton } from "../../features/payments/PayInvoiceButton.tsx";
import { ChildRides } from "../../features/rides/ChildRides.tsx";
import { RouteTypeIcon } from "../../features/trips/labels.tsx";
import { sharedText } from "../../i18n/shared-texts.ts";
import { useMoney } from "../../lib/school-zone.ts";

/** Thumb-sized: every link and button of the dashboard is at least 44 px tall. */
const TARGET = "min-h-11";
const linkButton = `${TARGET} inline-flex items-center justify-center gap-2 rounded-md bg-brand-500 px-4 py-2 font-semibold text-ink shadow-sm hover:bg-brand-600`;

type TileKey = keyof ParentDashboard["tiles"];

const TILES: { key: TileKey; to: string; label: MessageDescriptor; icon: LucideIcon }[] = [
  { key: "children", to: "/parent/children", label: msg`Children`, icon: Users },
  { key: "unreadNotifications", to: "/parent/notifications", label: msg`Notifications`, icon: Bell },
  { key: "unpaidInvoices", to: "/parent/invoices", label: msg`Invoices`, icon: FileText },
  { key: "flightTripEnrollments", to: "/parent/flight-trips", label: msg`Flight Trips`, icon: Plane },
];

/** The spec's tiles: children, notifications, invoices and flight trips, each a link with its count. */
export function Tiles({ tiles }: { tiles: ParentDashboard["tiles"] }) {
  const { i18n, t } = useLingui();
  // The word after each tile's count, which agrees with it in some languages.
  const details: Record<TileKey, string> = {
    children: t`${plural(tiles.children, { one: "registered", other: "registered" })}`,
    unreadNotifications: t`${plural(tiles.unreadNotifications, { one: "unread", other: "unread" })}`,
    unpaidInvoices: t`${plural(tiles.unpaidInvoices, { one: "to pay", other: "to pay" })}`,
    flightTripEnrollments: t`${plural(tiles.flightTripEnrollments, { one: "enrolled", other: "enrolled" })}`,
  };
  return (
    <nav aria-label={t`Your areas`} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {TILES.map(({ key, to, label, icon: Icon }) => (
        <Link
          key={key}
          to={to}
          className="flex min-h-11 items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm hover:border-brand-500 sm:p-4"
        >
          <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Icon aria-hidden="true" className="h-5 w-5" />
          </span>
          <span className="min-w-0">
            <span className="block text-sm wrap-break-word font-medium text-slate-700">{i18n._(label)}</span>
            <span className="block text-lg font-bold text-ink">
              {tiles[key]} <span className="text-sm font-normal text-slate-600">{details[key]}</span>
            </span>
          </span>
        </Link>
      ))}
    </nav>
  );
}

const RIDE_TONES: Record<TripStatus, Tone> = {
  scheduled: "slate",
  "in-progress": "blue",
  completed: "green",
  cancelled: "red",
};

/** Beyond the spec: each child's runs today on the routes the school assigned them, with the school's live status. */
export function TodaysRides({ data }: { data: ParentDashboard }) {
  const { t } = useLingui();
  const riders = data.children.filter((child) => child.rides.length > 0);
  if (riders.length === 0)
    return (
      <p className="text-sm text-slate-600">
        {sharedText(data.children.length === 0 ? TEXTS.noRidesToday : TEXTS.noRoute)}
      </p>
    );
  return (
    <ul className="space-y-3" aria-live="polite">
      {riders.map((child) => {
        const name = child.name;
        return (
          <li key={child.id}>
            <p className="text-sm font-semibold wrap-anywhere text-ink">{child.name}</p>
            {child.todaysRides.length === 0 ? (
              <p className="text-sm text-slate-600">
                {sharedText(child.notRiding.includes(data.today) ? TEXTS.notRidingToday : TEXTS.noRidesToday)}
              </p>
            ) : (
              <ul className="mt-1 divide-y divide-slate-100" aria-label={t`${name}'s rides today`}>
                {child.todaysRides.map((ride) => {
                  const busNumber = ride.busNumber;
                  const bus = busNumber ? t`Bus ${busNumber}` : null;
                  return (
                    <li key={ride.tripId} data-testid="todays-ride">
                      {/* The run live (the bus, the ETA to the child's stop, whether the child boarded). */}
                      <Link
                        to={`/parent/rides/${encodeURIComponent(ride.tripId)}`}
                        className="-mx-2 flex min-h-11 items-center gap-3 rounded-md px-2 py-2 hover:bg-slate-50"
                      >
                        <RouteTypeIcon type={ride.routeType} />
                        <div className="min-w-0 flex-1">
                          <p className="font-medium text-ink">
                            {ride.departs} – {ride.arrives}
                          </p>
                          <p className="text-sm wrap-anywhere text-slate-600">
                            {ride.routeName}
                            {bus ? ` · ${bus}` : ""}
                          </p>
                        </div>
                        <Badge tone={RIDE_TONES[ride.status]}>{sharedText(ride.statusLabel)}</Badge>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A card per child (name, age, grade, school, the school's assignment or the not-assigned text, "Not riding"). */
export function ChildCards({ items, today }: { items: ParentDashboard["children"]; today: string }) {
  const { i18n, t } = useLingui();
  if (items.length === 0)
    return (
      <div className="text-center">
        <p className="text-slate-600">{sharedText(TEXTS.noChildren)}</p>
        <Link to="/parent/children" className={`${linkButton} mt-3`}>
          {sharedText(TEXTS.addChildren)}
        </Link>
      </div>
    );
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1" aria-label={t`Your children`}>
      {items.map((child) => (
        <li key={child.id} className="min-w-0 rounded-lg border border-slate-200 p-4 wrap-anywhere">
          <p className="font-semibold text-ink">{child.name}</p>
          <p className="text-sm text-slate-600">
            <Plural value={child.age} one="# year" other="# years" /> · {gradeLabel(i18n, child.grade)}
          </p>
          <p className="text-sm text-slate-600">{child.school}</p>
          <ChildRides child={child} rides={child.rides} notRiding={child.notRiding} today={today} />
        </li>
      ))}
    </ul>
  );
}

/** Upcoming Payment (earliest-due pending or overdue) with Pay Now, or "No pending payments"; Recent Payments (2). */
export function PaymentInformation({ data }: { data: ParentDashboard }) {
  const money = useMoney();
  const { upcoming, recent } = data.payments;
  const due = upcoming ? formatIsoDay(upcoming.dueDate) : "";
  const { t } = useLingui();
  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-sm font-semibold text-slate-700">{sharedText(TEXTS.upcomingPayment)}</h3>
        {upcoming ? (
          <div className="mt-2 rounded-lg border border-slate-200 p-3" data-testid="upcoming-payment">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">{upcoming.invoiceNumber}</p>
                <p className="text-sm wrap-anywhere text-slate-600">{upcoming.description}</p>
              </div>
              <p className="shrink-0 text-lg font-bold text-ink">{money(upcoming.amountCents)}</p>
            </div>
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
              <p className="flex items-center gap-2 text-sm text-slate-600">
                <Trans>Due {due}</Trans> <InvoiceStatusBadge status={upcoming.status} />
              </p>
              <PayInvoiceButton invoiceId={upcoming.id} label={sharedText(TEXTS.payNow)} className={`${TARGET} px-4`} />
            </div>
          </div>
        ) : (
          <p className="mt-1 text-sm text-slate-600">{sharedText(TEXTS.noPendingPayments)}</p>
        )}
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-700">{sharedText(TEXTS.recentPayments)}</h3>
        {recent.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">{sharedText(TEXTS.noRecentPayments)}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={sharedText(TEXTS.recentPayments)}>
            {recent.map((invoice) => {
              const paidOn = invoice.paidOn ? formatIsoDay(invoice.paidOn) : null;
              return (
                <li key={invoice.id} className="flex items-center justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <p className="font-medium text-ink">{invoice.invoiceNumber}</p>
                    <p className="text-xs text-slate-600">{paidOn ? t`Paid ${paidOn}` : t`Paid`}</p>
                  </div>
                  <p className="font-medium text-ink">{money(invoice.amountCents)}</p>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
