import { useLingui } from "@lingui/react/macro";
import { Suspense } from "react";
import { NavLink, Outlet } from "react-router";
import { isOfflineRole } from "#shared/service-worker.ts";
import { useSession } from "../lib/session.ts";
import { AreaNotices } from "../pwa/lazy.tsx";
import { BottomBar } from "./shell/BottomBar.tsx";
import { BRAND_CLASS, BrandMark, FRAME_CLASS, HEADER_CLASS, HEADER_ROW_CLASS } from "./shell/frame.tsx";
import { NotificationBell } from "./shell/NotificationBell.tsx";
import { type NavItem, ROLE_LABELS } from "./shell/nav.ts";
import { Sidebar } from "./shell/Sidebar.tsx";
import { SkipLink } from "./ui/skip-link.tsx";

/**
 * The signed-in frame: a compact header (brand, the bell, the user and their school), the spec's
 * sidebar from md up, and on phones a bottom bar with a More menu (never a scrolling row). Each
 * area's module (shell/*Shell.tsx) gives its items.
 */
export function AppShell({ items }: { items: NavItem[] }) {
  const { i18n } = useLingui();
  const { user, home, logout, loggingOut } = useSession();
  if (!user || !home) return null;
  const detail = `${i18n._(ROLE_LABELS[user.role])}${user.school ? ` · ${user.school}` : ""}`;
  const onLogout = () => void logout();
  return (
    <div className={FRAME_CLASS}>
      <SkipLink />
      <header className={HEADER_CLASS}>
        <div className={HEADER_ROW_CLASS}>
          <NavLink to={home} className={BRAND_CLASS}>
            <BrandMark />
          </NavLink>
          <div className="flex min-w-0 items-center gap-3 text-sm">
            {/* The super admin and the driver have no inbox (a driver asking the school admin's was refused). */}
            {user.role === "parent" || user.role === "school_admin" ? (
              <NotificationBell role={user.role === "parent" ? "parent" : "schoolAdmin"} home={home} />
            ) : null}
            <span className="hidden min-w-0 text-end md:block">
              <span className="block truncate font-medium text-ink" title={user.name}>
                {user.name}
              </span>
              <span className="block truncate text-slate-600" title={detail}>
                {detail}
              </span>
            </span>
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-6xl gap-6 px-4 pt-4 pb-[calc(5rem+env(safe-area-inset-bottom))] md:pt-6 md:pb-6">
        <Sidebar items={items} onLogout={onLogout} loggingOut={loggingOut} />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          {/* A parent's and a driver's app works from the phone (ADR 0067): how old its data is, and the offer to install it (ADR 0090). */}
          {isOfflineRole(user.role) ? (
            <Suspense fallback={null}>
              <AreaNotices />
            </Suspense>
          ) : null}
          <Outlet />
        </main>
      </div>
      <BottomBar items={items} person={{ name: user.name, detail }} onLogout={onLogout} loggingOut={loggingOut} />
    </div>
  );
}
