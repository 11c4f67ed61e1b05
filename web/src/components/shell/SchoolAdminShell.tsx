import { msg } from "@lingui/core/macro";
import { Bell, Building2, ChartColumn, MapPinned, Plane, Radio, Receipt, Route, UserRound, Users } from "lucide-react";
import { AppShell } from "../AppShell.tsx";
import { changePassword, dashboard, type NavItem } from "./nav.ts";

const ITEMS: NavItem[] = [
  dashboard("/school-admin"),
  { to: "/school-admin/trips", label: msg`Trip Management`, short: msg`Trips`, icon: Route, primary: true },
  { to: "/school-admin/routes", label: msg`Routes`, icon: MapPinned },
  { to: "/school-admin/live", label: msg`Live board`, short: msg`Live`, icon: Radio },
  { to: "/school-admin/reports", label: msg`Reports`, icon: ChartColumn },
  { to: "/school-admin/flight-trips", label: msg`Flight Trips`, icon: Plane },
  { to: "/school-admin/notifications", label: msg`Notifications`, icon: Bell },
  { to: "/school-admin/invoices", label: msg`Invoices`, icon: Receipt, primary: true },
  { to: "/school-admin/parents", label: msg`Parents`, icon: Users, primary: true },
  { to: "/school-admin/connect-stripe", label: msg`Stripe Payments`, icon: Building2 },
  { to: "/school-admin/account", label: msg`My Account`, icon: UserRound },
  changePassword("/school-admin"),
];

/** The school admin's frame. */
export default function SchoolAdminShell() {
  return <AppShell items={ITEMS} />;
}
