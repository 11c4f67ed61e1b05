import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Download, KeyRound, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { ActionButton } from "../../components/ui/action-button.tsx";
import { FormAlert } from "../../components/ui/form.tsx";
import { lazyDialog } from "../../components/ui/lazy-dialog.tsx";
import { useDeleteMyAccount, useDownloadMyData, useMyProfile } from "../../features/account/hooks.ts";
import { NotificationPreferences } from "../../features/preferences/NotificationPreferences.tsx";
import { PushDevices } from "../../features/preferences/PushDevices.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { formatDateTimeIn, useSchoolZone } from "../../lib/school-zone.ts";
import { useSession } from "../../lib/session.ts";
import { DeleteAccountDialog } from "./DeleteAccountDialog.tsx";
import { LanguageCard } from "./LanguageCard.tsx";

const EditProfileDialog = lazyDialog(async () => (await import("./EditProfileDialog.tsx")).default);

const ROLE_LABELS = { school_admin: msg`School Admin`, parent: msg`Parent` } as const;

const WHAT_GOES = {
  parent: msg`Your name, e-mail, phone, address and emergency contacts, your children's records and your notifications are deleted.`,
  school_admin: msg`Your name, e-mail, phone and address and your notifications are deleted. The school and its data stay.`,
} as const;

/**
 * `/parent/account` and `/school-admin/account`: profile (with Edit Profile and the last sign-in, in
 * the school's zone), Change Password, "Download my data", "Delete my account" (GD1).
 */
export default function AccountPage() {
  const { i18n, t } = useLingui();
  usePageTitle(t`My Account · SchoolRide`);
  const navigate = useNavigate();
  const { user } = useSession();
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  const zone = useSchoolZone();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const accountRole = user?.role === "parent" ? "parent" : "school_admin";
  const profile = useMyProfile(accountRole);
  const exporting = useDownloadMyData(accountRole, setDownloadError);
  const erasing = useDeleteMyAccount(accountRole, async () => {
    setDeleteOpen(false);
    await navigate("/", { replace: true });
  });

  if (!user || (user.role !== "parent" && user.role !== "school_admin")) return null;
  const role = user.role;
  const pending = profile.isPending;
  const shown = (value: string | null | undefined) => (pending ? "…" : (value ?? t`Not provided`));
  const lastLogin = profile.data?.lastLogin ?? user.lastLogin;
  const zoneName = zone?.replaceAll("_", " ");
  const whatGoes = i18n._(WHAT_GOES[role]);

  return (
    <section aria-labelledby="account-title" className="space-y-6">
      <h1 id="account-title" className="text-2xl font-bold text-ink">
        <Trans>My Account</Trans>
      </h1>

      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 className="text-lg font-semibold text-ink">
            <Trans>Profile</Trans>
          </h2>
          <ActionButton onClick={() => setEditOpen(true)} disabled={!profile.data}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            <Trans>Edit Profile</Trans>
          </ActionButton>
        </div>
        <dl className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-x-3 gap-y-1 text-sm wrap-anywhere sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-y-3">
          <dt className="font-medium text-slate-600">
            <Trans>Name</Trans>
          </dt>
          <dd className="wrap-anywhere text-ink">{profile.data?.name ?? user.name}</dd>
          <dt className="mt-2 font-medium text-slate-600 sm:mt-0">
            <Trans>E-mail</Trans>
          </dt>
          <dd className="break-all text-ink">{profile.data?.email ?? user.email}</dd>
          <dt className="mt-2 font-medium text-slate-600 sm:mt-0">
            <Trans>Phone</Trans>
          </dt>
          <dd className="text-ink">
            <span dir="ltr">{shown(profile.data?.phone)}</span>
          </dd>
          <dt className="mt-2 font-medium text-slate-600 sm:mt-0">
            <Trans>Address</Trans>
          </dt>
          <dd className="wrap-anywhere whitespace-pre-line text-ink">{shown(profile.data?.address)}</dd>
          {role === "parent" ? (
            <>
              <dt className="mt-2 font-medium text-slate-600 sm:mt-0">
                <Trans>Emergency contact</Trans>
              </dt>
              <dd className="wrap-anywhere text-ink">{shown(profile.data?.emergencyContact)}</dd>
              <dt className="mt-2 font-medium text-slate-600 sm:mt-0">
                <Trans>Emergency phone</Trans>
              </dt>
              <dd className="text-ink">
                <span dir="ltr">{shown(profile.data?.emergencyPhone)}</span>
              </dd>
            </>
          ) : null}
          <dt className="mt-2 font-medium text-slate-600 sm:mt-0">
            <Trans>Last sign-in</Trans>
          </dt>
          <dd className="text-ink">
            {lastLogin ? formatDateTimeIn(lastLogin, zone) : <Trans>Never</Trans>}
            {zone ? (
              <span className="block text-xs text-slate-500">
                <Trans>School time ({zoneName})</Trans>
              </span>
            ) : null}
          </dd>
          <dt className="mt-2 font-medium text-slate-600 sm:mt-0">
            <Trans>Role</Trans>
          </dt>
          <dd className="text-ink">{i18n._(ROLE_LABELS[role])}</dd>
          {user.school ? (
            <>
              <dt className="mt-2 font-medium text-slate-600 sm:mt-0">
                <Trans>School</Trans>
              </dt>
              <dd className="text-ink">{user.school}</dd>
            </>
          ) : null}
        </dl>
      </div>

      {role === "parent" ? <NotificationPreferences /> : null}
      {role === "parent" ? <PushDevices /> : null}
      <LanguageCard />

      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="text-lg font-semibold text-ink">
          <Trans>Password</Trans>
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          <Trans>Choose a new password for signing in to SchoolRide.</Trans>
        </p>
        <Link
          to={role === "parent" ? "/parent/change-password" : "/school-admin/change-password"}
          className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-4 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          <KeyRound aria-hidden="true" className="h-4 w-4" />
          <Trans>Change Password</Trans>
        </Link>
      </div>

      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="text-lg font-semibold text-ink">
          <Trans>Your data</Trans>
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {role === "parent" ? (
            <Trans>A copy of everything SchoolRide holds about you and your children, as a JSON file.</Trans>
          ) : (
            <Trans>A copy of everything SchoolRide holds about you, as a JSON file.</Trans>
          )}
        </p>
        {downloadError ? (
          <div className="mt-3">
            <FormAlert>{downloadError}</FormAlert>
          </div>
        ) : null}
        <ActionButton className="mt-4" onClick={() => exporting.mutate()} disabled={exporting.isPending}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {exporting.isPending ? <Trans>Preparing…</Trans> : <Trans>Download my data</Trans>}
        </ActionButton>
      </div>

      <div className="rounded-xl border border-red-200 bg-white p-5 shadow-sm">
        <h2 className="text-lg font-semibold text-ink">
          <Trans>Delete my account</Trans>
        </h2>
        <p className="mt-1 text-sm text-slate-600">{whatGoes}</p>
        <ActionButton
          variant="danger"
          className="mt-4"
          onClick={() => {
            erasing.reset();
            setDeleteOpen(true);
          }}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          <Trans>Delete my account</Trans>
        </ActionButton>
      </div>

      {profile.data ? (
        <EditProfileDialog open={editOpen} onOpenChange={setEditOpen} role={role} profile={profile.data} />
      ) : null}

      <DeleteAccountDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        goes={whatGoes}
        onConfirm={(input) => erasing.mutate(input)}
        pending={erasing.isPending}
        error={erasing.isError ? errorMessage(erasing.error) : null}
      />
    </section>
  );
}
