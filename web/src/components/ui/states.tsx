import { t } from "@lingui/core/macro";
import type { ReactNode } from "react";
import { errorMessage } from "../../lib/errors.ts";
import { Loading } from "./loading.tsx";

// With the full-page spinner, in a module the entry has: pages without the data layer show it too.
export { Loading };

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
        {t`Try again`}
      </button>
    </ErrorState>
  );
}

/**
 * A query's content, or the state that stands in for it: loading (announced, `loading` its label),
 * failed (`failed`, the server's reason and Try again), empty (`empty`, when `isEmpty` says so for
 * the data), otherwise `children` with the data. `keepDataOnError`: a refetch that failed keeps
 * showing the data it had (a list that keeps its previous page while the next loads).
 */
/** What QueryState reads of a query (TanStack's result, whatever its error type). */
export type QueryLike<T> = {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
};

export function QueryState<T>({
  query,
  loading,
  failed,
  isEmpty,
  empty,
  keepDataOnError = false,
  children,
}: {
  query: QueryLike<T>;
  loading: string;
  failed: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.isError && !(keepDataOnError && query.data !== undefined)) {
    return <LoadError message={failed} error={query.error} onRetry={() => void query.refetch()} />;
  }
  const data = query.data as T;
  return isEmpty?.(data) ? empty : children(data);
}
