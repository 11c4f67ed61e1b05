import { Trans, useLingui } from "@lingui/react/macro";
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
import { QueryState } from "../../../components/ui/states.tsx";
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
  const { t } = useLingui();
  const [confirming, setConfirming] = useState<ParentRow | null>(null);
  const zone = useSchoolZone();
  const list = useParentAccounts({ ...(search ? { search } : {}), page });

  useLastPageFallback(list.data?.pages, page, onPageChange);

  const setActive = useSetParentActive(useCallback(() => setConfirming(null), []));
  const busyId = setActive.isPending ? setActive.variables.parentId : null;

  function actionFor(parent: ParentRow) {
    const busy = busyId === parent.id;
    const { name } = parent;
    return parent.isActive ? (
      <ActionButton
        variant="danger"
        disabled={busy}
        aria-label={t`Deactivate ${name}`}
        onClick={() => setConfirming(parent)}
      >
        <Trans>Deactivate</Trans>
      </ActionButton>
    ) : (
      <ActionButton
        disabled={busy}
        aria-label={t`Reactivate ${name}`}
        onClick={() => setActive.mutate({ parentId: parent.id, active: true })}
      >
        {busy ? t`Reactivating…` : t`Reactivate`}
      </ActionButton>
    );
  }

  const content = (
    <QueryState
      query={list}
      loading={t`Loading parents…`}
      failed={t`Failed to load parents.`}
      isEmpty={(data) => data.total === 0}
      empty={
        search ? (
          <EmptyState title={t`No parents match your search`}>
            <Trans>Try another name or e-mail address.</Trans>
          </EmptyState>
        ) : (
          <EmptyState title={t`No parents yet. Invite parents to give them access.`} />
        )
      }
    >
      {(data) => (
        <>
          <DataTable
            caption={t`Parent accounts`}
            rows={data.rows}
            rowKey={(parent) => parent.id}
            columns={[
              {
                header: t`Name`,
                rowHeader: true,
                className: "font-medium wrap-anywhere text-ink",
                cell: (parent) => parent.name,
              },
              { header: t`Email`, cell: (parent) => <EmailAddress email={parent.email} /> },
              {
                header: t`Phone`,
                className: "wrap-anywhere",
                cell: (parent) =>
                  parent.phone ? (
                    <span dir="ltr">{parent.phone}</span>
                  ) : (
                    <span className="text-slate-500">
                      <Trans>Not provided</Trans>
                    </span>
                  ),
              },
              {
                header: t`Children`,
                className: "text-end",
                headerClassName: "text-end",
                cell: (parent) => parent.childrenCount,
              },
              {
                header: t`Last login`,
                cell: (parent) =>
                  parent.lastLogin ? (
                    formatDateTimeIn(parent.lastLogin, zone)
                  ) : (
                    <span className="text-slate-500">
                      <Trans>Never</Trans>
                    </span>
                  ),
              },
              { header: t`Status`, cell: (parent) => <StatusBadge active={parent.isActive} /> },
              { header: t`Actions`, className: "text-end", headerClassName: "text-end", cell: actionFor },
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
                    { label: t`Phone`, value: parent.phone ? <span dir="ltr">{parent.phone}</span> : t`Not provided` },
                    { label: t`Children`, value: parent.childrenCount },
                    {
                      label: t`Last login`,
                      value: parent.lastLogin ? formatDateTimeIn(parent.lastLogin, zone) : t`Never`,
                    },
                  ]}
                />
                <div className="mt-3 flex justify-end">{actionFor(parent)}</div>
              </>
            )}
          />
          <Pagination
            result={data}
            noun={t`parents`}
            label={t`Parents pages`}
            look="simple"
            onPageChange={onPageChange}
          />
        </>
      )}
    </QueryState>
  );

  const confirmingName = confirming?.name;
  const total = list.data ? formatTotal(list.data) : null;
  return (
    <PageSection
      id="parents-heading"
      title={t`Parents`}
      aside={total ? <span className="text-sm text-slate-600">{t`${total} total`}</span> : null}
      className="mt-8"
    >
      {content}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !setActive.isPending) setConfirming(null);
        }}
        title={t`Deactivate parent`}
        message={
          confirming
            ? t`Deactivate ${confirmingName}? They will be signed out at once and cannot sign in until reactivated.`
            : ""
        }
        confirmLabel={setActive.isPending ? t`Deactivating…` : t`Deactivate`}
        busy={setActive.isPending}
        onConfirm={() => confirming && setActive.mutate({ parentId: confirming.id, active: false })}
      />
    </PageSection>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge tone="green">
      <Trans>Active</Trans>
    </Badge>
  ) : (
    <Badge tone="slate">
      <Trans>Inactive</Trans>
    </Badge>
  );
}
