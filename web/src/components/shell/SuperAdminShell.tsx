import { msg } from "@lingui/core/macro";
import { BarChart3, Building2, ClipboardCheck, ClipboardList, MailPlus, Settings, ShieldCheck } from "lucide-react";
import { AppShell } from "../AppShell.tsx";
import { changePassword, dashboard, language, type NavItem } from "./nav.ts";

const ITEMS: NavItem[] = [
  dashboard("/super-admin"),
  { to: "/super-admin/schools", label: msg`Schools`, icon: Building2, primary: true },
  {
    to: "/super-admin/pending-schools",
    label: msg`Pending Reviews`,
    short: msg`Reviews`,
    icon: ClipboardCheck,
    primary: true,
  },
  { to: "/super-admin/invites", label: msg`Invitations`, icon: MailPlus, primary: true },
  { to: "/super-admin/metrics", label: msg`Metrics`, icon: BarChart3 },
  { to: "/super-admin/audit-logs", label: msg`Audit Logs`, icon: ClipboardList },
  { to: "/super-admin/settings", label: msg`Settings`, icon: Settings },
  { to: "/super-admin/security", label: msg`Security`, icon: ShieldCheck },
  language("/super-admin"),
  changePassword("/super-admin"),
];

/** The super admin's frame (no bell: the platform has no inbox). */
export default function SuperAdminShell() {
  return <AppShell items={ITEMS} />;
}
