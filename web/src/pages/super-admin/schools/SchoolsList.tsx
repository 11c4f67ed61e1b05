import { Eye, LayoutDashboard, Pencil, Trash2, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge.tsx";
import { IconButton, iconButtonClass } from "../../../components/ui/buttons.tsx";
import { EmailAddress } from "../../../components/ui/email-address.tsx";
import { formatDate } from "../../../components/ui/format.ts";
import { tdCompactClass as tdClass, thCompactClass as thClass } from "../../../components/ui/table.ts";
import { SchoolStatusBadge, shortId } from "./labels.tsx";
import type { SchoolRef, SchoolRow } from "./types.ts";

export type RowActions = {
  onView: (school: SchoolRef) => void;
  onInvite: (school: SchoolRef) => void;
  onEdit: (school: SchoolRef) => void;
  onDelete: (school: SchoolRef) => void;
};

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** One page of schools: a table on wide screens, one card per school on small ones. */
export function SchoolsList({ rows, actions }: { rows: SchoolRow[]; actions: RowActions }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white xl:block">
        <table className="min-w-full divide-y divide-slate-200">
          <caption className="sr-only">Schools</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={thClass}>
                School
              </th>
              <th scope="col" className={`${thClass} whitespace-nowrap`}>
                School ID
              </th>
              <th scope="col" className={`${thClass} whitespace-nowrap`}>
                Created Date
              </th>
              <th scope="col" className={thClass}>
                Admins
              </th>
              <th scope="col" className={thClass}>
                Parents
              </th>
              <th scope="col" className={thClass}>
                Status
              </th>
              <th scope="col" className={`${thClass} text-right`}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((school) => {
              const nameId = `school-row-${school.id}`;
              return (
                <tr key={school.id}>
                  <th scope="row" className="px-3 py-3 text-left align-top text-sm font-normal">
                    <span id={nameId} className="block font-semibold text-ink">
                      {school.name}
                    </span>
                    <EmailAddress className="block text-slate-600" email={school.email} />
                    <CountBadges school={school} />
                  </th>
                  <td className={`${tdClass} font-mono whitespace-nowrap`}>
                    <span title={school.id}>{shortId(school.id)}</span>
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatDate(school.createdAt)}</td>
                  <td className={tdClass}>{school.adminCount}</td>
                  <td className={tdClass}>{school.parentCount}</td>
                  <td className={tdClass}>
                    <SchoolStatusBadge badge={school.badge} />
                  </td>
                  <td className={`${tdClass} py-2`}>
                    <RowActionButtons school={school} describedBy={nameId} actions={actions} className="flex-nowrap justify-end" />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <ul aria-label="Schools" className="grid gap-3 md:grid-cols-2 xl:hidden">
        {rows.map((school) => {
          const nameId = `school-card-${school.id}`;
          return (
            <li key={school.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p id={nameId} className="font-semibold text-ink wrap-anywhere">
                    {school.name}
                  </p>
                  <EmailAddress className="block text-sm text-slate-600" email={school.email} />
                </div>
                <SchoolStatusBadge badge={school.badge} />
              </div>
              <CountBadges school={school} />
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-500">School ID</dt>
                <dd className="font-mono text-slate-700">{shortId(school.id)}</dd>
                <dt className="text-slate-500">Created Date</dt>
                <dd className="text-slate-700">{formatDate(school.createdAt)}</dd>
                <dt className="text-slate-500">Admins</dt>
                <dd className="text-slate-700">{school.adminCount}</dd>
                <dt className="text-slate-500">Parents</dt>
                <dd className="text-slate-700">{school.parentCount}</dd>
              </dl>
              <RowActionButtons school={school} describedBy={nameId} actions={actions} className="mt-3 flex-wrap justify-end border-t border-slate-100 pt-2" />
            </li>
          );
        })}
      </ul>
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
function RowActionButtons({ school, describedBy, actions, className = "" }: { school: SchoolRow; describedBy: string; actions: RowActions; className?: string }) {
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
