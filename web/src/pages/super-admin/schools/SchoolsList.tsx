import { Plural, useLingui } from "@lingui/react/macro";
import { Eye, LayoutDashboard, Pencil, Trash2, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge.tsx";
import { IconButton, iconButtonClass } from "../../../components/ui/buttons.tsx";
import { CardFields, CardHeader, type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { EmailAddress } from "../../../components/ui/email-address.tsx";
import { formatDate } from "../../../components/ui/format.ts";
import { SchoolStatusBadge, shortId } from "./labels.tsx";
import type { SchoolRef, SchoolRow } from "./types.ts";

export type RowActions = {
  onView: (school: SchoolRef) => void;
  onCreateInvitation: (school: SchoolRef) => void;
  onEdit: (school: SchoolRef) => void;
  onDelete: (school: SchoolRef) => void;
};

const rowNameId = (school: SchoolRow) => `school-row-${school.id}`;

/** One page of schools: a table on wide screens, one card per school on small ones. */
export function SchoolsList({ rows, actions }: { rows: SchoolRow[]; actions: RowActions }) {
  const { t } = useLingui();
  const columns: Column<SchoolRow>[] = [
    {
      header: t`School`,
      rowHeader: true,
      className: "font-normal",
      cell: (school) => (
        <>
          <span id={rowNameId(school)} className="block font-semibold text-ink">
            {school.name}
          </span>
          <EmailAddress className="block text-slate-600" email={school.email} />
          <CountBadges school={school} />
        </>
      ),
    },
    {
      header: t`School ID`,
      headerClassName: "whitespace-nowrap",
      className: "font-mono whitespace-nowrap",
      cell: (school) => (
        <span dir="ltr" title={school.id}>
          {shortId(school.id)}
        </span>
      ),
    },
    {
      header: t`Created Date`,
      headerClassName: "whitespace-nowrap",
      className: "whitespace-nowrap",
      cell: (school) => formatDate(school.createdAt),
    },
    { header: t`Admins`, cell: (school) => school.adminCount },
    { header: t`Parents`, cell: (school) => school.parentCount },
    { header: t`Status`, cell: (school) => <SchoolStatusBadge badge={school.badge} /> },
    {
      header: t`Actions`,
      headerClassName: "text-end",
      className: "py-2",
      cell: (school) => (
        <RowActionButtons
          school={school}
          describedBy={rowNameId(school)}
          actions={actions}
          className="flex-nowrap justify-end"
        />
      ),
    },
  ];
  return (
    <DataTable
      caption={t`Schools`}
      rows={rows}
      rowKey={(school) => school.id}
      density="compact"
      columns={columns}
      cardsBelow="xl"
      cardListClassName="grid gap-3 md:grid-cols-2"
      card={(school) => <SchoolCard school={school} actions={actions} />}
    />
  );
}

function SchoolCard({ school, actions }: { school: SchoolRow; actions: RowActions }) {
  const { t } = useLingui();
  const nameId = `school-card-${school.id}`;
  return (
    <>
      <CardHeader
        title={
          <>
            <p id={nameId} className="font-semibold text-ink wrap-anywhere">
              {school.name}
            </p>
            <EmailAddress className="block text-sm text-slate-600" email={school.email} />
          </>
        }
        aside={<SchoolStatusBadge badge={school.badge} />}
      />
      <CountBadges school={school} />
      <CardFields
        items={[
          { label: t`School ID`, value: <span dir="ltr">{shortId(school.id)}</span>, className: "font-mono" },
          { label: t`Created Date`, value: formatDate(school.createdAt) },
          { label: t`Admins`, value: school.adminCount },
          { label: t`Parents`, value: school.parentCount },
        ]}
      />
      <RowActionButtons
        school={school}
        describedBy={nameId}
        actions={actions}
        className="mt-3 flex-wrap justify-end border-t border-slate-100 pt-2"
      />
    </>
  );
}

function CountBadges({ school }: { school: SchoolRow }) {
  return (
    <span className="mt-1.5 flex flex-wrap gap-1.5">
      <Badge tone={school.adminCount === 0 ? "amber" : "blue"}>
        <Plural value={school.adminCount} one="# admin" other="# admins" />
      </Badge>
      <Badge tone="slate">
        <Plural value={school.parentCount} one="# parent" other="# parents" />
      </Badge>
    </span>
  );
}

/**
 * View details, Invite admin, Edit, Delete and Go to school dashboard. Each has a short accessible
 * name; the school's name is its description, so a screen reader hears which school it acts on.
 */
function RowActionButtons({
  school,
  describedBy,
  actions,
  className = "",
}: {
  school: SchoolRow;
  describedBy: string;
  actions: RowActions;
  className?: string;
}) {
  const { t } = useLingui();
  const ref = { id: school.id, name: school.name };
  const icon = "h-4 w-4";
  return (
    <div className={`flex items-center gap-0.5 ${className}`}>
      <IconButton label={t`View details`} aria-describedby={describedBy} onClick={() => actions.onView(ref)}>
        <Eye aria-hidden="true" className={icon} />
      </IconButton>
      <IconButton
        label={t`Invite admin`}
        aria-describedby={describedBy}
        onClick={() => actions.onCreateInvitation(ref)}
      >
        <UserPlus aria-hidden="true" className={icon} />
      </IconButton>
      <IconButton label={t`Edit`} aria-describedby={describedBy} onClick={() => actions.onEdit(ref)}>
        <Pencil aria-hidden="true" className={icon} />
      </IconButton>
      <IconButton label={t`Delete`} tone="danger" aria-describedby={describedBy} onClick={() => actions.onDelete(ref)}>
        <Trash2 aria-hidden="true" className={icon} />
      </IconButton>
      <Link
        to={`/super-admin/schools/${encodeURIComponent(school.id)}/view`}
        aria-label={t`Go to school dashboard`}
        aria-describedby={describedBy}
        title={t`Go to school dashboard`}
        className={iconButtonClass()}
      >
        <LayoutDashboard aria-hidden="true" className={icon} />
      </Link>
    </div>
  );
}
