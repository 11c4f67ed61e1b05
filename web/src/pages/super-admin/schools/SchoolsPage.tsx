import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, UserPlus } from "lucide-react";
import { useCallback, useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import {
  ADMIN_FILTER_LABELS,
  ADMIN_FILTERS,
  SCHOOL_STATUS_FILTER_LABELS,
  SCHOOL_STATUS_FILTERS,
} from "#shared/superAdmin.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { ConfirmDialog } from "../../../components/ui/dialog.tsx";
import { Button, SearchField } from "../../../components/ui/form.tsx";
import { Loading, LoadError, StatCard } from "../../../components/ui/states.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { useSudo } from "../../../lib/sudo.ts";
import { notify } from "../../../lib/toast.ts";
import { useTRPC } from "../../../lib/trpc.ts";
import { InviteSchoolAdminDialog } from "../invitations/InviteSchoolAdminDialog.tsx";
import { SchoolDetailsDialog } from "./SchoolDetailsDialog.tsx";
import { CreateSchoolDialog, EditSchoolDialog } from "./SchoolFormDialogs.tsx";
import { SchoolsList, type RowActions } from "./SchoolsList.tsx";
import type { SchoolRef } from "./types.ts";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Pagination } from "../../../components/ui/pagination.tsx";
import { SecondaryButton } from "../../../components/ui/buttons.tsx";
import { useSchoolFilters, type AdminFilter, type StatusFilter } from "./useSchoolFilters.ts";
import { withoutParam } from "../../../lib/url-filters.ts";

/** Milliseconds of quiet typing before a search applies. */
const SEARCH_DEBOUNCE_MS = 300;

const selectClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none";

/** `/super-admin/schools`: Schools Management (spec §2). */
export default function SchoolsPage() {
  usePageTitle("Schools Management · SchoolRide");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
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

  const list = useQuery(
    trpc.superAdmin.schools.list.queryOptions(
      { ...(filters.q ? { search: filters.q } : {}), status: filters.status, admins: filters.admins, page: filters.page },
      { placeholderData: keepPreviousData },
    ),
  );

  // A page that no longer exists (the list shrank, or an old link) falls back to the last one.
  const lastPage = list.data && !list.isPlaceholderData ? Math.max(1, list.data.pages) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && filters.page > lastPage) update({ page: lastPage }, { replace: true });
  }, [lastPage, filters.page, update]);

  const sudo = useSudo();
  const remove = useMutation(
    trpc.superAdmin.schools.delete.mutationOptions({
      onSuccess: async (result) => {
        setDeleting(null);
        notify("success", "School Deleted", `"${result.name}" deleted successfully!`);
        await queryClient.invalidateQueries({ queryKey: trpc.superAdmin.pathKey() });
      },
      onError: (error, input) => {
        setDeleting(null);
        // SE6: deleting needs a recent re-authentication; "Confirm it's you", then delete.
        if (sudo.intercept(error, () => remove.mutate(input))) return;
        notify("error", "Deletion Failed", `Failed to delete school: ${errorMessage(error)}`);
      },
    }),
  );

  const search = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const closeViewing = useCallback(() => setViewing(null), []);
  const closeEditing = useCallback(() => setEditing(null), []);
  const actions: RowActions = {
    onView: setViewing,
    onInvite: setInviting,
    onEdit: setEditing,
    onDelete: setDeleting,
  };

  let content;
  if (list.isPending) content = <Loading label="Loading schools…" />;
  else if (list.isError)
    content = (
      <LoadError message="Failed to load schools." error={list.error} onRetry={() => void list.refetch()} />
    );
  else if (list.data.total === 0)
    content = filtered ? (
      <EmptyState spacious title="No schools found">No schools match your current filters</EmptyState>
    ) : (
      <EmptyState
        spacious
        title="No schools found"
        action={
          <Button type="button" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Create First School
          </Button>
        }
      >
        Get started by creating your first school
      </EmptyState>
    );
  else
    content = (
      <div aria-busy={list.isPlaceholderData || undefined} className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
        <SchoolsList rows={list.data.rows} actions={actions} />
        <Pagination
          result={list.data}
          noun="schools"
          label="Schools pages"
          look="large"
          onPageChange={(page) => update({ page })}
        />
      </div>
    );

  const summary = list.data?.summary;
  return (
    <div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-ink">Schools Management</h1>
          <p className="mt-1 text-slate-600">Every school on the platform: its status, administrators and parents.</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-3">
          <SecondaryButton onClick={() => setInviting(undefined)}>
            <UserPlus aria-hidden="true" className="h-4 w-4" />
            Invite Admin
          </SecondaryButton>
          <Button type="button" onClick={() => setCreating(true)} className="text-sm">
            <Plus aria-hidden="true" className="h-4 w-4" />
            Create School
          </Button>
        </div>
      </div>

      <div className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        <StatCard label="Total Schools" value={summary?.totalSchools ?? "—"} />
        <StatCard label="Active Schools" value={summary?.activeSchools ?? "—"} />
        <StatCard label="Missing Admins" value={summary?.missingAdmins ?? "—"} />
        <StatCard label="Total Users" value={summary?.totalUsers ?? "—"} />
      </div>

      <Filters
        q={filters.q}
        status={filters.status}
        admins={filters.admins}
        onSearch={search}
        onStatus={(status) => update({ status })}
        onAdmins={(admins) => update({ admins })}
      />

      <section aria-label="Schools" className="mt-4">
        {content}
      </section>

      <CreateSchoolDialog open={creating} onOpenChange={setCreating} />
      <InviteSchoolAdminDialog
        open={inviting !== null}
        onOpenChange={(open) => !open && setInviting(null)}
        {...(inviting ? { school: inviting } : {})}
      />
      {viewing ? (
        <SchoolDetailsDialog
          school={viewing}
          onClose={closeViewing}
          onInvite={(school) => {
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
        title="Delete School"
        message={
          deleting
            ? `Are you sure you want to delete "${deleting.name}"? This action cannot be undone and will remove all associated data.`
            : ""
        }
        confirmLabel={remove.isPending ? "Deleting…" : "Delete"}
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
  const searchId = useId();
  const statusId = useId();
  const adminsId = useId();
  const [input, setInput] = useState(q);
  // The applied search changed from elsewhere (Back, a link): show it in the box.
  const [shown, setShown] = useState(q);
  if (q !== shown) {
    setShown(q);
    if (q !== input.trim()) setInput(q);
  }
  useEffect(() => {
    const term = input.trim();
    if (term === q) return;
    const timer = window.setTimeout(() => onSearch(term), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input, q, onSearch]);

  return (
    <div className="mt-6 grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_12rem]">
      <SearchField id={searchId} label="Search schools" value={input} onChange={setInput} placeholder="Search by name, ID or email" />
      <div>
        <label htmlFor={statusId} className="block text-sm font-medium text-slate-700">
          Status
        </label>
        <select id={statusId} value={status} onChange={(event) => onStatus(event.target.value as StatusFilter)} className={selectClass}>
          {SCHOOL_STATUS_FILTERS.map((value) => (
            <option key={value} value={value}>
              {SCHOOL_STATUS_FILTER_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={adminsId} className="block text-sm font-medium text-slate-700">
          Admins
        </label>
        <select id={adminsId} value={admins} onChange={(event) => onAdmins(event.target.value as AdminFilter)} className={selectClass}>
          {ADMIN_FILTERS.map((value) => (
            <option key={value} value={value}>
              {ADMIN_FILTER_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
