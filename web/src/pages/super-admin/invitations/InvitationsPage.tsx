import { Mail, RefreshCw, Send, UserPlus, XCircle } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { INVITATION_ROLE_FILTERS, INVITATION_STATUS_FILTERS } from "#shared/invitations-constants.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { ActionButton } from "../../../components/ui/action-button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { DebouncedInput, FilterSelect } from "../../../components/ui/filters.tsx";
import { Button } from "../../../components/ui/form.tsx";
import { formatDateTime, roleLabel } from "../../../components/ui/format.ts";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Pagination, useLastPageFallback } from "../../../components/ui/pagination.tsx";
import { QueryState } from "../../../components/ui/states.tsx";
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

type InvitationRow = RouterOutputs["superAdmin"]["invitations"]["list"]["rows"][number];

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
  driver: "Driver",
};
const STATUS_OPTIONS = INVITATION_STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }));
const ROLE_OPTIONS = INVITATION_ROLE_FILTERS.map((value) => ({ value, label: ROLE_FILTER_LABELS[value] }));

const FILTER_DEFAULTS = { q: "", status: "all", role: "all", page: "1" };

const COLUMNS: InvitationColumn<InvitationRow>[] = [
  {
    header: "Role and School",
    cardLabel: "Role",
    className: "min-w-36",
    cell: (invitation) => <RoleAndSchool invitation={invitation} />,
  },
  statusColumn,
  { header: "Sent At", cardLabel: "Sent", cell: (invitation) => <SentAt invitation={invitation} /> },
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
  const [logsFor, setLogsFor] = useState<InvitationRow | null>(null);
  const [revoking, setRevoking] = useState<InvitationRow | null>(null);

  const list = usePlatformInvitations({ ...(search ? { search } : {}), status, role, page });

  // A failed load is reported as a toast as well as in place.
  useEffect(() => {
    if (list.isError) notify("error", "Fetch Failed", "Failed to fetch invites data");
  }, [list.isError, list.errorUpdatedAt]);

  const goToPage = useCallback((next: number) => setFilters({ page: next }), [setFilters]);
  useLastPageFallback(list.data?.pages, page, goToPage);

  const { resend, revoke } = usePlatformInvitationActions();
  const resendingId = resend.isPending ? resend.variables.inviteId : null;

  const commitSearch = useCallback((q: string) => setFilters({ q }), [setFilters]);

  function actionsFor(invitation: InvitationRow) {
    const busy = resendingId === invitation.id;
    return (
      <>
        <ActionButton onClick={() => setLogsFor(invitation)} aria-label={`View email logs for ${invitation.email}`}>
          <Mail aria-hidden="true" className="h-4 w-4" />
          Email logs
        </ActionButton>
        {isResendable(invitation) ? (
          <>
            <ActionButton
              disabled={busy}
              onClick={() => resend.mutate({ inviteId: invitation.id })}
              aria-label={`Resend invitation to ${invitation.email}`}
            >
              <Send aria-hidden="true" className="h-4 w-4" />
              {busy ? "Resending…" : "Resend"}
            </ActionButton>
            <ActionButton
              variant="danger"
              onClick={() => setRevoking(invitation)}
              aria-label={`Revoke invitation for ${invitation.email}`}
            >
              <XCircle aria-hidden="true" className="h-4 w-4" />
              Revoke
            </ActionButton>
          </>
        ) : isRegenerable(invitation) ? (
          <>
            <ActionButton
              disabled={busy}
              onClick={() => resend.mutate({ inviteId: invitation.id, regenerateToken: true })}
              aria-label={`Regenerate invitation for ${invitation.email}`}
            >
              <RefreshCw aria-hidden="true" className="h-4 w-4" />
              Regenerate
            </ActionButton>
            <ActionButton
              disabled={busy}
              onClick={() => resend.mutate({ inviteId: invitation.id, regenerateToken: true })}
              aria-label={`Resend invitation to ${invitation.email} with a new link`}
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
  const content = (
    <QueryState
      query={list}
      loading="Loading invitations…"
      failed="Failed to fetch invites data."
      keepDataOnError
      isEmpty={(data) => data.total === 0}
      empty={
        <EmptyState title="No invitations found">
          {filtered ? "No invitations match your current filters" : "No invitations have been sent yet"}
        </EmptyState>
      }
    >
      {(data) => (
        <div
          aria-busy={list.isFetching}
          className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}
        >
          <InvitationList
            caption="Invitations"
            rows={data.rows}
            columns={COLUMNS}
            actions={actionsFor}
            actionsLayout="column"
            footer={<Pagination result={data} noun="invitations" label="Invitations pages" onPageChange={goToPage} />}
          />
        </div>
      )}
    </QueryState>
  );

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

      <EmailLogsDialog invitation={logsFor} onClose={() => setLogsFor(null)} />
      <RevokeInvitationDialog invitation={revoking} revoke={revoke} onClose={() => setRevoking(null)} />
    </div>
  );
}

function RoleAndSchool({ invitation }: { invitation: InvitationRow }) {
  return (
    <>
      <span className="block font-medium text-slate-800">{roleLabel(invitation.role)}</span>
      <span
        className={`block text-sm wrap-anywhere ${invitation.schoolName ? "text-slate-600" : "text-slate-500 italic"}`}
      >
        {invitation.schoolName ?? "No school assigned"}
      </span>
    </>
  );
}

function SentAt({ invitation }: { invitation: InvitationRow }) {
  return (
    <>
      <span className="block whitespace-nowrap text-slate-800">{formatDateTime(invitation.createdAt)}</span>
      <span className="block text-sm text-slate-600 wrap-anywhere">by {invitation.inviterName ?? "Unknown"}</span>
    </>
  );
}
