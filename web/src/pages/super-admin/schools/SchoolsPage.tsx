import { Trans, useLingui } from "@lingui/react/macro";
import { Plus, UserPlus } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { ADMIN_FILTERS, SCHOOL_STATUS_FILTERS } from "#shared/schools-constants.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { Button, SecondaryButton } from "../../../components/ui/buttons.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { DebouncedInput, FilterSelect, oneOf, withoutParam } from "../../../components/ui/filters.tsx";
import { lazyDialog } from "../../../components/ui/lazy-dialog.tsx";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { QueryState, StatCard } from "../../../components/ui/states.tsx";
import { useDeleteSchool, useSchools } from "../../../features/schools/hooks.ts";
import { ADMIN_FILTER_LABELS, SCHOOL_STATUS_FILTER_LABELS } from "./labels.tsx";
import { type RowActions, SchoolsList } from "./SchoolsList.tsx";
import type { SchoolRef } from "./types.ts";
import { type AdminFilter, type StatusFilter, useSchoolFilters } from "./useSchoolFilters.ts";

// Dialogs load when first opened (not in the page's initial JS).
const ConfirmDialog = lazyDialog(async () => (await import("../../../components/ui/dialog.tsx")).ConfirmDialog);
const SchoolAdminInvitationDialog = lazyDialog(
  async () => (await import("../invitations/SchoolAdminInvitationDialog.tsx")).SchoolAdminInvitationDialog,
);
const SchoolDetailsDialog = lazyDialog(async () => (await import("./SchoolDetailsDialog.tsx")).SchoolDetailsDialog);
const CreateSchoolDialog = lazyDialog(async () => (await import("./SchoolFormDialogs.tsx")).CreateSchoolDialog);
const EditSchoolDialog = lazyDialog(async () => (await import("./SchoolFormDialogs.tsx")).EditSchoolDialog);

