import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useEffect, useId, useState } from "react";
import type { AppRouter } from "../../../../../worker/trpc/router.ts";
import { RevokeInvitationDialog } from "../../../components/RevokeInvitationDialog.tsx";
import { ErrorState, Loading } from "../../../components/ui/states.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { notify } from "../../../lib/toast.ts";
import { useTRPC } from "../../../trpc.ts";
import { ActionButton } from "../../../components/ui/action-button.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { formatDate } from "../../../components/ui/format.ts";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { tdClass, thClass } from "../../../components/ui/table.ts";
import { EmailAddress } from "../../../components/ui/email-address.tsx";

type InvitationRow = inferRouterOutputs<AppRouter>["schoolAdmin"]["invitations"]["list"]["rows"][number];
export type InvitationStatus = InvitationRow["status"];

const STATUS_OPTIONS: { value: InvitationStatus | ""; label: string }[] = [
  { value: "", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "accepted", label: "Accepted" },
  { value: "expired", label: "Expired" },
  { value: "revoked", label: "Revoked" },
];

/** Spec §4: only a pending invitation not past its expiry can be resent (or revoked here). */
const isResendable = (row: InvitationRow) => row.status === "pending" && !row.expired;
/** An expired invitation (marked so, or pending past its expiry) can be regenerated and resent. */
const isRegenerable = (row: InvitationRow) => row.status === "expired" || row.expired;

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
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const statusId = useId();
  const [revoking, setRevoking] = useState<InvitationRow | null>(null);
  const list = useQuery(
    trpc.schoolAdmin.invitations.list.queryOptions(
      { ...(search ? { search } : {}), ...(status ? { status } : {}), page },
      { placeholderData: keepPreviousData },
    ),
  );

  const lastPage = list.data?.pages;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) onPageChange(lastPage);
  }, [lastPage, page, onPageChange]);

  const refresh = () => queryClient.invalidateQueries(trpc.schoolAdmin.pathFilter());

  const resend = useMutation(
    trpc.schoolAdmin.invitations.resend.mutationOptions({
      onSuccess: async ({ message }) => {
        notify("success", "Invitation Resent", message);
        await refresh();
      },
      onError: (error) => notify("error", "Resend Failed", errorMessage(error, "Failed to resend invitation")),
    }),
  );

  const revoke = useMutation(
    trpc.schoolAdmin.invitations.revoke.mutationOptions({
      onSuccess: async ({ message }) => {
        setRevoking(null);
        notify("success", "Invitation Revoked", message || "Invitation revoked successfully");
        await refresh();
      },
      onError: (error) => {
        setRevoking(null);
        notify("error", "Revoke Failed", errorMessage(error, "Failed to revoke invitation"));
      },
    }),
  );

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
  else if (list.isError)
    content = (
      <ErrorState>
        Failed to load invitations. {errorMessage(list.error, "")}{" "}
        <button type="button" className="font-semibold underline" onClick={() => void list.refetch()}>
          Try again
        </button>
      </ErrorState>
    );
  else if (list.data.total === 0)
    content = (
      <EmptyState title="No invitations found">
        {filtered ? "No invitations match your current filters" : "No invitations have been sent yet"}
      </EmptyState>
    );
  else {
    const { rows } = list.data;
    content = (
      <>
        <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white lg:block">
          <table className="min-w-full divide-y divide-slate-200">
            <caption className="sr-only">Parent invitations</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={thClass}>Recipient</th>
                <th scope="col" className={thClass}>Status</th>
                <th scope="col" className={thClass}>Sent</th>
                <th scope="col" className={thClass}>Expires</th>
                <th scope="col" className={`${thClass} text-right`}>Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row" className={`${tdClass} text-left font-normal`}>
                    <Recipient row={row} />
                  </th>
                  <td className={tdClass}>
                    <InvitationStatusBadge row={row} />
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatDate(row.createdAt)}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    <Expiry row={row} />
                  </td>
                  <td className={tdClass}>
                    <div className="flex flex-wrap justify-end gap-2">
                      {actionsFor(row) ?? (
                        <>
                          <span aria-hidden="true" className="text-slate-400">—</span>
                          <span className="sr-only">No actions</span>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul aria-label="Parent invitations" className="space-y-3 lg:hidden">
          {rows.map((row) => {
            const actions = actionsFor(row);
            return (
              <li key={row.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <Recipient row={row} />
                  </div>
                  <InvitationStatusBadge row={row} />
                </div>
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-500">Sent</dt>
                  <dd className="text-slate-700">{formatDate(row.createdAt)}</dd>
                  <dt className="text-slate-500">Expires</dt>
                  <dd className="text-slate-700">
                    <Expiry row={row} />
                  </dd>
                </dl>
                {actions ? <div className="mt-3 flex flex-wrap justify-end gap-2">{actions}</div> : null}
              </li>
            );
          })}
        </ul>
        <Pagination
          result={list.data}
          noun="invitations"
          label="Invitations pages"
          look="simple"
          onPageChange={onPageChange}
        />
      </>
    );
  }

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
        onRevoke={(inviteId) => revoke.mutate({ inviteId })}
      />
    </section>
  );
}

function Recipient({ row }: { row: InvitationRow }) {
  return (
    <>
      <EmailAddress className="block font-medium text-ink" email={row.email} />
      <span className={`block text-sm ${row.name ? "text-slate-600" : "text-slate-500 italic"}`}>{row.name ?? "Name not provided"}</span>
    </>
  );
}

function InvitationStatusBadge({ row }: { row: InvitationRow }) {
  if (row.status === "accepted") {
    return (
      <span className="flex flex-col items-start gap-1">
        <Badge tone="green">Accepted</Badge>
        {row.acceptedAt ? <span className="text-xs whitespace-nowrap text-slate-600">{formatDate(row.acceptedAt)}</span> : null}
      </span>
    );
  }
  if (row.status === "revoked") return <Badge tone="red">Revoked</Badge>;
  if (isRegenerable(row)) return <Badge tone="slate">Expired</Badge>;
  return <Badge tone="amber">Pending</Badge>;
}

/** Spec: "Expired" once past its expiry, else "Active" with the date (only the date once accepted or revoked). */
function Expiry({ row }: { row: InvitationRow }) {
  if (row.expired || row.expiresAt.getTime() <= Date.now()) return <span className="font-medium text-red-700">Expired</span>;
  if (row.status !== "pending") return <span className="text-slate-600">{formatDate(row.expiresAt)}</span>;
  return (
    <span>
      <span className="font-medium text-green-800">Active</span> <span className="text-slate-600">· {formatDate(row.expiresAt)}</span>
    </span>
  );
}
