import { Bell, Building2, ChartColumn, MapPinned, Plane, Radio, Receipt, Route, UserRound, Users } from "lucide-react";
import { AppShell } from "../AppShell.tsx";
import { changePassword, dashboard, type NavItem } from "./nav.ts";

const ITEMS: NavItem[] = [
  dashboard("/school-admin"),
  { to: "/school-admin/trips", label: "Trip Management", short: "Trips", icon: Route, primary: true },
  { to: "/school-admin/routes", label: "Routes", icon: MapPinned },
  { to: "/school-admin/live", label: "Live board", short: "Live", icon: Radio },
  { to: "/school-admin/reports", label: "Reports", icon: ChartColumn },
  { to: "/school-admin/flight-trips", label: "Flight Trips", icon: Plane },
  { to: "/school-admin/notifications", label: "Notifications", icon: Bell },
  { to: "/school-admin/invoices", label: "Invoices", icon: Receipt, primary: true },
  { to: "/school-admin/parents", label: "Parents", icon: Users, primary: true },
  { to: "/school-admin/connect-stripe", label: "Stripe Payments", icon: Building2 },
  { to: "/school-admin/account", label: "My Account", icon: UserRound },
  changePassword("/school-admin"),
];

/** The school admin's frame. */
export default function SchoolAdminShell() {
  return <AppShell items={ITEMS} />;
}
