import type { ReactNode } from "react";
import { EMAIL_LOG_LIMIT } from "#shared/superAdmin-constants.ts";
import { Badge, type Tone } from "../../../components/ui/badge.tsx";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { Dash, DetailList } from "../../../components/ui/detail-list.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { formatDate, formatDateTime, formatTime, roleLabel } from "../../../components/ui/format.ts";
import { LoadError, Loading } from "../../../components/ui/states.tsx";
import { useInvitationEmailLogs } from "../../../features/invitations/hooks.ts";
import type { RouterOutputs } from "../../../lib/api-types.ts";

type Invite = RouterOutputs["superAdmin"]["invitations"]["list"]["rows"][number];
type EmailLog = RouterOutputs["superAdmin"]["invitations"]["emailLogs"]["logs"][number];

const EMAIL_TYPE_LABELS: Record<string, string> = {
  school_admin_invite: "School admin invite",
  parent_invite: "Parent invite",
  invite_reminder: "Invite reminder",
};

const LOG_STATUS_TONES: Record<string, Tone> = {
  pending: "amber",
  sent: "blue",
  delivered: "green",
  bounced: "red",
  failed: "red",
};

const INVITATION_STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  accepted: "Accepted",
  expired: "Expired",
  revoked: "Revoked",
};

function when(value: Date | null | undefined): ReactNode {
  return value ? <span className="whitespace-nowrap">{formatDateTime(value)}</span> : <Dash />;
}

/** The same instant on two lines (date, then time), for the narrow table columns. */
function whenStacked(value: Date | null | undefined): ReactNode {
  if (!value) return <Dash />;
  return (
    <time dateTime={value.toISOString()}>
      <span className="block whitespace-nowrap">{formatDate(value)}</span>
      <span className="block text-xs whitespace-nowrap text-slate-500">{formatTime(value)}</span>
    </time>
  );
}

function text(value: string | null | undefined): ReactNode {
  return value ? value : <Dash />;
}

function LogStatus({ status }: { status: string }) {
  return <Badge tone={LOG_STATUS_TONES[status] ?? "slate"}>{status}</Badge>;
}

/** Many columns: the compact table, each instant on two lines. */
const LOG_COLUMNS: Column<EmailLog>[] = [
  {
    header: "Subject",
    rowHeader: true,
    className: "min-w-40 font-normal text-slate-700",
    cell: (log) => (
      <>
        <span className="block">{text(log.subject)}</span>
        <span className="mt-1 block">
          <span className="sr-only">Status: </span>
          <LogStatus status={log.status} />
        </span>
      </>
    ),
  },
  { header: "Type", cell: (log) => EMAIL_TYPE_LABELS[log.emailType] ?? log.emailType },
  { header: "Created", cell: (log) => whenStacked(log.createdAt) },
  { header: "Sent", cell: (log) => whenStacked(log.sentAt) },
  {
    header: "Provider ID",
    cell: (log) => text(log.providerMessageId),
    className: (log) => `min-w-32 ${log.providerMessageId ? "font-mono text-xs break-all" : ""}`,
  },
  { header: "Delivered", cell: (log) => whenStacked(log.deliveredAt) },
  { header: "Bounced", cell: (log) => whenStacked(log.bouncedAt) },
  {
    header: "Error",
    cell: (log) => text(log.errorMessage),
    className: (log) => `min-w-40 break-words ${log.errorMessage ? "text-red-700" : ""}`,
  },
];

/** The invitation's facts and its delivery history (e-mails to the recipient, newest first). */
export function EmailLogsDialog({ invite, onClose }: { invite: Invite | null; onClose: () => void }) {
  const logs = useInvitationEmailLogs(invite?.id ?? null);

  let body;
  if (!invite) body = null;
  else if (logs.isPending) body = <Loading label="Loading e-mail logs…" />;
  else if (logs.isError)
    body = <LoadError message="Failed to load e-mail logs." error={logs.error} onRetry={() => void logs.refetch()} />;
  else {
    const { invitation, logs: rows } = logs.data;
    body = (
      <>
        <DetailList
          items={[
            { label: "Role", value: roleLabel(invitation.role) },
            {
              label: "School",
              value: invitation.schoolName ?? <span className="text-slate-500 italic">No school assigned</span>,
            },
            { label: "Status", value: INVITATION_STATUS_LABELS[invitation.status] ?? invitation.status },
            { label: "Invited by", value: invitation.inviterName ?? "Unknown" },
          ]}
        />
        <h3 className="mt-6 mb-2 font-semibold text-ink">Delivery history</h3>
        <DataTable
          caption={`E-mails sent to ${invite.email}`}
          rows={rows}
          rowKey={(log) => log.id}
          density="compact"
          columns={LOG_COLUMNS}
          empty={
            <EmptyState title="No e-mails logged">
              No invitation e-mails have been recorded for this recipient.
            </EmptyState>
          }
          cardsBelow="md"
          cardClassName="rounded-lg border border-slate-200 p-3"
          card={(log) => <LogCard log={log} />}
        />
        {rows.length >= EMAIL_LOG_LIMIT ? (
          <p className="mt-2 text-xs text-slate-500">Showing the newest {EMAIL_LOG_LIMIT} e-mails.</p>
        ) : null}
      </>
    );
  }

  return (
    <Dialog
      wide
      open={invite !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Email Logs"
      description={invite ? `Invitation to ${invite.email}` : undefined}
    >
      {body}
    </Dialog>
  );
}

function LogCard({ log }: { log: EmailLog }) {
  return (
    <>
      <div className="mb-2 flex items-start justify-between gap-2">
        <p className="min-w-0 font-medium text-ink wrap-anywhere">{text(log.subject)}</p>
        <LogStatus status={log.status} />
      </div>
      <DetailList
        items={[
          { label: "Type", value: EMAIL_TYPE_LABELS[log.emailType] ?? log.emailType },
          { label: "Created", value: when(log.createdAt) },
          { label: "Sent", value: when(log.sentAt) },
          {
            label: "Provider ID",
            value: log.providerMessageId ? (
              <span className="font-mono text-xs break-all">{log.providerMessageId}</span>
            ) : (
              <Dash />
            ),
          },
          { label: "Delivered", value: when(log.deliveredAt) },
          { label: "Bounced", value: when(log.bouncedAt) },
          {
            label: "Error",
            value: log.errorMessage ? <span className="text-red-700">{log.errorMessage}</span> : <Dash />,
          },
        ]}
      />
    </>
  );
}
