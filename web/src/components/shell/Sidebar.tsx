import { useLingui } from "@lingui/react/macro";
import { NavLink } from "react-router";
import { LogoutButton } from "./LogoutButton.tsx";
import type { NavItem } from "./nav.ts";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-100 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`;

/** From md up: the spec's sidebar, every item of the area, then Logout. */
export function Sidebar({
  items,
  onLogout,
  loggingOut,
}: {
  items: NavItem[];
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const { i18n, t } = useLingui();
  return (
    <nav aria-label={t`Main`} className="hidden w-52 shrink-0 md:block print:hidden">
      <ul className="flex flex-col gap-1">
        {items.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink to={to} end={end} className={linkClass}>
              <Icon aria-hidden="true" className="h-4 w-4" />
              {i18n._(label)}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="mt-3 border-t border-slate-200 pt-3">
        <LogoutButton onLogout={onLogout} loggingOut={loggingOut} />
      </div>
    </nav>
  );
}
