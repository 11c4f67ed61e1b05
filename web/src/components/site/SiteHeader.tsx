import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { useLingui as useLinguiMacro } from "@lingui/react/macro";
import { Menu, X } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { LanguageSwitcher } from "../../i18n/LanguageSwitcher.tsx";
import { useHydrated } from "../../lib/hydrated.ts";
import { navLinkClass, type Variant } from "./nav.ts";
import { SiteLogo } from "./SiteLogo.tsx";
import { container } from "./ui.ts";

const AccountItems = lazy(() => import("./AccountItems.tsx"));

const MENU_ID = "site-mobile-menu";

const PAGES = [
  { to: "/", label: msg`Home`, end: true },
  { to: "/services", label: msg`What We Do`, end: false },
] as const;

/** Public site header: brand, page links and the sign-in or signed-in actions. */
export default function SiteHeader() {
  const { i18n } = useLingui();
  const { t } = useLinguiMacro();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The page is prerendered: a tap before React has hydrated it would be lost, so the button is
  // disabled until then, as the prerendered forms are.
  const hydrated = useHydrated();

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

  function renderItems(variant: Variant) {
    const close = () => setOpen(false);
    const pageLinks = PAGES.map((page) => (
      <li key={page.to}>
        <NavLink to={page.to} end={page.end} className={navLinkClass(variant)} onClick={close}>
          {i18n._(page.label)}
        </NavLink>
      </li>
    ));

    // Signed-in or signed-out actions: they load with the data layer, after the page (while the
    // session is loading neither set is shown, so the header does not flicker).
    const accountItems = (
      <Suspense fallback={null}>
        <AccountItems variant={variant} onNavigate={close} />
      </Suspense>
    );

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

        <div className="hidden items-center gap-4 md:flex">
          <nav aria-label={t`Main`}>{renderItems("desktop")}</nav>
          <LanguageSwitcher selectClassName="max-w-36" />
        </div>

        <button
          ref={menuButton}
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-ink md:hidden"
          aria-expanded={open}
          aria-controls={MENU_ID}
          disabled={!hydrated}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="sr-only">{t`Menu`}</span>
          {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </button>
      </div>

      <nav
        id={MENU_ID}
        aria-label={t`Main`}
        hidden={!open}
        className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 shadow-sm md:hidden"
      >
        {renderItems("mobile")}
        <LanguageSwitcher className="mt-3 border-t border-slate-200 px-3 pt-3" selectClassName="flex-1" />
      </nav>
    </header>
  );
}
