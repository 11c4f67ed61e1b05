import { BarChart3, Building2, ClipboardCheck, ClipboardList, MailPlus, Settings, ShieldCheck } from "lucide-react";
import { AppShell } from "../AppShell.tsx";
import { changePassword, dashboard, type NavItem } from "./nav.ts";

const ITEMS: NavItem[] = [
  dashboard("/super-admin"),
  { to: "/super-admin/schools", label: "Schools", icon: Building2, primary: true },
  {
    to: "/super-admin/pending-schools",
    label: "Pending Reviews",
    short: "Reviews",
    icon: ClipboardCheck,
    primary: true,
  },
  { to: "/super-admin/invites", label: "Invitations", icon: MailPlus, primary: true },
  { to: "/super-admin/metrics", label: "Metrics", icon: BarChart3 },
  { to: "/super-admin/audit-logs", label: "Audit Logs", icon: ClipboardList },
  { to: "/super-admin/settings", label: "Settings", icon: Settings },
  { to: "/super-admin/security", label: "Security", icon: ShieldCheck },
  changePassword("/super-admin"),
];

/** The super admin's frame (no bell: the platform has no inbox). */
export default function SuperAdminShell() {
  return <AppShell items={ITEMS} />;
}
