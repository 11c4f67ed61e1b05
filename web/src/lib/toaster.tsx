import { msg } from "@lingui/core/macro";
import type { CSSProperties } from "react";
import { Toaster } from "sonner";
import { TOAST_DURATION_MS } from "./toast.ts";
import { translate } from "./translated-labels.ts";

/**
 * Sonner's rich colours put their text at about 4.2:1 on the pale backgrounds (green, blue, orange):
 * below WCAG AA's 4.5:1 for the toasts' 13 px text. The same hues, darker (Tailwind's 800s).
 */
const READABLE_COLOURS = {
  "--success-text": "#166534",
  "--info-text": "#1e40af",
  "--warning-text": "#92400e",
  "--error-text": "#991b1b",
} as CSSProperties;

/** Sonner's own gaps (24 px, 16 px on phones), unless the bottom navigation bar needs more (styles.css). */
const OFFSET = { bottom: "var(--toast-bottom, 24px)" };
const MOBILE_OFFSET = { bottom: "var(--toast-bottom, 16px)" };

/** The toasts' host, loaded after the page's own code (main.tsx mounts it lazily, once the language is active). */
export default function AppToaster() {
  // The page's end corner: bottom right, bottom left in a right-to-left language.
  const rtl = document.documentElement.dir === "rtl";
  return (
    <Toaster
      richColors
      closeButton
      dir={rtl ? "rtl" : "ltr"}
      position={rtl ? "bottom-left" : "bottom-right"}
      containerAriaLabel={translate(msg`Notifications`)}
      toastOptions={{ closeButtonAriaLabel: translate(msg`Close toast`) }}
      duration={TOAST_DURATION_MS}
      style={READABLE_COLOURS}
      offset={OFFSET}
      mobileOffset={MOBILE_OFFSET}
    />
  );
}
