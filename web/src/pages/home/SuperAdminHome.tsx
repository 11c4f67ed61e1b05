import { useQuery } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { ErrorState, Loading, StatCard } from "../../components/ui/states.tsx";
import { useSession } from "../../lib/session.ts";
import { useTRPC } from "../../trpc.ts";
import { InviteSchoolAdminDialog } from "../super-admin/InviteSchoolAdminDialog.tsx";
import { PendingApprovalsCard } from "../super-admin/PendingApprovalsCard.tsx";

export default function SuperAdminHome() {
  const trpc = useTRPC();
  const { user } = useSession();
  const stats = useQuery(trpc.superAdmin.stats.queryOptions());
  const [inviting, setInviting] = useState(false);
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
      <div className="mt-6">
        <PendingApprovalsCard />
      </div>
      <h2 className="mt-8 text-lg font-semibold text-ink">Quick Actions</h2>
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => setInviting(true)}
          className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          <UserPlus aria-hidden="true" className="h-4 w-4" />
          Invite School Admin
        </button>
      </div>
      <InviteSchoolAdminDialog open={inviting} onOpenChange={setInviting} />
    </section>
  );
}
