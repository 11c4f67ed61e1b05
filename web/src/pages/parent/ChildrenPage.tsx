import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { AlertTriangle, MailOpen, Pencil, Plus, ShieldCheck, Trash2, UserRound, Users } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { CHILD_MESSAGES, SAFETY_REMINDERS } from "#shared/children-texts.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { Button, SecondaryButton } from "../../components/ui/buttons.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { lazyDialog } from "../../components/ui/lazy-dialog.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/states.tsx";
import { gradeLabel } from "../../features/children/grades.ts";
import { type ChildRow, useChildren, useDeleteChild } from "../../features/children/hooks.ts";
import { useAcceptGuardianInvitation } from "../../features/guardians/accept.ts";
import { RideHistory } from "../../features/live/RideHistory.tsx";
import { ChildRides } from "../../features/rides/ChildRides.tsx";
import { useRideLookup } from "../../features/rides/hooks.ts";
import { useMapTiles } from "../../features/site/hooks.ts";
import { sharedText } from "../../i18n/shared-texts.ts";
import { useSession } from "../../lib/session.ts";

const ConfirmDialog = lazyDialog(async () => (await import("../../components/ui/dialog.tsx")).ConfirmDialog);
const ChildFormDialog = lazyDialog(async () => (await import("./ChildFormDialog.tsx")).default);
const GuardiansDialog = lazyDialog(async () => (await import("./GuardiansDialog.tsx")).default);

/** Thumb-sized (44 px) buttons on a phone. */
const TARGET = "min-h-11";
/**
 * The card's actions share a phone's row: a little less padding there, and a word is never broken
 * (the card breaks long names anywhere); a label too long for the row (Swedish "Vårdnadshavare")
 * moves its button to the next row.
 */
const CARD_ACTION = `${TARGET} flex-1 px-3! wrap-normal sm:flex-none sm:px-4!`;

type Lookup = NonNullable<ReturnType<typeof useRideLookup>["data"]>;

