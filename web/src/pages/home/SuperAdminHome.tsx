import { Building2, ClipboardList, MailPlus, Plus, Settings, UserPlus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { formatDateTime, formatTotal } from "../../components/ui/format.ts";
import { lazyDialog } from "../../components/ui/lazy-dialog.tsx";
import { StatCard } from "../../components/ui/states.tsx";
import { usePlatformStats, useRecentActivity } from "../../features/dashboard/hooks.ts";
import { useSession } from "../../lib/session.ts";
import { PendingApprovalsCard } from "../super-admin/registrations/PendingApprovalsCard.tsx";
import { Dashboard, QueryContent } from "./Dashboard.tsx";

const SchoolAdminInvitationDialog = lazyDialog(
  async () => (await import("../super-admin/invitations/SchoolAdminInvitationDialog.tsx")).InviteSchoolAdminDialog,
);

const quickAction =
  "inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50";

/** `/super-admin`: stat cards, pending approvals, schools, recent activity and quick actions (spec §2). */
export default function SuperAdminHome() {
  const { user } = useSession();
  const stats = usePlatformStats();
  const activity = useRecentActivity();
  const [inviting, setInviting] = useState(false);
  return (
    <Dashboard
      pageTitle="Super Admin Dashboard · SchoolRide"
      heading="Super Admin Dashboard"
      welcome={<>Welcome back, {user?.name}.</>}
    >
      <div className="mt-6">
        <QueryContent query={stats} failure="Failed to load platform statistics.">
          {(platform) => (
            <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              <StatCard
                label="Total Schools"
                value={platform.totalSchools}
                detail={`${platform.activeSchools} active`}
              />
              <StatCard label="School Admins" value={platform.schoolAdmins} />
              <StatCard label="Parents" value={platform.parents} />
              <StatCard
                label="Pending Invites"
                value={formatTotal({ total: platform.pendingInvites, totalCapped: platform.pendingInvitesCapped })}
              />
            </div>
          )}
        </QueryContent>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div>
          <PendingApprovalsCard />
          <p className="mt-2 text-right text-sm">
            <Link to="/super-admin/pending-schools" className="font-medium text-brand-700 hover:underline">
              View all pending schools
            </Link>
          </p>
        </div>
        <section aria-labelledby="schools-card" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="schools-card" className="text-lg font-semibold text-ink">
            Schools
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            Search, filter and manage every school, its administrators and its status.
          </p>
          <Link to="/super-admin/schools" className={`${quickAction} mt-4`}>
            <Building2 aria-hidden="true" className="h-4 w-4" /> Manage Schools
          </Link>
        </section>
      </div>
      <section
        aria-labelledby="recent-activity"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="recent-activity" className="text-lg font-semibold text-ink">
            Recent Activity
          </h2>
          <Link to="/super-admin/audit-logs" className="text-sm font-medium text-brand-700 hover:underline">
            View audit logs
          </Link>
        </div>
        <QueryContent query={activity} failure="Failed to load recent activity.">
          {(entries) =>
            entries.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">No activity yet.</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100">
                {entries.map((entry) => (
                  <li key={entry.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                    <span className="text-slate-800">{entry.description}</span>
                    <span className="text-slate-500">
                      {entry.userEmail ?? (entry.userRole ? entry.userRole.replace("_", " ") : "System")} ·{" "}
                      {formatDateTime(entry.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryContent>
      </section>
      <h2 className="mt-8 text-lg font-semibold text-ink">Quick Actions</h2>
      <div className="mt-3 flex flex-wrap gap-3">
        <Link to="/super-admin/schools?create=1" className={quickAction}>
          <Plus aria-hidden="true" className="h-4 w-4" /> Create New School
        </Link>
        <button type="button" onClick={() => setInviting(true)} className={quickAction}>
          <UserPlus aria-hidden="true" className="h-4 w-4" /> Invite School Admin
        </button>
        <Link to="/super-admin/schools" className={quickAction}>
          <Building2 aria-hidden="true" className="h-4 w-4" /> View All Schools
        </Link>
        <Link to="/super-admin/invites" className={quickAction}>
          <MailPlus aria-hidden="true" className="h-4 w-4" /> Manage Invitations
        </Link>
        <Link to="/super-admin/settings" className={quickAction}>
          <Settings aria-hidden="true" className="h-4 w-4" /> System Settings
        </Link>
        <Link to="/super-admin/audit-logs" className={quickAction}>
          <ClipboardList aria-hidden="true" className="h-4 w-4" /> Audit Logs
        </Link>
      </div>
      <SchoolAdminInvitationDialog open={inviting} onOpenChange={setInviting} />
    </Dashboard>
  );
}