/** `/super-admin/schools`: Schools Management. */
export default function SchoolsPage() {
  const { t } = useLingui();
  usePageTitle(t`Schools Management · SchoolRide`);
  const deleteQuestion = (name: string) =>
    t`Are you sure you want to delete "${name}"? This action cannot be undone and will remove all associated data.`;
  const { filters, filtered, update } = useSchoolFilters();

  // The dashboard's "Create New School" quick action opens the dialog with ?create=1; closing it
  // takes `create` out of the URL, so a reload or Back does not open it again.
  const [params, setParams] = useSearchParams();
  const [creating, setCreatingState] = useState(() => params.get("create") === "1");
  const setCreating = (open: boolean) => {
    setCreatingState(open);
    if (!open && params.has("create")) {
      setParams(withoutParam("create"), { replace: true });
    }
  };
  // Invite School Admin: `null` closed, `undefined` without a school, or the school to preselect.
  const [inviting, setInviting] = useState<SchoolRef | undefined | null>(null);
  const [viewing, setViewing] = useState<SchoolRef | null>(null);
  const [editing, setEditing] = useState<SchoolRef | null>(null);
  const [deleting, setDeleting] = useState<SchoolRef | null>(null);

  const list = useSchools({
    ...(filters.q ? { search: filters.q } : {}),
    status: filters.status,
    admins: filters.admins,
    page: filters.page,
  });

  // A page that no longer exists (the list shrank, or an old link) falls back to the last one.
  const lastPage = list.data && !list.isPlaceholderData ? Math.max(1, list.data.pages) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && filters.page > lastPage) update({ page: lastPage }, { replace: true });
  }, [lastPage, filters.page, update]);

  const remove = useDeleteSchool(useCallback(() => setDeleting(null), []));

  const search = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const closeViewing = useCallback(() => setViewing(null), []);
  const closeEditing = useCallback(() => setEditing(null), []);
  const actions: RowActions = {
    onView: setViewing,
    onCreateInvitation: setInviting,
    onEdit: setEditing,
    onDelete: setDeleting,
  };

  const content = (
    <QueryState
      query={list}
      loading={t`Loading schools…`}
      failed={t`Failed to load schools.`}
      isEmpty={(data) => data.total === 0}
      empty={
        filtered ? (
          <EmptyState spacious title={t`No schools found`}>
            <Trans>No schools match your current filters</Trans>
          </EmptyState>
        ) : (
          <EmptyState
            spacious
            title={t`No schools found`}
            action={
              <Button type="button" onClick={() => setCreating(true)}>
                <Plus aria-hidden="true" className="h-4 w-4" />
                <Trans>Create First School</Trans>
              </Button>
            }
          >
            <Trans>Get started by creating your first school</Trans>
          </EmptyState>
        )
      }
    >
      {(data) => (
        <div
          aria-busy={list.isPlaceholderData || undefined}
          className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}
        >
          <SchoolsList rows={data.rows} actions={actions} />
          <Pagination
            result={data}
            noun={t`schools`}
            label={t`Schools pages`}
            look="large"
            onPageChange={(page) => update({ page })}
          />
        </div>
      )}
    </QueryState>
  );

  const summary = list.data?.summary;
  return (
    <div>
      <PageHeader
        title={t`Schools Management`}
        subtitle={t`Every school on the platform: its status, administrators and parents.`}
        actions={
          <>
            <SecondaryButton onClick={() => setInviting(undefined)}>
              <UserPlus aria-hidden="true" className="h-4 w-4" />
              <Trans>Invite Admin</Trans>
            </SecondaryButton>
            <Button type="button" onClick={() => setCreating(true)} className="text-sm">
              <Plus aria-hidden="true" className="h-4 w-4" />
              <Trans>Create School</Trans>
            </Button>
          </>
        }
      />

      <div className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        <StatCard label={t`Total Schools`} value={summary?.totalSchools ?? "—"} />
        <StatCard label={t`Active Schools`} value={summary?.activeSchools ?? "—"} />
        <StatCard label={t`Missing Admins`} value={summary?.missingAdmins ?? "—"} />
        <StatCard label={t`Total Users`} value={summary?.totalUsers ?? "—"} />
      </div>

      <Filters
        q={filters.q}
        status={filters.status}
        admins={filters.admins}
        onSearch={search}
        onStatus={(status) => update({ status })}
        onAdmins={(admins) => update({ admins })}
      />

      <section aria-label={t`Schools`} className="mt-4">
        {content}
      </section>

      <CreateSchoolDialog open={creating} onOpenChange={setCreating} />
      <SchoolAdminInvitationDialog
        open={inviting !== null}
        onOpenChange={(open) => !open && setInviting(null)}
        {...(inviting ? { school: inviting } : {})}
      />
      {viewing ? (
        <SchoolDetailsDialog
          school={viewing}
          onClose={closeViewing}
          onCreateInvitation={(school) => {
            setViewing(null);
            setInviting(school);
          }}
          onEdit={(school) => {
            setViewing(null);
            setEditing(school);
          }}
        />
      ) : null}
      {editing ? <EditSchoolDialog school={editing} onClose={closeEditing} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title={t`Delete School`}
        message={deleting ? deleteQuestion(deleting.name) : ""}
        confirmLabel={remove.isPending ? t`Deleting…` : t`Delete`}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ schoolId: deleting.id })}
      />
    </div>
  );
}

/** Search (debounced) and the two filters. The URL holds the applied values. */
function Filters({
  q,
  status,
  admins,
  onSearch,
  onStatus,
  onAdmins,
}: {
  q: string;
  status: StatusFilter;
  admins: AdminFilter;
  onSearch: (q: string) => void;
  onStatus: (status: StatusFilter) => void;
  onAdmins: (admins: AdminFilter) => void;
}) {
  const { i18n, t } = useLingui();
  const statusOptions = SCHOOL_STATUS_FILTERS.map((value) => ({
    value,
    label: i18n._(SCHOOL_STATUS_FILTER_LABELS[value]),
  }));
  const adminOptions = ADMIN_FILTERS.map((value) => ({ value, label: i18n._(ADMIN_FILTER_LABELS[value]) }));
  return (
    <div className="mt-6 grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_12rem]">
      <DebouncedInput
        label={t`Search schools`}
        icon
        value={q}
        onCommit={onSearch}
        placeholder={t`Search by name, ID or email`}
        maxLength={120}
      />
      <FilterSelect
        label={t`Status`}
        options={statusOptions}
        value={status}
        onChange={(event) => onStatus(oneOf(event.target.value, SCHOOL_STATUS_FILTERS, "all"))}
      />
      <FilterSelect
        label={t`Admins`}
        options={adminOptions}
        value={admins}
        onChange={(event) => onAdmins(oneOf(event.target.value, ADMIN_FILTERS, "all"))}
      />
    </div>
  );
}
