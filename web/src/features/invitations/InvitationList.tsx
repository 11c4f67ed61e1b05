import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { CardFields, CardHeader, type Column, DataTable } from "../../components/ui/data-table.tsx";
import { EmailAddress } from "../../components/ui/email-address.tsx";
import { formatDateIn, useSchoolZone } from "../../lib/school-zone.ts";

/** What every invitation row carries, whoever lists it (super admin or school admin). */
export type InvitationLike = {
  id: string;
  email: string;
  name: string | null;
  status: string;
  acceptedAt: Date | null;
  expiresAt: Date;
  /** Set by the server when a pending invitation is past its expiry. */
  expired: boolean;
};

/** Past its expiry, whether or not the stored status says so yet. */
export const isPastExpiry = (invitation: InvitationLike) =>
  invitation.expired || invitation.expiresAt.getTime() <= Date.now();
/** Resend and Revoke only for a pending invitation not past its expiry. */
export const isResendable = (invitation: InvitationLike) =>
  invitation.status === "pending" && !isPastExpiry(invitation);
/** an expired invitation (marked so, or pending past its expiry) can be regenerated and resent. */
export const isRegenerable = (invitation: InvitationLike) =>
  invitation.status === "expired" || (invitation.status === "pending" && isPastExpiry(invitation));

/** A column of the list (see `Column`), with its label on a narrow-screen card (none: not on the card). */
export type InvitationColumn<Row> = Column<Row> & { cardLabel?: string };

/** The status column (on a narrow-screen card, the badge sits next to the recipient). */
export const statusColumn: InvitationColumn<InvitationLike> = {
  // Read when the list renders: the reader's language is active by then.
  get header() {
    return i18n._(msg`Status`);
  },
  cell: (row) => <InvitationStatusBadge invitation={row} />,
};

const ACTION_LAYOUTS = {
  /** Buttons side by side, right-aligned. */
  row: { cell: "", buttons: "flex flex-wrap justify-end gap-2", card: "justify-end" },
  /** Buttons stacked in a narrow column. */
  column: { cell: "w-40", buttons: "flex flex-col items-stretch gap-1.5", card: "" },
};

/**
 * A list of invitations: a table on wide screens, cards on narrow ones. Recipient first, then
 * `columns` (include `statusColumn`), then the expiry; `actions` last (a dash when a row has none).
 */
export function InvitationList<Row extends InvitationLike>({
  caption,
  rows,
  columns = [],
  actions,
  actionsLayout = "row",
  footer,
}: {
  caption: string;
  rows: readonly Row[];
  columns?: InvitationColumn<Row>[];
  actions: (row: Row) => ReactNode;
  actionsLayout?: keyof typeof ACTION_LAYOUTS;
  footer?: ReactNode;
}) {
  const { t } = useLingui();
  const layout = ACTION_LAYOUTS[actionsLayout];
  const recipientColumn: Column<InvitationLike> = {
    header: t`Recipient`,
    rowHeader: true,
    className: "min-w-44 font-normal text-slate-700",
    cell: (row) => <InvitationRecipient invitation={row} />,
  };
  const expiresColumn: Column<InvitationLike> = {
    header: t`Expires`,
    cell: (row) => <InvitationExpiry invitation={row} />,
  };
  const actionsColumn: Column<Row> = {
    header: t`Actions`,
    headerClassName: "text-end",
    className: layout.cell,
    cell: (row) => <div className={layout.buttons}>{actions(row) ?? <NoActions />}</div>,
  };
  return (
    <>
      <DataTable
        caption={caption}
        rows={rows}
        rowKey={(row) => row.id}
        columns={[recipientColumn, ...columns, expiresColumn, actionsColumn]}
        card={(row) => {
          const rowActions = actions(row);
          return (
            <>
              <CardHeader
                title={<InvitationRecipient invitation={row} />}
                aside={<InvitationStatusBadge invitation={row} />}
              />
              <CardFields
                loose
                valueClassName=""
                items={[
                  ...columns.flatMap((column) =>
                    column.cardLabel ? [{ label: column.cardLabel, value: column.cell(row) }] : [],
                  ),
                  { label: t`Expires`, value: <InvitationExpiry invitation={row} /> },
                ]}
              />
              {rowActions ? <div className={`mt-3 flex flex-wrap gap-2 ${layout.card}`}>{rowActions}</div> : null}
            </>
          );
        }}
      />
      {footer}
    </>
  );
}

function NoActions() {
  return (
    <>
      <span aria-hidden="true" className="text-slate-400">
        —
      </span>
      <span className="sr-only">
        <Trans>No actions</Trans>
      </span>
    </>
  );
}

function InvitationRecipient({ invitation }: { invitation: InvitationLike }) {
  const { t } = useLingui();
  return (
    <>
      <EmailAddress className="block font-medium text-ink" email={invitation.email} />
      <span className={`block text-sm wrap-anywhere ${invitation.name ? "text-slate-600" : "text-slate-500 italic"}`}>
        {invitation.name ?? t`Name not provided`}
      </span>
    </>
  );
}

function InvitationStatusBadge({ invitation }: { invitation: InvitationLike }) {
  const zone = useSchoolZone();
  switch (invitation.status) {
    case "accepted":
      return (
        <span className="flex flex-col items-start gap-1">
          <Badge tone="green">
            <Trans>Accepted</Trans>
          </Badge>
          {invitation.acceptedAt ? (
            <span className="text-xs whitespace-nowrap text-slate-600">
              {formatDateIn(invitation.acceptedAt, zone)}
            </span>
          ) : null}
        </span>
      );
    case "revoked":
      return (
        <Badge tone="red">
          <Trans>Revoked</Trans>
        </Badge>
      );
    case "expired":
      return (
        <Badge tone="slate">
          <Trans>Expired</Trans>
        </Badge>
      );
    case "pending":
      // Past its expiry but not yet swept: the server lists it under "Expired" too.
      return isPastExpiry(invitation) ? (
        <Badge tone="slate">
          <Trans>Expired</Trans>
        </Badge>
      ) : (
        <Badge tone="amber">
          <Trans>Pending</Trans>
        </Badge>
      );
    default:
      return <Badge tone="slate">{invitation.status}</Badge>;
  }
}

/**
 * "Expired" once past the expiry (or marked expired), else "Active"; the date underneath. An
 * accepted or revoked invitation's link no longer works either way, so it shows only the date.
 */
function InvitationExpiry({ invitation }: { invitation: InvitationLike }) {
  const expired = invitation.status === "expired" || isPastExpiry(invitation);
  const settled = invitation.status === "accepted" || invitation.status === "revoked";
  const zone = useSchoolZone();
  return (
    <>
      {settled ? null : (
        <span className={`block font-medium ${expired ? "text-red-700" : "text-green-800"}`}>
          {expired ? <Trans>Expired</Trans> : <Trans>Active</Trans>}
        </span>
      )}
      <span className={`block whitespace-nowrap ${settled ? "text-sm text-slate-600" : "text-xs text-slate-500"}`}>
        {formatDateIn(invitation.expiresAt, zone)}
      </span>
    </>
  );
}
