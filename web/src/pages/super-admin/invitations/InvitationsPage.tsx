import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Mail, RefreshCw, Send, UserPlus, XCircle } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { INVITATION_ROLE_FILTERS, INVITATION_STATUS_FILTERS } from "#shared/invitations-constants.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { ActionButton } from "../../../components/ui/action-button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { DebouncedInput, FilterSelect, oneOf, pageParam, useUrlFilters } from "../../../components/ui/filters.tsx";
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
import { EmailLogsDialog } from "./EmailLogsDialog.tsx";

type InvitationRow = RouterOutputs["superAdmin"]["invitations"]["list"]["rows"][number];

const STATUS_LABELS: Record<(typeof INVITATION_STATUS_FILTERS)[number], MessageDescriptor> = {
  all: msg`All Statuses`,
  pending: msg`Pending`,
  accepted: msg`Accepted`,
  expired: msg`Expired`,
  revoked: msg`Revoked`,
};
const ROLE_FILTER_LABELS: Record<(typeof INVITATION_ROLE_FILTERS)[number], MessageDescriptor> = {
  all: msg`All Roles`,
  school_admin: msg`School Admin`,
  parent: msg`Parent`,
  driver: msg`Driver`,
};

const FILTER_DEFAULTS = { q: "", status: "all", role: "all", page: "1" };

/** `/super-admin/invites`: every invitation on the platform, searched and filtered, with resend, regenerate and revoke. */
export default function InvitationsPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`Invitations Management · SchoolRide`);
  const statusOptions = INVITATION_STATUS_FILTERS.map((value) => ({ value, label: i18n._(STATUS_LABELS[value]) }));
  const roleOptions = INVITATION_ROLE_FILTERS.map((value) => ({ value, label: i18n._(ROLE_FILTER_LABELS[value]) }));
  const columns: InvitationColumn<InvitationRow>[] = [
    {
      header: t`Role and School`,
      cardLabel: t`Role`,
      className: "min-w-36",
      cell: (invitation) => <RoleAndSchool invitation={invitation} />,
    },
    statusColumn,
    { header: t`Sent At`, cardLabel: t`Sent`, cell: (invitation) => <SentAt invitation={invitation} /> },
  ];
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
    if (list.isError) notify("error", t`Fetch Failed`, t`Failed to fetch invites data`);
  }, [list.isError, list.errorUpdatedAt, t]);

  const goToPage = useCallback((next: number) => setFilters({ page: next }), [setFilters]);
  useLastPageFallback(list.data?.pages, page, goToPage);

  const { resend, revoke } = usePlatformInvitationActions();
  const resendingId = resend.isPending ? resend.variables.inviteId : null;

  const commitSearch = useCallback((q: string) => setFilters({ q }), [setFilters]);

  function actionsFor(invitation: InvitationRow) {
    const busy = resendingId === invitation.id;
    return (
      <>
        <ActionButton onClick={() => setLogsFor(invitation)} aria-label={t`View email logs for ${invitation.email}`}>
          <Mail aria-hidden="true" className="h-4 w-4" />
          <Trans>Email logs</Trans>
        </ActionButton>
        {isResendable(invitation) ? (
          <>
            <ActionButton
              disabled={busy}
              onClick={() => resend.mutate({ inviteId: invitation.id })}
              aria-label={t`Resend invitation to ${invitation.email}`}
            >
              <Send aria-hidden="true" className="h-4 w-4" />
              {busy ? t`Resending…` : t`Resend`}
            </ActionButton>
            <ActionButton
              variant="danger"
              onClick={() => setRevoking(invitation)}
              aria-label={t`Revoke invitation for ${invitation.email}`}
            >
              <XCircle aria-hidden="true" className="h-4 w-4" />
              <Trans>Revoke</Trans>
            </ActionButton>
          </>
        ) : isRegenerable(invitation) ? (
          <>
            <ActionButton
              disabled={busy}
              onClick={() => resend.mutate({ inviteId: invitation.id, regenerateToken: true })}
              aria-label={t`Regenerate invitation for ${invitation.email}`}
            >
              <RefreshCw aria-hidden="true" className="h-4 w-4" />
              <Trans>Regenerate</Trans>
            </ActionButton>
            <ActionButton
              disabled={busy}
              onClick={() => resend.mutate({ inviteId: invitation.id, regenerateToken: true })}
              aria-label={t`Resend invitation to ${invitation.email} with a new link`}
            >
              <Send aria-hidden="true" className="h-4 w-4" />
              {busy ? t`Resending…` : t`Resend`}
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
      loading={t`Loading invitations…`}
      failed={t`Failed to fetch invites data.`}
      keepDataOnError
      isEmpty={(data) => data.total === 0}
      empty={
        <EmptyState title={t`No invitations found`}>
          {filtered ? t`No invitations match your current filters` : t`No invitations have been sent yet`}
        </EmptyState>
      }
    >
      {(data) => (
        <div
          aria-busy={list.isFetching}
          className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}
        >
          <InvitationList
            caption={t`Invitations`}
            rows={data.rows}
            columns={columns}
            actions={actionsFor}
            actionsLayout="column"
            footer={
              <Pagination result={data} noun={t`invitations`} label={t`Invitations pages`} onPageChange={goToPage} />
            }
          />
        </div>
      )}
    </QueryState>
  );

  return (
    <div>
      <PageHeader
        title={t`Invitations Management`}
        subtitle={t`Every invitation sent to school admins and parents.`}
        actions={
          <Button type="button" onClick={() => void navigate("/super-admin/schools")}>
            <UserPlus aria-hidden="true" className="h-4 w-4" />
            <Trans>Send New Invite</Trans>
          </Button>
        }
      />

      <search aria-label={t`Filter invitations`} className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <DebouncedInput
          label={t`Search`}
          icon
          value={search}
          onCommit={commitSearch}
          placeholder={t`Recipient e-mail, school or inviter`}
          maxLength={120}
          className="sm:col-span-2 lg:col-span-1"
        />
        <FilterSelect
          label={t`Status`}
          options={statusOptions}
          value={status}
          onChange={(event) => setFilters({ status: event.target.value })}
        />
        <FilterSelect
          label={t`Role`}
          options={roleOptions}
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
  const { t } = useLingui();
  return (
    <>
      <span className="block font-medium text-slate-800">{roleLabel(invitation.role)}</span>
      <span
        className={`block text-sm wrap-anywhere ${invitation.schoolName ? "text-slate-600" : "text-slate-500 italic"}`}
      >
        {invitation.schoolName ?? t`No school assigned`}
      </span>
    </>
  );
}

function SentAt({ invitation }: { invitation: InvitationRow }) {
  const { t } = useLingui();
  const inviter = invitation.inviterName ?? t`Unknown`;
  return (
    <>
      <span className="block whitespace-nowrap text-slate-800">{formatDateTime(invitation.createdAt)}</span>
      <span className="block text-sm text-slate-600 wrap-anywhere">
        <Trans>by {inviter}</Trans>
      </span>
    </>
  );
}
