import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ErrorState, Loading } from "../../components/ui/states.tsx";
import { useSession } from "../../lib/session.ts";
import { useTRPC } from "../../lib/trpc.ts";

export default function ParentHome() {
  const trpc = useTRPC();
  const { user } = useSession();
  const overview = useQuery(trpc.parent.overview.queryOptions());
  useEffect(() => {
    document.title = "Parent Dashboard · SchoolRide";
  }, []);
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-2xl font-bold text-ink">
        Parent Dashboard
      </h1>
      <p className="mt-1 text-slate-600">
        Welcome back, {user?.name}
        {user?.school ? ` · ${user.school}` : ""}.
      </p>
      <div className="mt-6">
        {overview.isPending ? (
          <Loading />
        ) : overview.isError ? (
          <ErrorState>Failed to load your family.</ErrorState>
        ) : overview.data.children.length === 0 ? (
          <p className="text-slate-600">No children registered yet.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2" aria-label="Your children">
            {overview.data.children.map((child) => (
              <li key={child.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <p className="font-semibold text-ink">{child.name}</p>
                <p className="text-sm text-slate-600">
                  {child.grade} · {child.age} years
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
