/** Shared by the header and its account items (AccountItems.tsx). */
export type Variant = "desktop" | "mobile";

/** Every item of the desktop header (links, Logout, Get Started) has this one size. */
export const DESKTOP_ITEM = "inline-flex h-9 items-center justify-center gap-2 rounded-md px-3 text-sm";

export function navLinkClass(variant: Variant) {
  return ({ isActive }: { isActive: boolean }) => {
    const base =
      variant === "desktop"
        ? `${DESKTOP_ITEM} font-medium transition-colors`
        : "flex w-full items-center gap-2 rounded-md px-3 py-2.5 text-base font-medium transition-colors";
    return `${base} ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-ink"}`;
  };
}
