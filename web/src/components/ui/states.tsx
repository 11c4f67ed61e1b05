import type { ReactNode } from "react";
import { errorMessage } from "../../lib/errors.ts";

// With the full-page spinner, in a module the entry has: pages without the data layer show it too.
export { Loading } from "./loading.tsx";

export function ErrorState({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </div>
  );
}

export function StatCard({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-3xl font-bold text-ink">{value}</p>
      {detail ? <p className="mt-1 text-sm text-slate-500">{detail}</p> : null}
    </div>
  );
}

/** A list or form that failed to load: what failed, the server's reason when it gave one, and Try again. */
export function LoadError({ message, error, onRetry }: { message: string; error?: unknown; onRetry: () => void }) {
  const reason = error === undefined ? "" : errorMessage(error, "");
  return (
    <ErrorState>
      {message} {reason}{" "}
      <button type="button" className="font-semibold underline" onClick={onRetry}>
        Try again
      </button>
    </ErrorState>
  );
}
