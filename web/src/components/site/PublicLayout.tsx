import { type MouseEvent, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import SiteFooter from "./SiteFooter.tsx";
import SiteHeader from "./SiteHeader.tsx";

/** Frame of every public page: skip link, header, the routed page and the footer. */
export default function PublicLayout() {
  const { pathname, hash } = useLocation();

  // A new page starts at the top (in-page anchors keep their own scrolling).
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById("main");
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  }

  return (
    <div className="flex min-h-screen flex-col bg-white text-ink">
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a real in-page link; the click handler also moves the focus */}
      <a
        href="#main"
        onClick={skipToContent}
        className="sr-only rounded-md bg-ink text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
