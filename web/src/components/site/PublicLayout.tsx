import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { SkipLink } from "../ui/skip-link.tsx";
import SiteFooter from "./SiteFooter.tsx";
import SiteHeader from "./SiteHeader.tsx";

/** Frame of every public page: skip link, header, the routed page and the footer. */
export default function PublicLayout() {
  const { pathname, hash } = useLocation();

  // A new page starts at the top (in-page anchors keep their own scrolling).
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  return (
    <div className="flex min-h-screen flex-col bg-white text-ink">
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
