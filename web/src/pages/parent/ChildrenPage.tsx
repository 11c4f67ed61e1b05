import { AlertTriangle, Bus, Pencil, Plus, ShieldCheck, Trash2, UserRound } from "lucide-react";
import { useState } from "react";
import { CHILD_MESSAGES, SAFETY_REMINDERS } from "#shared/children-texts.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { Button, SecondaryButton } from "../../components/ui/buttons.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { lazyDialog } from "../../components/ui/lazy-dialog.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { LoadError, Loading } from "../../components/ui/states.tsx";
import { type ChildRow, useChildren, useDeleteChild } from "../../features/children/hooks.ts";
import { useSession } from "../../lib/session.ts";

const ConfirmDialog = lazyDialog(async () => (await import("../../components/ui/dialog.tsx")).ConfirmDialog);
const ChildFormDialog = lazyDialog(async () => (await import("./ChildFormDialog.tsx")).default);

/** Thumb-sized (44 px) buttons on a phone. */
const TARGET = "min-h-11";

function ChildCard({ child, onEdit, onDelete }: { child: ChildRow; onEdit: () => void; onDelete: () => void }) {
  const headingId = `child-${child.id}`;
  const notes = [
    child.specialNeeds ? { label: "Special needs", text: child.specialNeeds } : null,
    child.allergyInfo ? { label: "Allergies", text: child.allergyInfo } : null,
  ].filter((note) => note !== null);
  return (
    <li
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm wrap-anywhere sm:p-5"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700"
        >
          <UserRound className="h-5 w-5" />
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold text-ink">
            {child.name}
          </h2>
          <p className="text-sm text-slate-600">
            {child.age} years · {child.grade}
          </p>
          <p className="text-sm text-slate-600">{child.school}</p>
        </div>
      </div>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex gap-2">
          <dt className="shrink-0 text-slate-500">
            <Bus aria-hidden="true" className="inline h-4 w-4" /> <span className="sr-only">Transportation</span>
          </dt>
          <dd className="min-w-0 text-slate-800">
            {child.busRoute || child.busNumber
              ? [child.busRoute ? `Route ${child.busRoute}` : null, child.busNumber ? `Bus ${child.busNumber}` : null]
                  .filter(Boolean)
                  .join(" · ")
              : CHILD_MESSAGES.noTransport}
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-slate-500">Emergency contact:</dt>
          <dd className="min-w-0 text-slate-800">{child.emergencyContact}</dd>
        </div>
      </dl>
      {notes.length > 0 ? (
        <section
          aria-label={`Important notes for ${child.name}`}
          className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
        >
          <h3 className="flex items-center gap-1 font-semibold text-amber-900">
            <AlertTriangle aria-hidden="true" className="h-4 w-4" />
            Important Notes
          </h3>
          <dl className="mt-1 space-y-1">
            {notes.map((note) => (
              <div key={note.label}>
                <dt className="inline font-medium text-amber-900">{note.label}: </dt>
                <dd className="inline whitespace-pre-line text-amber-900">{note.text}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <div className="mt-4 flex gap-2 pt-1 sm:mt-auto sm:pt-4">
        <SecondaryButton className={`${TARGET} flex-1 sm:flex-none`} aria-label={`Edit ${child.name}`} onClick={onEdit}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
          Edit
        </SecondaryButton>
        <SecondaryButton
          className={`${TARGET} flex-1 text-red-700 sm:flex-none`}
          aria-label={`Delete ${child.name}`}
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete
        </SecondaryButton>
      </div>
    </li>
  );
}

function SafetyReminders() {
  return (
    <section aria-labelledby="safety-reminders" className="rounded-xl border border-sky-200 bg-sky-50 p-4 sm:p-5">
      <h2 id="safety-reminders" className="flex items-center gap-2 font-semibold text-ink">
        <ShieldCheck aria-hidden="true" className="h-5 w-5 text-sky-700" />
        Safety Reminders
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
        {SAFETY_REMINDERS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  );
}

type Editing = { child: ChildRow | null } | null;

/**
 * My Children (spec): the family's children as cards with Edit and Delete (the spec's confirmation),
 * their Important Notes (special needs, allergies), the Safety Reminders, and the Add / Edit dialog.
 */
export default function ChildrenPage() {
  usePageTitle("My Children · SchoolRide");
  const { user } = useSession();
  const list = useChildren();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ChildRow | null>(null);
  const remove = useDeleteChild(() => setDeleting(null));
  const add = () => setEditing({ child: null });
  return (
    <div className="space-y-5">
      <PageHeader
        title="My Children"
        subtitle="Keep your children's details up to date for safe rides."
        actions={
          <Button className={`${TARGET} w-full sm:w-auto`} onClick={add}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add Child
          </Button>
        }
      />
      {list.isPending ? (
        <Loading label="Loading your children…" />
      ) : list.isError ? (
        <LoadError message="Failed to load your children." error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.children.length === 0 ? (
        <EmptyState
          title="No children registered yet"
          spacious
          action={
            <Button className={TARGET} onClick={add}>
              Add Child
            </Button>
          }
        >
          Add your children so the school can plan their rides.
        </EmptyState>
      ) : (
        <ul aria-label="Your children" className="grid gap-4 md:grid-cols-2">
          {list.data.children.map((child) => (
            <ChildCard
              key={child.id}
              child={child}
              onEdit={() => setEditing({ child })}
              onDelete={() => setDeleting(child)}
            />
          ))}
        </ul>
      )}
      <SafetyReminders />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title="Delete Child"
        message={CHILD_MESSAGES.confirmDelete}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && !remove.isPending && remove.mutate({ childId: deleting.id })}
      />
      {editing ? (
        <ChildFormDialog
          key={editing.child?.id ?? "new"}
          open
          onOpenChange={(open) => (open ? null : setEditing(null))}
          child={editing.child}
          school={user?.school ?? ""}
        />
      ) : null}
    </div>
  );
}
