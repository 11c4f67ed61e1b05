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
  onInvite: (school: SchoolRef) => void;
  onEdit: (school: SchoolRef) => void;
  onDelete: (school: SchoolRef) => void;
};

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

const rowNameId = (school: SchoolRow) => `school-row-${school.id}`;

/** One page of schools: a table on wide screens, one card per school on small ones. */
export function SchoolsList({ rows, actions }: { rows: SchoolRow[]; actions: RowActions }) {
  const columns: Column<SchoolRow>[] = [
    {
      header: "School",
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
      header: "School ID",
      headerClassName: "whitespace-nowrap",
      className: "font-mono whitespace-nowrap",
      cell: (school) => <span title={school.id}>{shortId(school.id)}</span>,
    },
    {
      header: "Created Date",
      headerClassName: "whitespace-nowrap",
      className: "whitespace-nowrap",
      cell: (school) => formatDate(school.createdAt),
    },
    { header: "Admins", cell: (school) => school.adminCount },
    { header: "Parents", cell: (school) => school.parentCount },
    { header: "Status", cell: (school) => <SchoolStatusBadge badge={school.badge} /> },
    {
      header: "Actions",
      headerClassName: "text-right",
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
      caption="Schools"
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
          { label: "School ID", value: shortId(school.id), className: "font-mono" },
          { label: "Created Date", value: formatDate(school.createdAt) },
          { label: "Admins", value: school.adminCount },
          { label: "Parents", value: school.parentCount },
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
      <Badge tone={school.adminCount === 0 ? "amber" : "blue"}>{plural(school.adminCount, "admin")}</Badge>
      <Badge tone="slate">{plural(school.parentCount, "parent")}</Badge>
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
  const ref = { id: school.id, name: school.name };
  const icon = "h-4 w-4";
  return (
    <div className={`flex items-center gap-0.5 ${className}`}>
      <IconButton label="View details" aria-describedby={describedBy} onClick={() => actions.onView(ref)}>
        <Eye aria-hidden="true" className={icon} />
      </IconButton>
      <IconButton label="Invite admin" aria-describedby={describedBy} onClick={() => actions.onInvite(ref)}>
        <UserPlus aria-hidden="true" className={icon} />
      </IconButton>
      <IconButton label="Edit" aria-describedby={describedBy} onClick={() => actions.onEdit(ref)}>
        <Pencil aria-hidden="true" className={icon} />
      </IconButton>
      <IconButton label="Delete" tone="danger" aria-describedby={describedBy} onClick={() => actions.onDelete(ref)}>
        <Trash2 aria-hidden="true" className={icon} />
      </IconButton>
      <Link
        to={`/super-admin/schools/${encodeURIComponent(school.id)}/view`}
        aria-label="Go to school dashboard"
        aria-describedby={describedBy}
        title="Go to school dashboard"
        className={iconButtonClass()}
      >
        <LayoutDashboard aria-hidden="true" className={icon} />
      </Link>
    </div>
  );
}
