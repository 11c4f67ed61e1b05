import { msg } from "@lingui/core/macro";
import { Baby, Bell, Plane, Receipt, UserRound } from "lucide-react";
import { AppShell } from "../AppShell.tsx";
import { changePassword, dashboard, type NavItem } from "./nav.ts";

/** Spec "Shell" for parents: Dashboard, My Children, Flight Trips, Notifications, Invoices, then their own pages. */
const ITEMS: NavItem[] = [
  dashboard("/parent"),
  { to: "/parent/children", label: msg`My Children`, short: msg`Children`, icon: Baby, primary: true },
  // Not "Trips" on the phone's bar: a parent reads that as the bus, and the sidebar says Flight Trips.
  { to: "/parent/flight-trips", label: msg`Flight Trips`, icon: Plane, primary: true },
  { to: "/parent/notifications", label: msg`Notifications`, icon: Bell },
  { to: "/parent/invoices", label: msg`Invoices`, icon: Receipt, primary: true },
  { to: "/parent/account", label: msg`My Account`, icon: UserRound },
  changePassword("/parent"),
];

/** The parent's frame. */
export default function ParentShell() {
  return <AppShell items={ITEMS} />;
}
