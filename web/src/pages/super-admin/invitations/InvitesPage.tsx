import { Mail, RefreshCw, Send, UserPlus, XCircle } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { INVITATION_ROLE_FILTERS, INVITATION_STATUS_FILTERS } from "#shared/superAdmin-filters.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { ActionButton } from "../../../components/ui/action-button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { DebouncedInput, FilterSelect } from "../../../components/ui/filters.tsx";
import { Button } from "../../../components/ui/form.tsx";
import { formatDateTime, roleLabel } from "../../../components/ui/format.ts";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Pagination, useLastPageFallback } from "../../../components/ui/pagination.tsx";
import { LoadError, Loading } from "../../../components/ui/states.tsx";
import { usePlatformInvitationActions, usePlatformInvitations } from "../../../features/invitations/hooks.ts";
import {
  type InvitationColumn,
  InvitationList,
  isRegenerable,
  isResendable,
  statusColumn,
} from "../../../features/invitations/InvitationList.tsx";
import { RevokeInvitationDialog } from "../../../features/invitations/RevokeInvitationDialog.tsx";
import type { RouterOutputs } from "../../../lib/api-types.ts";
import { notify } from "../../../lib/toast.ts";
import { oneOf, pageParam, useUrlFilters } from "../../../lib/url-filters.ts";
import { EmailLogsDialog } from "./EmailLogsDialog.tsx";

type Invite = RouterOutputs["superAdmin"]["invitations"]["list"]["rows"][number];

const STATUS_LABELS: Record<(typeof INVITATION_STATUS_FILTERS)[number], string> = {
  all: "All Statuses",
  pending: "Pending",
  accepted: "Accepted",
  expired: "Expired",
  revoked: "Revoked",
};
const ROLE_FILTER_LABELS: Record<(typeof INVITATION_ROLE_FILTERS)[number], string> = {
  all: "All Roles",
  school_admin: "School Admin",
  parent: "Parent",
};
const STATUS_OPTIONS = INVITATION_STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }));
const ROLE_OPTIONS = INVITATION_ROLE_FILTERS.map((value) => ({ value, label: ROLE_FILTER_LABELS[value] }));

const FILTER_DEFAULTS = { q: "", status: "all", role: "all", page: "1" };

const COLUMNS: InvitationColumn<Invite>[] = [
  {
    header: "Role and School",
    cardLabel: "Role",
    className: "min-w-36",
    cell: (invite) => <RoleAndSchool invite={invite} />,
  },
  statusColumn,
  { header: "Sent At", cardLabel: "Sent", cell: (invite) => <SentAt invite={invite} /> },
];

