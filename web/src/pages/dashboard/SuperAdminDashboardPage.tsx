import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
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
  async () => (await import("../super-admin/invitations/SchoolAdminInvitationDialog.tsx")).SchoolAdminInvitationDialog,
);

/** Who acted, in the activity list, when the entry has no e-mail address (lowercase, as the list has it). */
const ACTOR_ROLES: Record<string, MessageDescriptor> = {
  super_admin: msg({ message: "super admin", context: "activity actor" }),
  school_admin: msg({ message: "school admin", context: "activity actor" }),
  parent: msg({ message: "parent", context: "activity actor" }),
  driver: msg({ message: "driver", context: "activity actor" }),
  system: msg({ message: "system", context: "activity actor" }),
};

const quickAction =
  "inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50";

/** `/super-admin`: stat cards, pending approvals, schools, recent activity and quick actions. */
export default function SuperAdminDashboardPage() {
  const { i18n, t } = useLingui();
  const { user } = useSession();
  const actor = (role: string) => {
    const label = ACTOR_ROLES[role];
    return label ? i18n._(label) : role.replace("_", " ");
  };
  const name = user?.name;
  const stats = usePlatformStats();
  const activity = useRecentActivity();
  const [inviting, setInviting] = useState(false);
  return (
    <Dashboard
      pageTitle={t`Super Admin Dashboard · SchoolRide`}
      heading={t`Super Admin Dashboard`}
      welcome={<Trans>Welcome back, {name}.</Trans>}
    >
      <div className="mt-6">
        <QueryContent query={stats} failure={t`Failed to load platform statistics.`}>
          {(platform) => (
            <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              <StatCard
                label={t`Total Schools`}
                value={platform.totalSchools}
                detail={t`${platform.activeSchools} active`}
              />
              <StatCard label={t`School Admins`} value={platform.schoolAdmins} />
              <StatCard label={t`Parents`} value={platform.parents} />
              <StatCard
                label={t`Pending Invites`}
                value={formatTotal({
                  total: platform.pendingInvitations,
                  totalCapped: platform.pendingInvitationsCapped,
                })}
              />
            </div>
          )}
        </QueryContent>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div>
          <PendingApprovalsCard />
          <p className="mt-2 text-end text-sm">
            <Link to="/super-admin/pending-schools" className="font-medium text-brand-700 hover:underline">
              <Trans>View all pending schools</Trans>
            </Link>
          </p>
        </div>
        <section aria-labelledby="schools-card" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="schools-card" className="text-lg font-semibold text-ink">
            <Trans>Schools</Trans>
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            <Trans>Search, filter and manage every school, its administrators and its status.</Trans>
          </p>
          <Link to="/super-admin/schools" className={`${quickAction} mt-4`}>
            <Building2 aria-hidden="true" className="h-4 w-4" /> <Trans>Manage Schools</Trans>
          </Link>
        </section>
      </div>
      <section
        aria-labelledby="recent-activity"
        className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="recent-activity" className="text-lg font-semibold text-ink">
            <Trans>Recent Activity</Trans>
          </h2>
          <Link to="/super-admin/audit-logs" className="text-sm font-medium text-brand-700 hover:underline">
            <Trans>View audit logs</Trans>
          </Link>
        </div>
        <QueryContent query={activity} failure={t`Failed to load recent activity.`}>
          {(entries) =>
            entries.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">
                <Trans>No activity yet.</Trans>
              </p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100">
                {entries.map((entry) => (
                  <li key={entry.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                    <span className="text-slate-800">{entry.description}</span>
                    <span className="text-slate-500">
                      {entry.userEmail ? (
                        <span dir="ltr">{entry.userEmail}</span>
                      ) : entry.userRole ? (
                        actor(entry.userRole)
                      ) : (
                        t`System`
                      )}{" "}
                      · {formatDateTime(entry.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryContent>
      </section>
      <h2 className="mt-8 text-lg font-semibold text-ink">
        <Trans>Quick Actions</Trans>
      </h2>
      <div className="mt-3 flex flex-wrap gap-3">
        <Link to="/super-admin/schools?create=1" className={quickAction}>
          <Plus aria-hidden="true" className="h-4 w-4" /> <Trans>Create New School</Trans>
        </Link>
        <button type="button" onClick={() => setInviting(true)} className={quickAction}>
          <UserPlus aria-hidden="true" className="h-4 w-4" /> <Trans>Invite School Admin</Trans>
        </button>
        <Link to="/super-admin/schools" className={quickAction}>
          <Building2 aria-hidden="true" className="h-4 w-4" /> <Trans>View All Schools</Trans>
        </Link>
        <Link to="/super-admin/invites" className={quickAction}>
          <MailPlus aria-hidden="true" className="h-4 w-4" /> <Trans>Manage Invitations</Trans>
        </Link>
        <Link to="/super-admin/settings" className={quickAction}>
          <Settings aria-hidden="true" className="h-4 w-4" /> <Trans>System Settings</Trans>
        </Link>
        <Link to="/super-admin/audit-logs" className={quickAction}>
          <ClipboardList aria-hidden="true" className="h-4 w-4" /> <Trans>Audit Logs</Trans>
        </Link>
      </div>
      <SchoolAdminInvitationDialog open={inviting} onOpenChange={setInviting} />
    </Dashboard>
  );
}
