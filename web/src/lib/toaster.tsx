import { Toaster } from "sonner";
import { TOAST_DURATION_MS } from "./toast.ts";

/** The toasts' host, loaded after the page's own code (main.tsx mounts it lazily). */
export default function AppToaster() {
  return <Toaster richColors closeButton position="bottom-right" duration={TOAST_DURATION_MS} />;
}
