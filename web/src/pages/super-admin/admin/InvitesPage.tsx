import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Mail, RefreshCw, Send, UserPlus, XCircle } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { INVITE_ROLE_FILTERS, INVITE_STATUS_FILTERS } from "#shared/superAdmin.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { RevokeInvitationDialog } from "../../../components/RevokeInvitationDialog.tsx";
import { Button } from "../../../components/ui/form.tsx";
import { ErrorState, Loading } from "../../../components/ui/states.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { notify } from "../../../lib/toast.ts";
import { useTRPC } from "../../../trpc.ts";
import { EmailLogsDialog } from "./EmailLogsDialog.tsx";
import type { SuperAdminOutputs } from "./types.ts";
import { ActionButton } from "../../../components/ui/action-button.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { formatDate, formatDateTime } from "../../../components/ui/format.ts";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { tdClass, thClass } from "../../../components/ui/table.ts";
import { DebouncedInput, FilterSelect, PageHeader, roleLabel } from "./ui.tsx";
import { oneOf, pageParam, useUrlFilters } from "./useUrlFilters.ts";
import { EmailAddress } from "../../../components/ui/email-address.tsx";

type Invite = SuperAdminOutputs["invitations"]["list"]["rows"][number];

const STATUS_LABELS: Record<(typeof INVITE_STATUS_FILTERS)[number], string> = {
  all: "All Statuses",
  pending: "Pending",
  accepted: "Accepted",
  expired: "Expired",
  revoked: "Revoked",
};
const ROLE_FILTER_LABELS: Record<(typeof INVITE_ROLE_FILTERS)[number], string> = {
  all: "All Roles",
  school_admin: "School Admin",
  parent: "Parent",
};
const STATUS_OPTIONS = INVITE_STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }));
const ROLE_OPTIONS = INVITE_ROLE_FILTERS.map((value) => ({ value, label: ROLE_FILTER_LABELS[value] }));

const FILTER_DEFAULTS = { q: "", status: "all", role: "all", page: "1" };

/** Past its expiry, whether or not the stored status says so yet. */
const isPastExpiry = (invite: Invite) => invite.expired || invite.expiresAt.getTime() <= Date.now();
/** Spec §4: Resend and Revoke only for a pending invitation not past its expiry. */
const isResendable = (invite: Invite) => invite.status === "pending" && !isPastExpiry(invite);
/** Spec §4: an expired invitation (marked so, or pending past its expiry) can be regenerated and resent. */
const isRegenerable = (invite: Invite) => invite.status === "expired" || (invite.status === "pending" && isPastExpiry(invite));

