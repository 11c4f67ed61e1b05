import { useEffect, useId, useState } from "react";
import { ActionButton } from "../../../components/ui/action-button.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { formatDate } from "../../../components/ui/format.ts";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { LoadError, Loading } from "../../../components/ui/states.tsx";
import { useParentInvitationActions, useParentInvitations } from "../../../features/invitations/hooks.ts";
import { type InvitationColumn, InvitationList, isRegenerable, isResendable, statusColumn } from "../../../features/invitations/InvitationList.tsx";
import { RevokeInvitationDialog } from "../../../features/invitations/RevokeInvitationDialog.tsx";
import type { RouterOutputs } from "../../../lib/api-types.ts";

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
  cell: (row) => formatDate(row.createdAt),
};

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
  const statusId = useId();
  const [revoking, setRevoking] = useState<InvitationRow | null>(null);
  const list = useParentInvitations({ ...(search ? { search } : {}), ...(status ? { status } : {}), page });
  const lastPage = list.data?.pages;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) onPageChange(lastPage);
  }, [lastPage, page, onPageChange]);

  const { resend, revoke } = useParentInvitationActions();

  const resendingId = resend.isPending ? resend.variables.inviteId : null;

  function actionsFor(row: InvitationRow) {
    const busy = resendingId === row.id;
    if (isResendable(row)) {
      return (
        <>
          <ActionButton disabled={busy} aria-label={`Resend invitation to ${row.email}`} onClick={() => resend.mutate({ inviteId: row.id })}>
            {busy ? "Resending…" : "Resend"}
          </ActionButton>
          <ActionButton variant="danger" aria-label={`Revoke invitation for ${row.email}`} onClick={() => setRevoking(row)}>
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
  else if (list.isError) content = <LoadError message="Failed to load invitations." error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.total === 0)
    content = <EmptyState title="No invitations found">{filtered ? "No invitations match your current filters" : "No invitations have been sent yet"}</EmptyState>;
  else
    content = (
      <InvitationList
        caption="Parent invitations"
        rows={list.data.rows}
        columns={[statusColumn, SENT_COLUMN]}
        actions={actionsFor}
        footer={<Pagination result={list.data} noun="invitations" label="Invitations pages" look="simple" onPageChange={onPageChange} />}
      />
    );

  return (
    <section aria-labelledby="invitations-heading" className="mt-10">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="invitations-heading" className="text-lg font-semibold text-ink">
          Invitations
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor={statusId} className="text-sm font-medium text-slate-700">
            Status
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => onStatusChange(event.target.value as InvitationStatus | "")}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
          >
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {content}
      <RevokeInvitationDialog
        invitation={revoking}
        pending={revoke.isPending}
        onClose={() => setRevoking(null)}
        onRevoke={(inviteId) => revoke.mutate({ inviteId }, { onSettled: () => setRevoking(null) })}
      />
    </section>
  );
}
