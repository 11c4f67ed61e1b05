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

const STATUS_OPTIONS: { value: InvitationStatus | ""; label: string }[] = [
  { value: "", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "accepted", label: "Accepted" },
  { value: "expired", label: "Expired" },
  { value: "revoked", label: "Revoked" },
];

const SENT_COLUMN: InvitationColumn<InvitationRow> = {
  header: "Sent",
  cardLabel: "Sent",
  className: "whitespace-nowrap",
  cell: (row) => <SentDate value={row.createdAt} />,
};

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
  const [revoking, setRevoking] = useState<InvitationRow | null>(null);
  const list = useParentInvitations({ ...(search ? { search } : {}), ...(status ? { status } : {}), page });
  useLastPageFallback(list.data?.pages, page, onPageChange);

  const { resend, revoke } = useParentInvitationActions();

  const resendingId = resend.isPending ? resend.variables.inviteId : null;

  function actionsFor(row: InvitationRow) {
    const busy = resendingId === row.id;
    if (isResendable(row)) {
      return (
        <>
          <ActionButton
            disabled={busy}
            aria-label={`Resend invitation to ${row.email}`}
            onClick={() => resend.mutate({ inviteId: row.id })}
          >
            {busy ? "Resending…" : "Resend"}
          </ActionButton>
          <ActionButton
            variant="danger"
            aria-label={`Revoke invitation for ${row.email}`}
            onClick={() => setRevoking(row)}
          >
            Revoke
          </ActionButton>
        </>
      );
    }
    if (isRegenerable(row)) {
      return (
        <ActionButton
          disabled={busy}
          aria-label={`Regenerate and resend invitation to ${row.email}`}
          onClick={() => resend.mutate({ inviteId: row.id, regenerateToken: true })}
        >
          {busy ? "Resending…" : "Regenerate and Resend"}
        </ActionButton>
      );
    }
    return null;
  }

  const filtered = Boolean(search || status);
  let content;
  if (list.isPending) content = <Loading label="Loading invitations…" />;
  else if (list.isError)
    content = (
      <LoadError message="Failed to load invitations." error={list.error} onRetry={() => void list.refetch()} />
    );
  else if (list.data.total === 0)
    content = (
      <EmptyState title="No invitations found">
        {filtered ? "No invitations match your current filters" : "No invitations have been sent yet"}
      </EmptyState>
    );
  else
    content = (
      <InvitationList
        caption="Parent invitations"
        rows={list.data.rows}
        columns={[statusColumn, SENT_COLUMN]}
        actions={actionsFor}
        footer={
          <Pagination
            result={list.data}
            noun="invitations"
            label="Invitations pages"
            look="simple"
            onPageChange={onPageChange}
          />
        }
      />
    );

  return (
    <PageSection
      id="invitations-heading"
      title="Invitations"
      align="end"
      className="mt-10"
      aside={
        <FilterSelect
          inline
          label="Status"
          options={STATUS_OPTIONS}
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
