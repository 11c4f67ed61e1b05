import { Trans, useLingui } from "@lingui/react/macro";
import { Ellipsis } from "lucide-react";
import { useRef, useState } from "react";
import { matchPath, NavLink, useLocation } from "react-router";
import { lazyDialog } from "../ui/lazy-dialog.tsx";
import { LogoutButton } from "./LogoutButton.tsx";
import type { MoreSheetProps } from "./MoreSheet.tsx";
import type { NavItem } from "./nav.ts";

const MoreSheet = lazyDialog<MoreSheetProps>(async () => (await import("./MoreSheet.tsx")).default);

/** Thumb-sized (≥ 44 px) cells, the current one marked in colour as well as by aria-current. */
const cellClass = (active: boolean) =>
  `flex min-h-14 w-full flex-col items-center justify-center gap-0.5 px-1 text-[11px] leading-tight font-medium ${active ? "text-brand-800" : "text-slate-600 hover:text-ink"}`;

type Props = { items: NavItem[]; person: { name: string; detail: string }; onLogout: () => void; loggingOut: boolean };

/**
 * Below md: a bar fixed to the bottom of the screen, four primary destinations and More, instead of
 * the sidebar. More opens a sheet with the other items and Logout (MoreSheet.tsx).
 */
export function BottomBar({ items, person, onLogout, loggingOut }: Props) {
  const { i18n, t } = useLingui();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const primary = items.filter((item) => item.primary);
  const more = items.filter((item) => !item.primary);
  const inMore = more.some((item) => matchPath({ path: item.to, end: item.end ?? false }, pathname) !== null);
  return (
    <nav
      aria-label={t`Main`}
      data-bottom-bar
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden print:hidden"
    >
      <ul className="grid grid-cols-5">
        {primary.map(({ to, label: labelText, short: shortText, icon: Icon, end }) => {
          const label = i18n._(labelText);
          const short = shortText ? i18n._(shortText) : undefined;
          return (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                aria-label={short && label.includes(short) ? label : undefined}
                className={({ isActive }) => cellClass(isActive)}
              >
                <Icon aria-hidden="true" className="h-5 w-5" />
                {short ?? label}
              </NavLink>
            </li>
          );
        })}
        <li>
          <button
            ref={opener}
            type="button"
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => setOpen(true)}
            className={cellClass(inMore)}
          >
            <Ellipsis aria-hidden="true" className="h-5 w-5" />
            <Trans>More</Trans>
          </button>
        </li>
      </ul>
      <MoreSheet
        open={open}
        onOpenChange={setOpen}
        items={more}
        person={person}
        footer={<LogoutButton onLogout={onLogout} loggingOut={loggingOut} large />}
        opener={opener}
      />
    </nav>
  );
}
