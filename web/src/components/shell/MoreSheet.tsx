import { Trans, useLingui } from "@lingui/react/macro";
import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode, RefObject } from "react";
import { NavLink } from "react-router";
import { DialogCloseButton } from "../ui/dialog.tsx";
import type { NavItem } from "./nav.ts";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-12 items-center gap-3 rounded-md px-3 text-base font-medium ${isActive ? "bg-brand-100 text-brand-800" : "text-slate-700 hover:bg-slate-100"}`;

export type MoreSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: NavItem[];
  person: { name: string; detail: string };
  /** Logout (rendered by the bar, which the shell's chunk already carries). */
  footer: ReactNode;
  /** The More button, which gets the focus back when the sheet closes. */
  opener: RefObject<HTMLButtonElement | null>;
};

/**
 * The phone's More menu: a modal sheet from the bottom edge (Radix: focus trapped inside, Escape
 * or the overlay closes it, the focus goes back to More) with the area's other pages and Logout.
 * Loaded the first time it opens, so the shell on every page carries no dialog code.
 */
export default function MoreSheet({ open, onOpenChange, items, person, footer, opener }: MoreSheetProps) {
  const { i18n } = useLingui();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[85vh] overflow-y-auto rounded-t-2xl bg-white px-4 pt-4 pb-[calc(1rem+env(safe-area-inset-bottom))] shadow-xl focus:outline-none md:hidden"
        >
          <div className="mb-2 flex items-start justify-between gap-4">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold text-ink">
                <Trans>More</Trans>
              </RadixDialog.Title>
              <p className="truncate text-sm text-slate-600">
                {person.name} · {person.detail}
              </p>
            </div>
            <DialogCloseButton />
          </div>
          <ul className="flex flex-col gap-1">
            {items.map(({ to, label, icon: Icon, end }) => (
              <li key={to}>
                <NavLink to={to} end={end} className={linkClass} onClick={() => onOpenChange(false)}>
                  <Icon aria-hidden="true" className="h-5 w-5" />
                  {i18n._(label)}
                </NavLink>
              </li>
            ))}
            <li className="mt-1 border-t border-slate-200 pt-1">{footer}</li>
          </ul>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
