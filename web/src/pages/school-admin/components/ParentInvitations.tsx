import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiRuntime } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { ActionButton } from "../../../components/ui/action-button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { FilterSelect } from "../../../components/ui/filters.tsx";
import { PageSection } from "../../../components/ui/page-header.tsx";
import { Pagination, useLastPageFallback } from "../../../components/ui/pagination.tsx";
import { LoadError, Loading } from "../../../components/ui/states.tsx";
import { useParentInvitationActions, useParentInvitations } from "../../../features/invitations/hooks.ts";
import {
  type InvitationColumn,
  InvitationList,
  isRegenerable,
  isResendable,
  statusColumn,
} from "../../../features/invitations/InvitationList.tsx";
import { RevokeInvitationDialog } from "../../../features/invitations/RevokeInvitationDialog.tsx";
import type { RouterOutputs } from "../../../lib/api-types.ts";
import { formatDateIn, useSchoolZone } from "../../../lib/school-zone.ts";

type InvitationRow = RouterOutputs["schoolAdmin"]["invitations"]["list"]["rows"][number];
export type InvitationStatus = InvitationRow["status"];

const STATUS_OPTIONS: { value: InvitationStatus | ""; label: MessageDescriptor }[] = [
  { value: "", label: msg`All` },
  { value: "pending", label: msg`Pending` },
  { value: "accepted", label: msg`Accepted` },
  { value: "expired", label: msg`Expired` },
  { value: "revoked", label: msg`Revoked` },
];

/** The day it was sent, in the school's zone. */
function SentDate({ value }: { value: Date }) {
  return formatDateIn(value, useSchoolZone());
}

/** The school's parent invitations: filtered by status, resent, regenerated or revoked. */
export function ParentInvitations({
  search,
  status,
  onStatusChange,
  page,
  onPageChange,
}: {
  search: string;
  status: InvitationStatus | "";
  onStatusChange: (status: InvitationStatus | "") => void;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const sentColumn: InvitationColumn<InvitationRow> = {
    header: t`Sent`,
    cardLabel: t`Sent`,
    className: "whitespace-nowrap",
    cell: (row) => <SentDate value={row.createdAt} />,
  };
  const [revoking, setRevoking] = useState<InvitationRow | null>(null);
  const list = useParentInvitations({ ...(search ? { search } : {}), ...(status ? { status } : {}), page });
  useLastPageFallback(list.data?.pages, page, onPageChange);

  const { resend, revoke } = useParentInvitationActions();

  const resendingId = resend.isPending ? resend.variables.inviteId : null;

  function actionsFor(row: InvitationRow) {
    const busy = resendingId === row.id;
    const { email } = row;
    if (isResendable(row)) {
      return (
        <>
          <ActionButton
            disabled={busy}
            aria-label={t`Resend invitation to ${email}`}
            onClick={() => resend.mutate({ inviteId: row.id })}
          >
            {busy ? t`Resending…` : t`Resend`}
          </ActionButton>
          <ActionButton
            variant="danger"
            aria-label={t`Revoke invitation for ${email}`}
            onClick={() => setRevoking(row)}
          >
            {t`Revoke`}
          </ActionButton>
        </>
      );
    }
    if (isRegenerable(row)) {
      return (
        <ActionButton
          disabled={busy}
          aria-label={t`Regenerate and resend invitation to ${email}`}
          onClick={() => resend.mutate({ inviteId: row.id, regenerateToken: true })}
        >
          {busy ? t`Resending…` : t`Regenerate and Resend`}
        </ActionButton>
      );
    }
    return null;
  }

  const filtered = Boolean(search || status);
  let content;
  if (list.isPending) content = <Loading label={t`Loading invitations…`} />;
  else if (list.isError)
    content = (
      <LoadError message={t`Failed to load invitations.`} error={list.error} onRetry={() => void list.refetch()} />
    );
  else if (list.data.total === 0)
    content = (
      <EmptyState title={t`No invitations found`}>
        {filtered ? t`No invitations match your current filters` : t`No invitations have been sent yet`}
      </EmptyState>
    );
  else
    content = (
      <InvitationList
        caption={t`Parent invitations`}
        rows={list.data.rows}
        columns={[statusColumn, sentColumn]}
        actions={actionsFor}
        footer={
          <Pagination
            result={list.data}
            noun={t`invitations`}
            label={t`Invitations pages`}
            look="simple"
            onPageChange={onPageChange}
          />
        }
      />
    );

  return (
    <PageSection
      id="invitations-heading"
      title={t`Invitations`}
      align="end"
      className="mt-10"
      aside={
        <FilterSelect
          inline
          label={t`Status`}
          options={STATUS_OPTIONS.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
          value={status}
          onChange={(event) => onStatusChange(event.target.value as InvitationStatus | "")}
        />
      }
    >
      {content}
      <RevokeInvitationDialog invitation={revoking} revoke={revoke} onClose={() => setRevoking(null)} />
    </PageSection>
  );
}
