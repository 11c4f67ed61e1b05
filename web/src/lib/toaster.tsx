import type { CSSProperties } from "react";
import { Toaster } from "sonner";
import { TOAST_DURATION_MS } from "./toast.ts";

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

/** The toasts' host, loaded after the page's own code (main.tsx mounts it lazily). */
export default function AppToaster() {
  return <Toaster richColors closeButton position="bottom-right" duration={TOAST_DURATION_MS} style={READABLE_COLOURS} />;
}
