import { toast } from "sonner";

/** Toast duration fixed by the spec. */
export const TOAST_DURATION_MS = 5000;

type ToastKind = "success" | "error" | "warning" | "info";

/** Shows a toast with a title and a message, in one of the spec's four kinds. */
export function notify(kind: ToastKind, title: string, message?: string, options: { id?: string } = {}): void {
  toast[kind](title, { description: message, duration: TOAST_DURATION_MS, ...options });
}
