import { sharedText } from "../i18n/shared-texts.ts";
/** Toast duration fixed by the spec. */
export const TOAST_DURATION_MS = 5000;

type ToastKind = "success" | "error" | "warning" | "info";

/**
 * Shows a toast with a title and a message, in one of the spec's four kinds. The toast library
 * loads with the first toast (it is not in any page's initial JS); the Toaster, mounted lazily by
 * main.tsx, shows toasts raised before it subscribed.
 */
export function notify(kind: ToastKind, title: string, message?: string, options: { id?: string } = {}): void {
  void import("sonner").then(({ toast }) =>
    toast[kind](sharedText(title), { description: sharedText(message), duration: TOAST_DURATION_MS, ...options }),
  );
}
