import { useCallback, useState } from "react";
import { ActionButton } from "../../../components/ui/action-button.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { CardFields, CardHeader, DataTable } from "../../../components/ui/data-table.tsx";
import { ConfirmDialog } from "../../../components/ui/dialog.tsx";
import { EmailAddress } from "../../../components/ui/email-address.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { formatTotal } from "../../../components/ui/format.ts";
import { PageSection } from "../../../components/ui/page-header.tsx";
import { Pagination, useLastPageFallback } from "../../../components/ui/pagination.tsx";
import { LoadError, Loading } from "../../../components/ui/states.tsx";
import { useParentAccounts, useSetParentActive } from "../../../features/parents/hooks.ts";
import type { RouterOutputs } from "../../../lib/api-types.ts";
import { formatDateTimeIn, useSchoolZone } from "../../../lib/school-zone.ts";

type ParentRow = RouterOutputs["schoolAdmin"]["parents"]["list"]["rows"][number];

/** The school's parent accounts: searched, paginated, deactivated or reactivated. */
export function ParentAccounts({
  search,
  page,
  onPageChange,
}: {
  search: string;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const [confirming, setConfirming] = useState<ParentRow | null>(null);
  const zone = useSchoolZone();
  const list = useParentAccounts({ ...(search ? { search } : {}), page });

  useLastPageFallback(list.data?.pages, page, onPageChange);

  const setActive = useSetParentActive(useCallback(() => setConfirming(null), []));
  const busyId = setActive.isPending ? setActive.variables.parentId : null;

  function actionFor(parent: ParentRow) {
    const busy = busyId === parent.id;
    return parent.isActive ? (
      <ActionButton
        variant="danger"
        disabled={busy}
        aria-label={`Deactivate ${parent.name}`}
        onClick={() => setConfirming(parent)}
      >
        Deactivate
      </ActionButton>
    ) : (
      <ActionButton
        disabled={busy}
        aria-label={`Reactivate ${parent.name}`}
        onClick={() => setActive.mutate({ parentId: parent.id, active: true })}
      >
        {busy ? "Reactivating…" : "Reactivate"}
      </ActionButton>
    );
  }

  let content;
  if (list.isPending) content = <Loading label="Loading parents…" />;
  else if (list.isError)
    content = <LoadError message="Failed to load parents." error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.total === 0)
    content = search ? (
      <EmptyState title="No parents match your search">Try another name or e-mail address.</EmptyState>
    ) : (
      <EmptyState title="No parents yet. Invite parents to give them access." />
    );
  else
    content = (
      <>
        <DataTable
          caption="Parent accounts"
          rows={list.data.rows}
          rowKey={(parent) => parent.id}
          columns={[
            {
              header: "Name",
              rowHeader: true,
              className: "font-medium wrap-anywhere text-ink",
              cell: (parent) => parent.name,
            },
            { header: "Email", cell: (parent) => <EmailAddress email={parent.email} /> },
            {
              header: "Phone",
              className: "wrap-anywhere",
              cell: (parent) => parent.phone || <span className="text-slate-500">Not provided</span>,
            },
            {
              header: "Children",
              className: "text-right",
              headerClassName: "text-right",
              cell: (parent) => parent.childrenCount,
            },
            {
              header: "Last login",
              cell: (parent) =>
                parent.lastLogin ? (
                  formatDateTimeIn(parent.lastLogin, zone)
                ) : (
                  <span className="text-slate-500">Never</span>
                ),
            },
            { header: "Status", cell: (parent) => <StatusBadge active={parent.isActive} /> },
            { header: "Actions", className: "text-right", headerClassName: "text-right", cell: actionFor },
          ]}
          card={(parent) => (
            <>
              <CardHeader
                title={
                  <>
                    <p className="font-semibold text-ink">{parent.name}</p>
                    <EmailAddress className="block text-sm text-slate-600" email={parent.email} />
                  </>
                }
                aside={<StatusBadge active={parent.isActive} />}
              />
              <CardFields
                items={[
                  { label: "Phone", value: parent.phone || "Not provided" },
                  { label: "Children", value: parent.childrenCount },
                  { label: "Last login", value: parent.lastLogin ? formatDateTimeIn(parent.lastLogin, zone) : "Never" },
                ]}
              />
              <div className="mt-3 flex justify-end">{actionFor(parent)}</div>
            </>
          )}
        />
        <Pagination result={list.data} noun="parents" label="Parents pages" look="simple" onPageChange={onPageChange} />
      </>
    );

  return (
    <PageSection
      id="parents-heading"
      title="Parents"
      aside={list.data ? <span className="text-sm text-slate-600">{formatTotal(list.data)} total</span> : null}
      className="mt-8"
    >
      {content}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !setActive.isPending) setConfirming(null);
        }}
        title="Deactivate parent"
        message={
          confirming
            ? `Deactivate ${confirming.name}? They will be signed out at once and cannot sign in until reactivated.`
            : ""
        }
        confirmLabel={setActive.isPending ? "Deactivating…" : "Deactivate"}
        busy={setActive.isPending}
        onConfirm={() => confirming && setActive.mutate({ parentId: confirming.id, active: false })}
      />
    </PageSection>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return active ? <Badge tone="green">Active</Badge> : <Badge tone="slate">Inactive</Badge>;
}