/** `/super-admin/invites`: every invitation on the platform, searched and filtered, with resend, regenerate and revoke. */
export default function InvitesPage() {
  usePageTitle("Invitations Management · SchoolRide");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [filters, setFilters] = useUrlFilters(FILTER_DEFAULTS);
  const search = filters.q.trim();
  const status = oneOf(filters.status, INVITE_STATUS_FILTERS, "all");
  const role = oneOf(filters.role, INVITE_ROLE_FILTERS, "all");
  const page = pageParam(filters.page);
  const [logsFor, setLogsFor] = useState<Invite | null>(null);
  const [revoking, setRevoking] = useState<Invite | null>(null);

  const list = useQuery(
    trpc.superAdmin.invitations.list.queryOptions({ ...(search ? { search } : {}), status, role, page }, { placeholderData: keepPreviousData }),
  );

  // Spec §8: a failed load is reported as a toast as well as in place.
  useEffect(() => {
    if (list.isError) notify("error", "Fetch Failed", "Failed to fetch invites data");
  }, [list.isError, list.errorUpdatedAt]);

  // A page past the end (after a revoke, or an edited URL) moves to the last page.
  const lastPage = list.data?.pages;
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 1 && page > lastPage) setFilters({ page: lastPage });
  }, [lastPage, page, setFilters]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.superAdmin.pathKey() });

  const resend = useMutation(
    trpc.superAdmin.invitations.resend.mutationOptions({
      onSuccess: async ({ message }) => {
        notify("success", "Invitation Resent", message);
        await refresh();
      },
      onError: async (error) => {
        notify("error", "Resend Failed", errorMessage(error, "Failed to resend invitation"));
        await refresh();
      },
    }),
  );
  const revoke = useMutation(
    trpc.superAdmin.invitations.revoke.mutationOptions({
      onSuccess: async () => {
        setRevoking(null);
        notify("success", "Invitation Revoked", "Invitation revoked successfully");
        await refresh();
      },
      onError: async (error) => {
        setRevoking(null);
        notify("error", "Revoke Failed", errorMessage(error, "Failed to revoke invitation"));
        await refresh();
      },
    }),
  );
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
            <ActionButton disabled={busy} onClick={() => resend.mutate({ inviteId: invite.id })} aria-label={`Resend invitation to ${invite.email}`}>
              <Send aria-hidden="true" className="h-4 w-4" />
              {busy ? "Resending…" : "Resend"}
            </ActionButton>
            <ActionButton variant="danger" onClick={() => setRevoking(invite)} aria-label={`Revoke invitation for ${invite.email}`}>
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
    content = (
      <ErrorState>
        Failed to fetch invites data.{" "}
        <button type="button" className="font-semibold underline" onClick={() => void list.refetch()}>
          Try again
        </button>
      </ErrorState>
    );
  else if (!list.data || list.data.total === 0)
    content = <EmptyState title="No invitations found">{filtered ? "No invitations match your current filters" : "No invitations have been sent yet"}</EmptyState>;
  else {
    const { rows } = list.data;
    content = (
      <div aria-busy={list.isFetching} className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
        <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white lg:block">
          <table className="min-w-full divide-y divide-slate-200">
            <caption className="sr-only">Invitations</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={thClass}>Recipient</th>
                <th scope="col" className={thClass}>Role and School</th>
                <th scope="col" className={thClass}>Status</th>
                <th scope="col" className={thClass}>Sent At</th>
                <th scope="col" className={thClass}>Expires</th>
                <th scope="col" className={`${thClass} text-right`}>Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((invite) => (
                <tr key={invite.id}>
                  <th scope="row" className={`${tdClass} min-w-44 text-left font-normal`}>
                    <Recipient invite={invite} />
                  </th>
                  <td className={`${tdClass} min-w-36`}>
                    <RoleAndSchool invite={invite} />
                  </td>
                  <td className={tdClass}>
                    <StatusCell invite={invite} />
                  </td>
                  <td className={tdClass}>
                    <SentAt invite={invite} />
                  </td>
                  <td className={tdClass}>
                    <Expiry invite={invite} />
                  </td>
                  <td className={`${tdClass} w-40`}>
                    <div className="flex flex-col items-stretch gap-1.5">{actionsFor(invite)}</div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul aria-label="Invitations" className="space-y-3 lg:hidden">
          {rows.map((invite) => (
            <li key={invite.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <Recipient invite={invite} />
                </div>
                <StatusCell invite={invite} />
              </div>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
                <dt className="text-slate-500">Role</dt>
                <dd className="min-w-0">
                  <RoleAndSchool invite={invite} />
                </dd>
                <dt className="text-slate-500">Sent</dt>
                <dd>
                  <SentAt invite={invite} />
                </dd>
                <dt className="text-slate-500">Expires</dt>
                <dd>
                  <Expiry invite={invite} />
                </dd>
              </dl>
              <div className="mt-3 flex flex-wrap gap-2">{actionsFor(invite)}</div>
            </li>
          ))}
        </ul>
        <Pagination
          result={list.data}
          noun="invitations"
          label="Invitations pages"
          onPageChange={(next) => setFilters({ page: next })}
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

      <div role="search" aria-label="Filter invitations" className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <DebouncedInput
          label="Search"
          icon
          value={search}
          onCommit={commitSearch}
          placeholder="Recipient e-mail, school or inviter"
          maxLength={120}
          className="sm:col-span-2 lg:col-span-1"
        />
        <FilterSelect label="Status" options={STATUS_OPTIONS} value={status} onChange={(event) => setFilters({ status: event.target.value })} />
        <FilterSelect label="Role" options={ROLE_OPTIONS} value={role} onChange={(event) => setFilters({ role: event.target.value })} />
      </div>

      <div className="mt-6">{content}</div>

      <EmailLogsDialog invite={logsFor} onClose={() => setLogsFor(null)} />
      <RevokeInvitationDialog
        invitation={revoking}
        pending={revoke.isPending}
        onClose={() => setRevoking(null)}
        onRevoke={(inviteId) => revoke.mutate({ inviteId })}
      />
    </div>
  );
}

function Recipient({ invite }: { invite: Invite }) {
  return (
    <>
      <EmailAddress className="block font-medium text-ink" email={invite.email} />
      <span className={`block text-sm wrap-anywhere ${invite.name ? "text-slate-600" : "text-slate-500 italic"}`}>{invite.name ?? "Name not provided"}</span>
    </>
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

function StatusCell({ invite }: { invite: Invite }) {
  switch (invite.status) {
    case "accepted":
      return (
        <span className="flex flex-col items-start gap-1">
          <Badge tone="green">Accepted</Badge>
          {invite.acceptedAt ? <span className="text-xs whitespace-nowrap text-slate-600">{formatDate(invite.acceptedAt)}</span> : null}
        </span>
      );
    case "revoked":
      return <Badge tone="red">Revoked</Badge>;
    case "expired":
      return <Badge tone="slate">Expired</Badge>;
    case "pending":
      // Past its expiry but not yet swept: the server lists it under "Expired" too.
      return isPastExpiry(invite) ? <Badge tone="slate">Expired</Badge> : <Badge tone="amber">Pending</Badge>;
    default:
      return <Badge tone="slate">{invite.status}</Badge>;
  }
}

function SentAt({ invite }: { invite: Invite }) {
  return (
    <>
      <span className="block whitespace-nowrap text-slate-800">{formatDateTime(invite.createdAt)}</span>
      <span className="block text-sm text-slate-600 wrap-anywhere">by {invite.inviterName ?? "Unknown"}</span>
    </>
  );
}

/**
 * Spec: "Expired" once past the expiry (or marked expired), else "Active"; the date underneath. An
 * accepted or revoked invitation's link no longer works either way, so it shows only the date.
 */
function Expiry({ invite }: { invite: Invite }) {
  const expired = invite.status === "expired" || isPastExpiry(invite);
  const settled = invite.status === "accepted" || invite.status === "revoked";
  return (
    <>
      {settled ? null : (
        <span className={`block font-medium ${expired ? "text-red-700" : "text-green-800"}`}>{expired ? "Expired" : "Active"}</span>
      )}
      <span className={`block whitespace-nowrap ${settled ? "text-sm text-slate-600" : "text-xs text-slate-500"}`}>{formatDate(invite.expiresAt)}</span>
    </>
  );
}
