import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ErrorState, Loading, StatCard } from "../../components/ui/states.tsx";
import { useSession } from "../../lib/session.ts";
import { useTRPC } from "../../lib/trpc.ts";

export default function SchoolAdminHome() {
  const trpc = useTRPC();
  const { user } = useSession();
  const overview = useQuery(trpc.schoolAdmin.overview.queryOptions());
  useEffect(() => {
    document.title = "School Dashboard · SchoolRide";
  }, []);
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-2xl font-bold text-ink">
        {user?.school ?? "School"} Dashboard
      </h1>
      <p className="mt-1 text-slate-600">Welcome back, {user?.name}.</p>
      <div className="mt-6">
        {overview.isPending ? (
          <Loading />
        ) : overview.isError ? (
          <ErrorState>Failed to load your school.</ErrorState>
        ) : (
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard label="School code" value={overview.data.school.code} detail="Parents may enter it when they log in." />
            <StatCard label="Trips" value={overview.data.trips} />
            <StatCard label="Active parents" value={overview.data.activeParents} />
          </div>
        )}
      </div>
    </section>
  );
}
