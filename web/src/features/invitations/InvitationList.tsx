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
export const isPastExpiry = (invite: InvitationLike) => invite.expired || invite.expiresAt.getTime() <= Date.now();
/** Spec §4: Resend and Revoke only for a pending invitation not past its expiry. */
export const isResendable = (invite: InvitationLike) => invite.status === "pending" && !isPastExpiry(invite);
/** Spec §4: an expired invitation (marked so, or pending past its expiry) can be regenerated and resent. */
export const isRegenerable = (invite: InvitationLike) =>
  invite.status === "expired" || (invite.status === "pending" && isPastExpiry(invite));

/** A column of the list (see `Column`), with its label on a narrow-screen card (none: not on the card). */
export type InvitationColumn<Row> = Column<Row> & { cardLabel?: string };

/** The status column (on a narrow-screen card, the badge sits next to the recipient). */
export const statusColumn: InvitationColumn<InvitationLike> = {
  header: "Status",
  cell: (row) => <InvitationStatusBadge invite={row} />,
};

const ACTION_LAYOUTS = {
  /** Buttons side by side, right-aligned. */
  row: { cell: "", buttons: "flex flex-wrap justify-end gap-2", card: "justify-end" },
  /** Buttons stacked in a narrow column. */
  column: { cell: "w-40", buttons: "flex flex-col items-stretch gap-1.5", card: "" },
};

const recipientColumn: Column<InvitationLike> = {
  header: "Recipient",
  rowHeader: true,
  className: "min-w-44 font-normal text-slate-700",
  cell: (row) => <InvitationRecipient invite={row} />,
};
const expiresColumn: Column<InvitationLike> = { header: "Expires", cell: (row) => <InvitationExpiry invite={row} /> };

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
  const layout = ACTION_LAYOUTS[actionsLayout];
  const actionsColumn: Column<Row> = {
    header: "Actions",
    headerClassName: "text-right",
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
              <CardHeader title={<InvitationRecipient invite={row} />} aside={<InvitationStatusBadge invite={row} />} />
              <CardFields
                loose
                valueClassName=""
                items={[
                  ...columns.flatMap((column) =>
                    column.cardLabel ? [{ label: column.cardLabel, value: column.cell(row) }] : [],
                  ),
                  { label: "Expires", value: <InvitationExpiry invite={row} /> },
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
      <span className="sr-only">No actions</span>
    </>
  );
}

function InvitationRecipient({ invite }: { invite: InvitationLike }) {
  return (
    <>
      <EmailAddress className="block font-medium text-ink" email={invite.email} />
      <span className={`block text-sm wrap-anywhere ${invite.name ? "text-slate-600" : "text-slate-500 italic"}`}>
        {invite.name ?? "Name not provided"}
      </span>
    </>
  );
}

function InvitationStatusBadge({ invite }: { invite: InvitationLike }) {
  const zone = useSchoolZone();
  switch (invite.status) {
    case "accepted":
      return (
        <span className="flex flex-col items-start gap-1">
          <Badge tone="green">Accepted</Badge>
          {invite.acceptedAt ? (
            <span className="text-xs whitespace-nowrap text-slate-600">{formatDateIn(invite.acceptedAt, zone)}</span>
          ) : null}
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

/**
 * Spec: "Expired" once past the expiry (or marked expired), else "Active"; the date underneath. An
 * accepted or revoked invitation's link no longer works either way, so it shows only the date.
 */
function InvitationExpiry({ invite }: { invite: InvitationLike }) {
  const expired = invite.status === "expired" || isPastExpiry(invite);
  const settled = invite.status === "accepted" || invite.status === "revoked";
  const zone = useSchoolZone();
  return (
    <>
      {settled ? null : (
        <span className={`block font-medium ${expired ? "text-red-700" : "text-green-800"}`}>
          {expired ? "Expired" : "Active"}
        </span>
      )}
      <span className={`block whitespace-nowrap ${settled ? "text-sm text-slate-600" : "text-xs text-slate-500"}`}>
        {formatDateIn(invite.expiresAt, zone)}
      </span>
    </>
  );
}