function ChildCard({
  child,
  lookup,
  onEdit,
  onDelete,
  onGuardians,
}: {
  child: ChildRow;
  /** The family's rides; undefined while they load, null when they cannot be read. */
  lookup: Lookup | null | undefined;
  onEdit: () => void;
  onDelete: () => void;
  onGuardians: () => void;
}) {
  const { i18n, t } = useLingui();
  const rides = lookup?.children.find((row) => row.id === child.id);
  const headingId = `child-${child.id}`;
  const name = child.name;
  const grade = gradeLabel(i18n, child.grade);
  const notes = [
    child.specialNeeds ? { key: "needs", label: t`Special needs:`, text: child.specialNeeds } : null,
    child.allergyInfo ? { key: "allergies", label: t`Allergies:`, text: child.allergyInfo } : null,
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
            <Plural value={child.age} one="# year" other="# years" /> · {grade}
          </p>
          <p className="text-sm text-slate-600">{child.school}</p>
        </div>
      </div>
      <section aria-label={t`${name}'s rides`}>
        {lookup ? (
          <ChildRides
            child={child}
            rides={rides?.rides ?? []}
            notRiding={rides?.notRiding ?? []}
            today={lookup.today}
          />
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            {lookup === null ? (
              <Trans>Rides could not be loaded. Reload the page to try again.</Trans>
            ) : (
              <Trans>Loading rides…</Trans>
            )}
          </p>
        )}
      </section>
      <RideHistory childId={child.id} childName={child.name} />
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-slate-500">
            <Trans>Emergency contact:</Trans>
          </dt>
          <dd className="min-w-0 text-slate-800">{child.emergencyContact}</dd>
        </div>
      </dl>
      {notes.length > 0 ? (
        <section
          aria-label={t`Important notes for ${name}`}
          className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm"
        >
          <h3 className="flex items-center gap-1 font-semibold text-amber-900">
            <AlertTriangle aria-hidden="true" className="h-4 w-4" />
            <Trans>Important Notes</Trans>
          </h3>
          <dl className="mt-1 space-y-1">
            {notes.map((note) => (
              <div key={note.key}>
                <dt className="inline font-medium text-amber-900">{note.label} </dt>
                <dd className="inline whitespace-pre-line text-amber-900">{note.text}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2 pt-1 sm:mt-auto sm:pt-4">
        <SecondaryButton className={CARD_ACTION} aria-label={t`Edit ${name}`} onClick={onEdit}>
          <Pencil aria-hidden="true" className="h-4 w-4 shrink-0" />
          <Trans>Edit</Trans>
        </SecondaryButton>
        <SecondaryButton className={CARD_ACTION} aria-label={t`Guardians of ${name}`} onClick={onGuardians}>
          <Users aria-hidden="true" className="h-4 w-4 shrink-0" />
          <Trans>Guardians</Trans>
        </SecondaryButton>
        {/* Only the parent who added the child deletes the record; a guardian leaves instead (ADR 0053). */}
        {child.owned ? (
          <SecondaryButton className={`${CARD_ACTION} text-red-700`} aria-label={t`Delete ${name}`} onClick={onDelete}>
            <Trash2 aria-hidden="true" className="h-4 w-4 shrink-0" />
            <Trans>Delete</Trans>
          </SecondaryButton>
        ) : null}
      </div>
    </li>
  );
}

/** The reminder to tell the school a child will not ride: it points at each card's "Not riding…". */
const NOT_RIDING_TIP = SAFETY_REMINDERS[2];

function SafetyReminders() {
  return (
    <section aria-labelledby="safety-reminders" className="rounded-xl border border-sky-200 bg-sky-50 p-4 sm:p-5">
      <h2 id="safety-reminders" className="flex items-center gap-2 font-semibold text-ink">
        <ShieldCheck aria-hidden="true" className="h-5 w-5 text-sky-700" />
        <Trans>Safety Reminders</Trans>
      </h2>
      <ul className="mt-2 list-disc space-y-1 ps-5 text-sm text-slate-800">
        {SAFETY_REMINDERS.map((tip) => (
          <li key={tip}>
            {sharedText(tip)}
            {tip === NOT_RIDING_TIP ? (
              <>
                {" "}
                <a href="#your-children" className="font-medium text-brand-800 underline">
                  <Trans>Use “Not riding…” on your child's card.</Trans>
                </a>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

type Editing = { child: ChildRow | null } | null;

/**
 * The e-mail's link for an address that already has an account (`?guardianToken=`): signed in, the
 * parent accepts here and the child joins their list (ADR 0053).
 */
function GuardianInvitation() {
  const [params, setParams] = useSearchParams();
  const token = params.get("guardianToken")?.trim() ?? "";
  const dismiss = () =>
    setParams(
      (current) => {
        current.delete("guardianToken");
        return current;
      },
      { replace: true },
    );
  const accept = useAcceptGuardianInvitation(dismiss);
  if (!token) return null;
  return (
    <section
      aria-labelledby="guardian-invitation"
      className="rounded-xl border border-brand-200 bg-brand-50 p-4 sm:p-5"
    >
      <h2 id="guardian-invitation" className="flex items-center gap-2 font-semibold text-ink">
        <MailOpen aria-hidden="true" className="h-5 w-5 text-brand-700" />
        <Trans>You have been invited to be a guardian</Trans>
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        <Trans>
          Accept to see the child on this page, with their stops and rides. Ignore it if you did not expect it.
        </Trans>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          className={`${TARGET} flex-1 sm:flex-none`}
          disabled={accept.isPending}
          onClick={() => !accept.isPending && accept.mutate({ token })}
        >
          {accept.isPending ? <Trans>Accepting…</Trans> : <Trans>Accept invitation</Trans>}
        </Button>
        <SecondaryButton className={`${TARGET} flex-1 sm:flex-none`} onClick={dismiss}>
          <Trans>Not now</Trans>
        </SecondaryButton>
      </div>
    </section>
  );
}

/**
 * My Children (spec): the family's children as cards with Edit and Delete (the spec's confirmation),
 * their Important Notes (special needs, allergies), the Safety Reminders, and the Add / Edit dialog.
 */
export default function ChildrenPage() {
  const { t } = useLingui();
  usePageTitle(t`My Children · SchoolRide`);
  const { user } = useSession();
  const list = useChildren();
  const lookup = useRideLookup();
  // The stop maps' tiles, asked for with the page's queries (one request), not after them by the first map.
  useMapTiles();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ChildRow | null>(null);
  const [guardiansOf, setGuardiansOf] = useState<ChildRow | null>(null);
  const remove = useDeleteChild(() => setDeleting(null));
  const add = () => setEditing({ child: null });
  return (
    <div className="space-y-5">
      <PageHeader
        title={t`My Children`}
        subtitle={t`Keep your children's details up to date for safe rides.`}
        actions={
          <Button className={`${TARGET} w-full sm:w-auto`} onClick={add}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            <Trans>Add Child</Trans>
          </Button>
        }
      />
      <GuardianInvitation />
      <QueryState
        query={list}
        loading={t`Loading your children…`}
        failed={t`Failed to load your children.`}
        isEmpty={(data) => data.children.length === 0}
        empty={
          <EmptyState
            title={t`No children registered yet`}
            spacious
            action={
              <Button className={TARGET} onClick={add}>
                <Trans>Add Child</Trans>
              </Button>
            }
          >
            <Trans>Add your children so the school can plan their rides.</Trans>
          </EmptyState>
        }
      >
        {(data) => (
          <ul id="your-children" aria-label={t`Your children`} className="grid gap-4 md:grid-cols-2">
            {data.children.map((child) => (
              <ChildCard
                key={child.id}
                child={child}
                lookup={lookup.data ?? (lookup.isError ? null : undefined)}
                onEdit={() => setEditing({ child })}
                onDelete={() => setDeleting(child)}
                onGuardians={() => setGuardiansOf(child)}
              />
            ))}
          </ul>
        )}
      </QueryState>
      <SafetyReminders />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={t`Delete Child`}
        message={sharedText(CHILD_MESSAGES.confirmDelete)}
        confirmLabel={t`Delete`}
        busy={remove.isPending}
        onConfirm={() => deleting && !remove.isPending && remove.mutate({ childId: deleting.id })}
      />
      {guardiansOf ? (
        <GuardiansDialog
          key={guardiansOf.id}
          open
          onOpenChange={(open) => (open ? null : setGuardiansOf(null))}
          child={guardiansOf}
        />
      ) : null}
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
