import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { EMAIL_LOG_LIMIT } from "#shared/invitations-constants.ts";
import { Badge, type Tone } from "../../../components/ui/badge.tsx";
import { type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { Dash, DetailList } from "../../../components/ui/detail-list.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { formatDate, formatDateTime, formatTime, roleLabel } from "../../../components/ui/format.ts";
import { LoadError, Loading } from "../../../components/ui/states.tsx";
import { useInvitationEmailLogs } from "../../../features/invitations/hooks.ts";
import type { RouterOutputs } from "../../../lib/api-types.ts";

type InvitationRow = RouterOutputs["superAdmin"]["invitations"]["list"]["rows"][number];
type EmailLog = RouterOutputs["superAdmin"]["invitations"]["emailLogs"]["logs"][number];

const EMAIL_TYPE_LABELS: Record<string, MessageDescriptor> = {
  school_admin_invite: msg`School admin invite`,
  parent_invite: msg`Parent invite`,
  invite_reminder: msg`Invite reminder`,
};

/** An e-mail's delivery status: its colour and its word (lowercase, as the log has it). */
const LOG_STATUSES: Record<string, { tone: Tone; label: MessageDescriptor }> = {
  pending: { tone: "amber", label: msg({ message: "pending", context: "e-mail delivery status" }) },
  sent: { tone: "blue", label: msg({ message: "sent", context: "e-mail delivery status" }) },
  delivered: { tone: "green", label: msg({ message: "delivered", context: "e-mail delivery status" }) },
  bounced: { tone: "red", label: msg({ message: "bounced", context: "e-mail delivery status" }) },
  failed: { tone: "red", label: msg({ message: "failed", context: "e-mail delivery status" }) },
};

const INVITATION_STATUS_LABELS: Record<string, MessageDescriptor> = {
  pending: msg`Pending`,
  accepted: msg`Accepted`,
  expired: msg`Expired`,
  revoked: msg`Revoked`,
};

function EmailType({ type }: { type: string }) {
  const { i18n } = useLingui();
  const label = EMAIL_TYPE_LABELS[type];
  return label ? i18n._(label) : type;
}

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
  const { i18n } = useLingui();
  const known = LOG_STATUSES[status];
  return <Badge tone={known?.tone ?? "slate"}>{known ? i18n._(known.label) : status}</Badge>;
}

/** Many columns: the compact table, each instant on two lines. */
const logColumns = (tr: (descriptor: MessageDescriptor) => string): Column<EmailLog>[] => [
  {
    header: tr(msg`Subject`),
    rowHeader: true,
    className: "min-w-40 font-normal text-slate-700",
    cell: (log) => (
      <>
        <span className="block">{text(log.subject)}</span>
        <span className="mt-1 block">
          <span className="sr-only">
            <Trans>Status:</Trans>{" "}
          </span>
          <LogStatus status={log.status} />
        </span>
      </>
    ),
  },
  { header: tr(msg`Type`), cell: (log) => <EmailType type={log.emailType} /> },
  { header: tr(msg`Created`), cell: (log) => whenStacked(log.createdAt) },
  { header: tr(msg`Sent`), cell: (log) => whenStacked(log.sentAt) },
  {
    header: tr(msg`Provider ID`),
    cell: (log) => text(log.providerMessageId),
    className: (log) => `min-w-32 ${log.providerMessageId ? "font-mono text-xs break-all" : ""}`,
  },
  { header: tr(msg`Delivered`), cell: (log) => whenStacked(log.deliveredAt) },
  { header: tr(msg`Bounced`), cell: (log) => whenStacked(log.bouncedAt) },
  {
    header: tr(msg`Error`),
    cell: (log) => text(log.errorMessage),
    className: (log) => `min-w-40 break-words ${log.errorMessage ? "text-red-700" : ""}`,
  },
];

/** The invitation's facts and its delivery history (e-mails to the recipient, newest first). */
export function EmailLogsDialog({ invitation, onClose }: { invitation: InvitationRow | null; onClose: () => void }) {
  const { i18n, t } = useLingui();
  const logs = useInvitationEmailLogs(invitation?.id ?? null);

  let body;
  if (!invitation) body = null;
  else if (logs.isPending) body = <Loading label={t`Loading e-mail logs…`} />;
  else if (logs.isError)
    body = (
      <LoadError message={t`Failed to load e-mail logs.`} error={logs.error} onRetry={() => void logs.refetch()} />
    );
  else {
    const { invitation: facts, logs: rows } = logs.data;
    const status = INVITATION_STATUS_LABELS[facts.status];
    const { email } = invitation;
    body = (
      <>
        <DetailList
          items={[
            { label: t`Role`, value: roleLabel(facts.role) },
            {
              label: t`School`,
              value: facts.schoolName ?? (
                <span className="text-slate-500 italic">
                  <Trans>No school assigned</Trans>
                </span>
              ),
            },
            { label: t`Status`, value: status ? i18n._(status) : facts.status },
            { label: t`Invited by`, value: facts.inviterName ?? t`Unknown` },
          ]}
        />
        <h3 className="mt-6 mb-2 font-semibold text-ink">
          <Trans>Delivery history</Trans>
        </h3>
        <DataTable
          caption={t`E-mails sent to ${email}`}
          rows={rows}
          rowKey={(log) => log.id}
          density="compact"
          columns={logColumns((descriptor) => i18n._(descriptor))}
          empty={
            <EmptyState title={t`No e-mails logged`}>
              <Trans>No invitation e-mails have been recorded for this recipient.</Trans>
            </EmptyState>
          }
          cardsBelow="md"
          cardClassName="rounded-lg border border-slate-200 p-3"
          card={(log) => <LogCard log={log} />}
        />
        {rows.length >= EMAIL_LOG_LIMIT ? (
          <p className="mt-2 text-xs text-slate-500">
            <Trans>Showing the newest {EMAIL_LOG_LIMIT} e-mails.</Trans>
          </p>
        ) : null}
      </>
    );
  }

  return (
    <Dialog
      wide
      open={invitation !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Email Logs`}
      description={invitation ? t`Invitation to ${invitation.email}` : undefined}
    >
      {body}
    </Dialog>
  );
}

function LogCard({ log }: { log: EmailLog }) {
  const { t } = useLingui();
  return (
    <>
      <div className="mb-2 flex items-start justify-between gap-2">
        <p className="min-w-0 font-medium text-ink wrap-anywhere">{text(log.subject)}</p>
        <LogStatus status={log.status} />
      </div>
      <DetailList
        items={[
          { label: t`Type`, value: <EmailType type={log.emailType} /> },
          { label: t`Created`, value: when(log.createdAt) },
          { label: t`Sent`, value: when(log.sentAt) },
          {
            label: t`Provider ID`,
            value: log.providerMessageId ? (
              <span className="font-mono text-xs break-all">{log.providerMessageId}</span>
            ) : (
              <Dash />
            ),
          },
          { label: t`Delivered`, value: when(log.deliveredAt) },
          { label: t`Bounced`, value: when(log.bouncedAt) },
          {
            label: t`Error`,
            value: log.errorMessage ? <span className="text-red-700">{log.errorMessage}</span> : <Dash />,
          },
        ]}
      />
    </>
  );
}
