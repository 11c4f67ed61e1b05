import { ChevronDown } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";

export type ActionMenuItem = {
  /** The visible text ("Void"). */
  label: string;
  /** The accessible name when the visible text needs its context ("Void INV-2026-004"). */
  ariaLabel?: string;
  icon?: ReactNode;
  danger?: boolean;
  onSelect: () => void;
};

/**
 * A row's secondary actions behind one button: a native popover (top layer, so no table or card
 * clips it; Escape and a click elsewhere close it), placed under its button (above it near the
 * bottom of the window) and following it when the page scrolls. The items are buttons
 * in the tab order right after it. Choosing one closes the menu and gives the focus back to the
 * button first, so a dialog the item opens returns the focus there when it closes.
 */
export function ActionMenu({
  label,
  ariaLabel,
  items,
}: {
  label: string;
  ariaLabel: string;
  items: readonly ActionMenuItem[];
}) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Placed when it opens, and again when the page scrolls or the window changes size: it follows its button.
  useEffect(() => {
    const follow = () => panel.current?.matches(":popover-open") && place();
    window.addEventListener("scroll", follow, true);
    window.addEventListener("resize", follow);
    return () => {
      window.removeEventListener("scroll", follow, true);
      window.removeEventListener("resize", follow);
    };
  });

  /** Under the button, aligned with its end (its right edge, its left one right to left), kept inside the viewport. */
  function place() {
    const anchor = button.current?.getBoundingClientRect();
    const menu = panel.current;
    if (!anchor || !menu) return;
    const width = menu.offsetWidth;
    const height = menu.offsetHeight;
    const rtl = getComputedStyle(menu).direction === "rtl";
    const left = Math.max(8, Math.min(rtl ? anchor.left : anchor.right - width, window.innerWidth - width - 8));
    const below = anchor.bottom + 4;
    const top =
      below + height > window.innerHeight - 8 && anchor.top - height - 4 > 8 ? anchor.top - height - 4 : below;
    menu.style.left = `${left}px`;
    menu.style.top = `${top}px`;
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        popoverTarget={id}
        aria-label={ariaLabel}
        className="inline-flex min-h-11 items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-50 md:min-h-9"
      >
        {label}
        <ChevronDown aria-hidden="true" className="h-4 w-4" />
      </button>
      <div
        ref={panel}
        id={id}
        popover="auto"
        onToggle={(event) => {
          if ((event as unknown as ToggleEvent).newState === "open") place();
        }}
        className="fixed m-0 w-max min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg [inset:auto]"
      >
        {items.map((item) => (
          <button
            key={item.label}
            type="button"
            aria-label={item.ariaLabel}
            onClick={() => {
              button.current?.focus();
              panel.current?.hidePopover();
              item.onSelect();
            }}
            className={`flex min-h-11 w-full items-center gap-2 rounded-md px-3 text-start text-sm font-medium md:min-h-9 ${item.danger ? "text-red-700 hover:bg-red-50" : "text-slate-700 hover:bg-slate-100"}`}
          >
            {item.icon}
            {item.label}
          </button>
        ))}
      </div>
    </>
  );
}
