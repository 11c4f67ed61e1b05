import type { ReactNode } from "react";
import { EMAIL_LOG_LIMIT } from "#shared/superAdmin.ts";
import { Badge, type Tone } from "../../../components/ui/badge.tsx";
import { Dash, DetailList } from "../../../components/ui/detail-list.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { formatDate, formatDateTime, formatTime, roleLabel } from "../../../components/ui/format.ts";
import { LoadError, Loading } from "../../../components/ui/states.tsx";
import { tdClass, thClass } from "../../../components/ui/table.ts";
import { useInvitationEmailLogs } from "../../../features/invitations/hooks.ts";
import type { RouterOutputs } from "../../../lib/api-types.ts";

type Invite = RouterOutputs["superAdmin"]["invitations"]["list"]["rows"][number];
type EmailLog = RouterOutputs["superAdmin"]["invitations"]["emailLogs"]["logs"][number];

const EMAIL_TYPE_LABELS: Record<string, string> = {
  school_admin_invite: "School admin invite",
  parent_invite: "Parent invite",
  invite_reminder: "Invite reminder",
};

/** This table has many columns: a little less padding than the list tables. */
const cell = tdClass.replace("px-4", "px-3");
const head = thClass.replace("px-4", "px-3");

const LOG_STATUS_TONES: Record<string, Tone> = {
  pending: "amber",
  sent: "blue",
  delivered: "green",
  bounced: "red",
  failed: "red",
};

const INVITE_STATUS_LABELS: Record<string, string> = {
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

/** The invitation's facts and its delivery history (e-mails to the recipient, newest first). */
export function EmailLogsDialog({ invite, onClose }: { invite: Invite | null; onClose: () => void }) {
  const logs = useInvitationEmailLogs(invite?.id ?? null);

  let body;
  if (!invite) body = null;
  else if (logs.isPending) body = <Loading label="Loading e-mail logs…" />;
  else if (logs.isError) body = <LoadError message="Failed to load e-mail logs." error={logs.error} onRetry={() => void logs.refetch()} />;
  else {
    const { invitation, logs: rows } = logs.data;
    body = (
      <>
        <DetailList
          items={[
            { label: "Role", value: roleLabel(invitation.role) },
            { label: "School", value: invitation.schoolName ?? <span className="text-slate-500 italic">No school assigned</span> },
            { label: "Status", value: INVITE_STATUS_LABELS[invitation.status] ?? invitation.status },
            { label: "Invited by", value: invitation.inviterName ?? "Unknown" },
          ]}
        />
        <h3 className="mt-6 mb-2 font-semibold text-ink">Delivery history</h3>
        {rows.length === 0 ? (
          <EmptyState title="No e-mails logged">No invitation e-mails have been recorded for this recipient.</EmptyState>
        ) : (
          <>
            <div className="hidden overflow-x-auto rounded-lg border border-slate-200 md:block">
              <table className="min-w-full divide-y divide-slate-200">
                <caption className="sr-only">E-mails sent to {invite.email}</caption>
                <thead className="bg-slate-50">
                  <tr>
                    <th scope="col" className={head}>
                      Subject
                    </th>
                    <th scope="col" className={head}>
                      Type
                    </th>
                    <th scope="col" className={head}>
                      Created
                    </th>
                    <th scope="col" className={head}>
                      Sent
                    </th>
                    <th scope="col" className={head}>
                      Provider ID
                    </th>
                    <th scope="col" className={head}>
                      Delivered
                    </th>
                    <th scope="col" className={head}>
                      Bounced
                    </th>
                    <th scope="col" className={head}>
                      Error
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {rows.map((log) => (
                    <tr key={log.id}>
                      <th scope="row" className={`${cell} min-w-40 text-left font-normal`}>
                        <span className="block">{text(log.subject)}</span>
                        <span className="mt-1 block">
                          <span className="sr-only">Status: </span>
                          <LogStatus status={log.status} />
                        </span>
                      </th>
                      <td className={cell}>{EMAIL_TYPE_LABELS[log.emailType] ?? log.emailType}</td>
                      <td className={cell}>{whenStacked(log.createdAt)}</td>
                      <td className={cell}>{whenStacked(log.sentAt)}</td>
                      <td className={`${cell} min-w-32 ${log.providerMessageId ? "font-mono text-xs break-all" : ""}`}>{text(log.providerMessageId)}</td>
                      <td className={cell}>{whenStacked(log.deliveredAt)}</td>
                      <td className={cell}>{whenStacked(log.bouncedAt)}</td>
                      <td className={`${cell} min-w-40 break-words ${log.errorMessage ? "text-red-700" : ""}`}>{text(log.errorMessage)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul aria-label={`E-mails sent to ${invite.email}`} className="space-y-3 md:hidden">
              {rows.map((log) => (
                <LogCard key={log.id} log={log} />
              ))}
            </ul>
            {rows.length >= EMAIL_LOG_LIMIT ? <p className="mt-2 text-xs text-slate-500">Showing the newest {EMAIL_LOG_LIMIT} e-mails.</p> : null}
          </>
        )}
      </>
    );
  }

  return (
    <Dialog wide open={invite !== null} onOpenChange={(open) => !open && onClose()} title="Email Logs" description={invite ? `Invitation to ${invite.email}` : undefined}>
      {body}
    </Dialog>
  );
}

function LogCard({ log }: { log: EmailLog }) {
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <div className="mb-2 flex items-start justify-between gap-2">
        <p className="min-w-0 font-medium text-ink wrap-anywhere">{text(log.subject)}</p>
        <LogStatus status={log.status} />
      </div>
      <DetailList
        items={[
          { label: "Type", value: EMAIL_TYPE_LABELS[log.emailType] ?? log.emailType },
          { label: "Created", value: when(log.createdAt) },
          { label: "Sent", value: when(log.sentAt) },
          { label: "Provider ID", value: log.providerMessageId ? <span className="font-mono text-xs break-all">{log.providerMessageId}</span> : <Dash /> },
          { label: "Delivered", value: when(log.deliveredAt) },
          { label: "Bounced", value: when(log.bouncedAt) },
          { label: "Error", value: log.errorMessage ? <span className="text-red-700">{log.errorMessage}</span> : <Dash /> },
        ]}
      />
    </li>
  );
}
