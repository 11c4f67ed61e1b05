import { useCallback, useEffect, useState } from "react";
import { ActionButton } from "../../../components/ui/action-button.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { ConfirmDialog } from "../../../components/ui/dialog.tsx";
import { EmailAddress } from "../../../components/ui/email-address.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { formatDateTime, formatTotal } from "../../../components/ui/format.ts";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { LoadError, Loading } from "../../../components/ui/states.tsx";
import { tdClass, thClass } from "../../../components/ui/table.ts";
import { useParentAccounts, useSetParentActive } from "../../../features/parents/hooks.ts";
import type { RouterOutputs } from "../../../lib/api-types.ts";

type ParentRow = RouterOutputs["schoolAdmin"]["parents"]["list"]["rows"][number];

/** The school's parent accounts: searched, paginated, deactivated or reactivated. */
export function ParentAccounts({ search, page, onPageChange }: { search: string; page: number; onPageChange: (page: number) => void }) {
  const [confirming, setConfirming] = useState<ParentRow | null>(null);
  const list = useParentAccounts({ ...(search ? { search } : {}), page });

  // A page that no longer exists (the list shrank) falls back to the last one.
  const lastPage = list.data?.pages;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) onPageChange(lastPage);
  }, [lastPage, page, onPageChange]);

  const setActive = useSetParentActive(useCallback(() => setConfirming(null), []));
  const busyId = setActive.isPending ? setActive.variables.parentId : null;

  function actionFor(parent: ParentRow) {
    const busy = busyId === parent.id;
    return parent.isActive ? (
      <ActionButton variant="danger" disabled={busy} aria-label={`Deactivate ${parent.name}`} onClick={() => setConfirming(parent)}>
        Deactivate
      </ActionButton>
    ) : (
      <ActionButton disabled={busy} aria-label={`Reactivate ${parent.name}`} onClick={() => setActive.mutate({ parentId: parent.id, active: true })}>
        {busy ? "Reactivating…" : "Reactivate"}
      </ActionButton>
    );
  }

  let content;
  if (list.isPending) content = <Loading label="Loading parents…" />;
  else if (list.isError) content = <LoadError message="Failed to load parents." error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.total === 0)
    content = search ? (
      <EmptyState title="No parents match your search">Try another name or e-mail address.</EmptyState>
    ) : (
      <EmptyState title="No parents yet. Invite parents to give them access." />
    );
  else {
    const { rows } = list.data;
    content = (
      <>
        {/* Wide screens: a table. */}
        <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white lg:block">
          <table className="min-w-full divide-y divide-slate-200">
            <caption className="sr-only">Parent accounts</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={thClass}>
                  Name
                </th>
                <th scope="col" className={thClass}>
                  Email
                </th>
                <th scope="col" className={thClass}>
                  Phone
                </th>
                <th scope="col" className={thClass}>
                  Last login
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
              {rows.map((parent) => (
                <tr key={parent.id}>
                  <th scope="row" className="px-4 py-3 text-left align-top text-sm font-medium text-ink">
                    {parent.name}
                  </th>
                  <td className={tdClass}>
                    <EmailAddress email={parent.email} />
                  </td>
                  <td className={tdClass}>{parent.phone || <span className="text-slate-500">Not provided</span>}</td>
                  <td className={tdClass}>{parent.lastLogin ? formatDateTime(parent.lastLogin) : <span className="text-slate-500">Never</span>}</td>
                  <td className={tdClass}>
                    <StatusBadge active={parent.isActive} />
                  </td>
                  <td className={`${tdClass} text-right`}>{actionFor(parent)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {/* Small screens: one card per parent. */}
        <ul aria-label="Parent accounts" className="space-y-3 lg:hidden">
          {rows.map((parent) => (
            <li key={parent.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold text-ink">{parent.name}</p>
                  <EmailAddress className="block text-sm text-slate-600" email={parent.email} />
                </div>
                <StatusBadge active={parent.isActive} />
              </div>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-500">Phone</dt>
                <dd className="text-slate-700">{parent.phone || "Not provided"}</dd>
                <dt className="text-slate-500">Last login</dt>
                <dd className="text-slate-700">{parent.lastLogin ? formatDateTime(parent.lastLogin) : "Never"}</dd>
              </dl>
              <div className="mt-3 flex justify-end">{actionFor(parent)}</div>
            </li>
          ))}
        </ul>
        <Pagination result={list.data} noun="parents" label="Parents pages" look="simple" onPageChange={onPageChange} />
      </>
    );
  }

  return (
    <section aria-labelledby="parents-heading" className="mt-8">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="parents-heading" className="text-lg font-semibold text-ink">
          Parents
        </h2>
        {list.data ? <span className="text-sm text-slate-600">{formatTotal(list.data)} total</span> : null}
      </div>
      {content}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !setActive.isPending) setConfirming(null);
        }}
        title="Deactivate parent"
        message={confirming ? `Deactivate ${confirming.name}? They will be signed out at once and cannot sign in until reactivated.` : ""}
        confirmLabel={setActive.isPending ? "Deactivating…" : "Deactivate"}
        busy={setActive.isPending}
        onConfirm={() => confirming && setActive.mutate({ parentId: confirming.id, active: false })}
      />
    </section>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return active ? <Badge tone="green">Active</Badge> : <Badge tone="slate">Inactive</Badge>;
}
