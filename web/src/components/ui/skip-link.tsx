import { Trans } from "@lingui/react/macro";
import type { MouseEvent } from "react";

/**
 * "Skip to content", the first stop of the Tab order: shown when focused, it moves the focus to the
 * page's `<main id="main" tabIndex={-1}>` past the header and the navigation.
 */
export function SkipLink() {
  function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById("main");
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  }
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is a real in-page link; the click handler also moves the focus
    <a
      href="#main"
      onClick={skipToContent}
      className="sr-only rounded-md bg-ink text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-50 focus:px-4 focus:py-2"
    >
      <Trans>Skip to content</Trans>
    </a>
  );
}
