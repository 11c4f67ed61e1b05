import {
  Baby,
  Bell,
  Building2,
  Bus,
  ClipboardCheck,
  ClipboardList,
  KeyRound,
  LayoutDashboard,
  LogOut,
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
import { useEffect, useRef } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { useUnreadCount } from "../features/notifications/unread.ts";
import { useSession } from "../lib/session.ts";

const ROLE_LABELS = { super_admin: "Super Admin", school_admin: "School Admin", parent: "Parent" } as const;

type NavItem = { to: string; label: string; icon: LucideIcon };

/** The area's own pages, after Dashboard. Later areas add theirs here. */
const AREA_NAV: Record<keyof typeof ROLE_LABELS, NavItem[]> = {
  super_admin: [
    { to: "/super-admin/schools", label: "Schools", icon: Building2 },
    { to: "/super-admin/pending-schools", label: "Pending Reviews", icon: ClipboardCheck },
    { to: "/super-admin/invites", label: "Invitations", icon: MailPlus },
    { to: "/super-admin/audit-logs", label: "Audit Logs", icon: ClipboardList },
    { to: "/super-admin/settings", label: "Settings", icon: Settings },
    { to: "/super-admin/security", label: "Security", icon: ShieldCheck },
  ],
  school_admin: [
    { to: "/school-admin/trips", label: "Trip Management", icon: Route },
    { to: "/school-admin/flight-trips", label: "Flight Trips", icon: Plane },
    { to: "/school-admin/notifications", label: "Notifications", icon: Bell },
    { to: "/school-admin/invoices", label: "Invoices", icon: Receipt },
    { to: "/school-admin/parents", label: "Parents", icon: Users },
    { to: "/school-admin/connect-stripe", label: "Stripe Payments", icon: Building2 },
    { to: "/school-admin/account", label: "My Account", icon: UserRound },
  ],
  parent: [
    { to: "/parent/children", label: "My Children", icon: Baby },
    { to: "/parent/notifications", label: "Notifications", icon: Bell },
    { to: "/parent/invoices", label: "Invoices", icon: Receipt },
    { to: "/parent/account", label: "My Account", icon: UserRound },
  ],
};

/** The header's bell: a link to the person's notifications with their unread count. */
function NotificationBell({ role, home }: { role: "schoolAdmin" | "parent"; home: string }) {
  const unread = useUnreadCount(role).data?.unread ?? 0;
  return (
    <NavLink
      to={`${home}/notifications`}
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
    >
      <Bell aria-hidden="true" className="h-5 w-5" />
      {unread > 0 ? (
        <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </NavLink>
  );
}

/** The signed-in frame: brand, the user and their school, Dashboard, Change Password and Logout. */
export default function AppShell() {
  const { user, home, logout, loggingOut } = useSession();
  const menu = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On phones the menu is one scrollable row: bring the current page's item into view (without
  // scrolling the page itself).
  useEffect(() => {
    const list = menu.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    const start = active.offsetLeft;
    const end = start + active.offsetWidth;
    const gutter = 16; // the list's side padding, so the item does not touch the screen's edge
    if (start - gutter < list.scrollLeft) list.scrollLeft = start - gutter;
    else if (end + gutter > list.scrollLeft + list.clientWidth) list.scrollLeft = end + gutter - list.clientWidth;
  }, [pathname]);
  if (!user || !home) return null;
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-100 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <NavLink to={home} className="flex items-center gap-2 font-bold text-ink">
            <Bus aria-hidden="true" className="h-6 w-6 text-brand-600" />
            SchoolRide
          </NavLink>
          <div className="flex items-center gap-3 text-sm">
            {user.role === "super_admin" ? null : <NotificationBell role={user.role === "parent" ? "parent" : "schoolAdmin"} home={home} />}
            <span className="text-right">
              <span className="block font-medium text-ink">{user.name}</span>
              <span className="block text-slate-500">
                {ROLE_LABELS[user.role]}
                {user.school ? ` · ${user.school}` : ""}
              </span>
            </span>
            <button
              type="button"
              onClick={() => void logout()}
              disabled={loggingOut}
              className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-700 hover:bg-slate-100"
            >
              <LogOut aria-hidden="true" className="h-4 w-4" />
              Logout
            </button>
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 md:flex-row">
        <nav aria-label="Main" className="md:w-52 md:shrink-0">
          <ul
            ref={menu}
            className="relative -mx-4 flex gap-1 overflow-x-auto scroll-px-4 px-4 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0 md:pb-0 [&>li]:shrink-0"
          >
            <li>
              <NavLink to={home} end className={linkClass}>
                <LayoutDashboard aria-hidden="true" className="h-4 w-4" />
                Dashboard
              </NavLink>
            </li>
            {AREA_NAV[user.role].map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink to={to} className={linkClass}>
                  <Icon aria-hidden="true" className="h-4 w-4" />
                  {label}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to={`${home}/change-password`} className={linkClass}>
                <KeyRound aria-hidden="true" className="h-4 w-4" />
                Change Password
              </NavLink>
            </li>
          </ul>
        </nav>
        <main id="main" className="min-w-0 flex-1">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
