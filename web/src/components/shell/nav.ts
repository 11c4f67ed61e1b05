import {
  Baby,
  Bell,
  Building2,
  ClipboardCheck,
  ClipboardList,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  MailPlus,
  Plane,
  Receipt,
  Route,
  Settings,
  ShieldCheck,
  UserRound,
  Users,
} from "lucide-react";
import type { Role } from "../../lib/session.ts";

/**
 * One destination of an area. `short` is the phone bar's label when the full one does not fit a
 * fifth of a 375 px screen. When it is part of `label`, `label` stays the link's accessible name
 * (a voice user saying what they see still hits it); otherwise the name is what the bar shows.
 */
export type NavItem = { to: string; label: string; short?: string; icon: LucideIcon; end?: boolean; primary?: boolean };

const dashboard = (home: string): NavItem => ({ to: home, label: "Dashboard", icon: LayoutDashboard, end: true, primary: true });
const changePassword = (home: string): NavItem => ({ to: `${home}/change-password`, label: "Change Password", icon: KeyRound });

/**
 * Spec "Shell", in the sidebar's order: Dashboard, the area's pages, then the person's own pages.
 * `primary` items (four) make the phone's bottom bar; the rest go under its More menu. The header's
 * bell is always on screen, so Notifications is not one of the four.
 */
export const AREA_NAV: Record<Role, NavItem[]> = {
  super_admin: [
    dashboard("/super-admin"),
    { to: "/super-admin/schools", label: "Schools", icon: Building2, primary: true },
    { to: "/super-admin/pending-schools", label: "Pending Reviews", short: "Reviews", icon: ClipboardCheck, primary: true },
    { to: "/super-admin/invites", label: "Invitations", icon: MailPlus, primary: true },
    { to: "/super-admin/audit-logs", label: "Audit Logs", icon: ClipboardList },
    { to: "/super-admin/settings", label: "Settings", icon: Settings },
    { to: "/super-admin/security", label: "Security", icon: ShieldCheck },
    changePassword("/super-admin"),
  ],
  school_admin: [
    dashboard("/school-admin"),
    { to: "/school-admin/trips", label: "Trip Management", short: "Trips", icon: Route, primary: true },
    { to: "/school-admin/flight-trips", label: "Flight Trips", icon: Plane },
    { to: "/school-admin/notifications", label: "Notifications", icon: Bell },
    { to: "/school-admin/invoices", label: "Invoices", icon: Receipt, primary: true },
    { to: "/school-admin/parents", label: "Parents", icon: Users, primary: true },
    { to: "/school-admin/connect-stripe", label: "Stripe Payments", icon: Building2 },
    { to: "/school-admin/account", label: "My Account", icon: UserRound },
    changePassword("/school-admin"),
  ],
  parent: [
    dashboard("/parent"),
    { to: "/parent/children", label: "My Children", short: "Children", icon: Baby, primary: true },
    { to: "/parent/flight-trips", label: "Flight Trips", short: "Trips", icon: Plane, primary: true },
    { to: "/parent/notifications", label: "Notifications", icon: Bell },
    { to: "/parent/invoices", label: "Invoices", icon: Receipt, primary: true },
    { to: "/parent/account", label: "My Account", icon: UserRound },
    changePassword("/parent"),
  ],
};

export const ROLE_LABELS: Record<Role, string> = { super_admin: "Super Admin", school_admin: "School Admin", parent: "Parent" };
