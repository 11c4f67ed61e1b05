import { LayoutDashboard, LogOut, Menu, X } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { errorMessage } from "../../lib/errors.ts";
import { useSession } from "../../lib/session.ts";
import { notify } from "../../lib/toast.ts";
import { SiteLogo } from "./SiteLogo.tsx";
import { buttonPrimary, container } from "./ui.ts";

const MENU_ID = "site-mobile-menu";

const PAGES = [
  { to: "/", label: "Home", end: true },
  { to: "/services", label: "What We Do", end: false },
] as const;

type Variant = "desktop" | "mobile";

/** Every item of the desktop header (links, Logout, Get Started) has this one size. */
const DESKTOP_ITEM = "inline-flex h-9 items-center justify-center gap-2 rounded-md px-3 text-sm";

function navLinkClass(variant: Variant) {
  return ({ isActive }: { isActive: boolean }) => {
    const base =
      variant === "desktop"
        ? `${DESKTOP_ITEM} font-medium transition-colors`
        : "flex w-full items-center gap-2 rounded-md px-3 py-2.5 text-base font-medium transition-colors";
    return `${base} ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-ink"}`;
  };
}

/** Public site header: brand, page links and the sign-in or signed-in actions. */
export default function SiteHeader() {
  const { user, loading, home, logout, loggingOut } = useSession();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Close the small-screen menu whenever the route changes.
  const { pathname } = useLocation();
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpen(false);
  }

  // Escape closes the menu and gives focus back to its button.
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        setOpen(false);
        menuButton.current?.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  function handleLogout() {
    setOpen(false);
    logout().catch((error: unknown) => notify("error", "Logout Failed", errorMessage(error)));
  }

  function renderItems(variant: Variant) {
    const close = () => setOpen(false);
    const pageLinks = PAGES.map((page) => (
      <li key={page.to}>
        <NavLink to={page.to} end={page.end} className={navLinkClass(variant)} onClick={close}>
          {page.label}
        </NavLink>
      </li>
    ));

    // While the session is loading neither set is shown, so the header does not flicker.
    let accountItems: ReactNode = null;
    if (!loading && user && home) {
      accountItems = (
        <>
          <li>
            <NavLink to={home} className={navLinkClass(variant)} onClick={close}>
              <LayoutDashboard aria-hidden="true" className="size-4" />
              Dashboard
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              onClick={handleLogout}
              disabled={loggingOut}
              className={`${navLinkClass(variant)({ isActive: false })} disabled:cursor-wait disabled:opacity-60`}
            >
              <LogOut aria-hidden="true" className="size-4" />
              {loggingOut ? "Logging out…" : "Logout"}
            </button>
          </li>
        </>
      );
    } else if (!loading) {
      accountItems = (
        <>
          <li>
            <NavLink to="/login" className={navLinkClass(variant)} onClick={close}>
              Log In
            </NavLink>
          </li>
          <li className={variant === "mobile" ? "pt-2" : "ml-1"}>
            <Link
              to="/get-started"
              onClick={close}
              className={
                variant === "mobile"
                  ? `${buttonPrimary} w-full`
                  : `${DESKTOP_ITEM} bg-brand-500 font-semibold text-ink shadow-sm hover:bg-brand-600 focus-visible:outline-brand-700`
              }
            >
              Get Started
            </Link>
          </li>
        </>
      );
    }

    return (
      <ul className={variant === "desktop" ? "flex items-center gap-1" : "flex flex-col gap-1"}>
        {pageLinks}
        {accountItems}
      </ul>
    );
  }

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className={`${container} flex h-16 items-center justify-between gap-4`}>
        <SiteLogo className="tracking-tight text-ink" />

        <nav aria-label="Main" className="hidden md:block">
          {renderItems("desktop")}
        </nav>

        <button
          ref={menuButton}
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-ink md:hidden"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="sr-only">Menu</span>
          {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </button>
      </div>

      <nav id={MENU_ID} aria-label="Main" hidden={!open} className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 shadow-sm md:hidden">
        {renderItems("mobile")}
      </nav>
    </header>
  );
}