/** `/super-admin/invites`: every invitation on the platform, searched and filtered, with resend, regenerate and revoke. */
export default function InvitationsPage() {
  usePageTitle("Invitations Management · SchoolRide");
  const navigate = useNavigate();
  const [filters, setFilters] = useUrlFilters(FILTER_DEFAULTS);
  const search = filters.q.trim();
  const status = oneOf(filters.status, INVITATION_STATUS_FILTERS, "all");
  const role = oneOf(filters.role, INVITATION_ROLE_FILTERS, "all");
  const page = pageParam(filters.page);
  const [logsFor, setLogsFor] = useState<Invite | null>(null);
  const [revoking, setRevoking] = useState<Invite | null>(null);

  const list = usePlatformInvitations({ ...(search ? { search } : {}), status, role, page });

  // Spec §8: a failed load is reported as a toast as well as in place.
  useEffect(() => {
    if (list.isError) notify("error", "Fetch Failed", "Failed to fetch invites data");
  }, [list.isError, list.errorUpdatedAt]);

  const goToPage = useCallback((next: number) => setFilters({ page: next }), [setFilters]);
  useLastPageFallback(list.data?.pages, page, goToPage);

  const { resend, revoke } = usePlatformInvitationActions();
  const resendingId = resend.isPending ? resend.variables.inviteId : null;

  const commitSearch = useCallback((q: string) => setFilters({ q }), [setFilters]);

  function actionsFor(invite: Invite) {
    const busy = resendingId === invite.id;
    return (
      <>
        <ActionButton onClick={() => setLogsFor(invite)} aria-label={`View email logs for ${invite.email}`}>
          <Mail aria-hidden="true" className="h-4 w-4" />
          Email logs
        </ActionButton>
        {isResendable(invite) ? (
          <>
            <ActionButton
              disabled={busy}
              onClick={() => resend.mutate({ inviteId: invite.id })}
              aria-label={`Resend invitation to ${invite.email}`}
            >
              <Send aria-hidden="true" className="h-4 w-4" />
              {busy ? "Resending…" : "Resend"}
            </ActionButton>
            <ActionButton
              variant="danger"
              onClick={() => setRevoking(invite)}
              aria-label={`Revoke invitation for ${invite.email}`}
            >
              <XCircle aria-hidden="true" className="h-4 w-4" />
              Revoke
            </ActionButton>
          </>
        ) : isRegenerable(invite) ? (
          <>
            <ActionButton
              disabled={busy}
              onClick={() => resend.mutate({ inviteId: invite.id, regenerateToken: true })}
              aria-label={`Regenerate invitation for ${invite.email}`}
            >
              <RefreshCw aria-hidden="true" className="h-4 w-4" />
              Regenerate
            </ActionButton>
            <ActionButton
              disabled={busy}
              onClick={() => resend.mutate({ inviteId: invite.id, regenerateToken: true })}
              aria-label={`Resend invitation to ${invite.email} with a new link`}
            >
              <Send aria-hidden="true" className="h-4 w-4" />
              {busy ? "Resending…" : "Resend"}
            </ActionButton>
          </>
        ) : null}
      </>
    );
  }

  const filtered = Boolean(search) || status !== "all" || role !== "all";
  let content;
  if (list.isPending) content = <Loading label="Loading invitations…" />;
  else if (list.isError && !list.data)
    content = <LoadError message="Failed to fetch invites data." onRetry={() => void list.refetch()} />;
  else if (!list.data || list.data.total === 0)
    content = (
      <EmptyState title="No invitations found">
        {filtered ? "No invitations match your current filters" : "No invitations have been sent yet"}
      </EmptyState>
    );
  else {
    content = (
      <div aria-busy={list.isFetching} className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
        <InvitationList
          caption="Invitations"
          rows={list.data.rows}
          columns={COLUMNS}
          actions={actionsFor}
          actionsLayout="column"
          footer={
            <Pagination result={list.data} noun="invitations" label="Invitations pages" onPageChange={goToPage} />
          }
        />
      </div>
    );
  }

  return (
    <div>
      <PageHeader
        title="Invitations Management"
        subtitle="Every invitation sent to school admins and parents."
        actions={
          <Button type="button" onClick={() => void navigate("/super-admin/schools")}>
            <UserPlus aria-hidden="true" className="h-4 w-4" />
            Send New Invite
          </Button>
        }
      />

      <search aria-label="Filter invitations" className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <DebouncedInput
          label="Search"
          icon
          value={search}
          onCommit={commitSearch}
          placeholder="Recipient e-mail, school or inviter"
          maxLength={120}
          className="sm:col-span-2 lg:col-span-1"
        />
        <FilterSelect
          label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(event) => setFilters({ status: event.target.value })}
        />
        <FilterSelect
          label="Role"
          options={ROLE_OPTIONS}
          value={role}
          onChange={(event) => setFilters({ role: event.target.value })}
        />
      </search>

      <div className="mt-6">{content}</div>

      <EmailLogsDialog invite={logsFor} onClose={() => setLogsFor(null)} />
      <RevokeInvitationDialog invitation={revoking} revoke={revoke} onClose={() => setRevoking(null)} />
    </div>
  );
}

function RoleAndSchool({ invite }: { invite: Invite }) {
  return (
    <>
      <span className="block font-medium text-slate-800">{roleLabel(invite.role)}</span>
      <span className={`block text-sm wrap-anywhere ${invite.schoolName ? "text-slate-600" : "text-slate-500 italic"}`}>
        {invite.schoolName ?? "No school assigned"}
      </span>
    </>
  );
}

function SentAt({ invite }: { invite: Invite }) {
  return (
    <>
      <span className="block whitespace-nowrap text-slate-800">{formatDateTime(invite.createdAt)}</span>
      <span className="block text-sm text-slate-600 wrap-anywhere">by {invite.inviterName ?? "Unknown"}</span>
    </>
  );
}
