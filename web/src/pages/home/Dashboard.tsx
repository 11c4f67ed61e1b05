import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { ErrorState, Loading } from "../../components/ui/states.tsx";

/** A role's dashboard: the page's title, its heading and the welcome line, then its cards. */
export function Dashboard({
  pageTitle,
  heading,
  welcome,
  children,
}: {
  pageTitle: string;
  heading: ReactNode;
  welcome: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(pageTitle);
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-2xl font-bold text-ink">
        {heading}
      </h1>
      <p className="mt-1 wrap-anywhere text-slate-600">{welcome}</p>
      {children}
    </section>
  );
}

/** What a dashboard query shows: a spinner while it loads, `failure` if it cannot, then its data. */
export function QueryContent<T>({
  query,
  failure,
  children,
}: {
  query: UseQueryResult<T, unknown>;
  failure: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState>{failure}</ErrorState>;
  return children(query.data);
}
