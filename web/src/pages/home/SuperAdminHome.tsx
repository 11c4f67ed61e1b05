import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { ErrorState, Loading, StatCard } from "../../components/ui/states.tsx";
import { useSession } from "../../lib/session.ts";
import { useTRPC } from "../../trpc.ts";

export default function SuperAdminHome() {
  const trpc = useTRPC();
  const { user } = useSession();
  const stats = useQuery(trpc.superAdmin.stats.queryOptions());
  useEffect(() => {
    document.title = "Super Admin Dashboard · SchoolRide";
  }, []);
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-2xl font-bold text-ink">
        Super Admin Dashboard
      </h1>
      <p className="mt-1 text-slate-600">Welcome back, {user?.name}.</p>
      <div className="mt-6">
        {stats.isPending ? (
          <Loading />
        ) : stats.isError ? (
          <ErrorState>Failed to load platform statistics.</ErrorState>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label="Total Schools" value={stats.data.totalSchools} detail={`${stats.data.activeSchools} active`} />
            <StatCard label="School Admins" value={stats.data.schoolAdmins} />
            <StatCard label="Parents" value={stats.data.parents} />
            <StatCard label="Pending Invites" value={stats.data.pendingInvites} />
          </div>
        )}
      </div>
    </section>
  );
}
