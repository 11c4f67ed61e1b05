import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { ConfirmDialog } from "../../../components/ui/dialog.tsx";
import { Button } from "../../../components/ui/form.tsx";
import { formatDateTime } from "../../../components/ui/format.ts";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { ErrorState, Loading } from "../../../components/ui/states.tsx";
import {
  useRegenerateRecoveryCodes,
  useReloadTwoFactorStatus,
  useTurnOffTwoFactor,
  useTwoFactorStatus,
  useTwoFactorTurnedOn,
} from "../../../features/security/hooks.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { EnrollTwoFactor } from "./EnrollTwoFactor.tsx";
import { RecoveryCodesPanel } from "./RecoveryCodesPanel.tsx";

/** Account security: two-factor authentication (enrol, new recovery codes, turn off) and the password. */
export default function SecurityPage() {
  const { t } = useLingui();
  usePageTitle(t`Account security · SchoolRide`);
  const status = useTwoFactorStatus();
  const refresh = useReloadTwoFactorStatus();
  const turnedOn = useTwoFactorTurnedOn();
  const [confirmingDisable, setConfirmingDisable] = useState(false);
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useTurnOffTwoFactor(() => setConfirmingDisable(false));

  let content;
  if (status.isPending) content = <Loading label={t`Loading…`} />;
  else if (status.isError)
    content = (
      <ErrorState>
        <Trans>Failed to load your security settings.</Trans> {errorMessage(status.error, "")}
      </ErrorState>
    );
  else if (regenerate.data)
    content = (
      <RecoveryCodesPanel
        codes={regenerate.data.recoveryCodes}
        onDone={() => {
          regenerate.reset();
          void refresh();
        }}
      />
    );
  else if (!status.data.enabled)
    content = (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          <Trans>
            Two-factor authentication asks for a code from an app on your phone after your password, so a stolen
            password is not enough to enter the platform.
          </Trans>
          {status.data.required ? (
            <>
              {" "}
              <Trans>It is required for super admins.</Trans>
            </>
          ) : null}
        </p>
        <EnrollTwoFactor onDone={turnedOn} />
      </div>
    );
  else
    content = (
      <div className="space-y-4">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <Badge tone="green">
            <Trans>On</Trans>
          </Badge>
          {status.data.enabledAt ? (
            <span>
              <Since at={status.data.enabledAt} />
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-700">
          <CodesLeft left={status.data.recoveryCodesLeft} />
        </p>
        <div className="flex flex-wrap gap-3">
          <Button type="button" disabled={regenerate.isPending} onClick={() => regenerate.mutate()}>
            <Trans>Create new recovery codes</Trans>
          </Button>
          <button
            type="button"
            className="rounded-md border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
            onClick={() => setConfirmingDisable(true)}
          >
            <Trans>Turn off two-factor</Trans>
          </button>
        </div>
      </div>
    );

  return (
    <div>
      <PageHeader title={t`Account security`} subtitle={t`Protect your super admin account.`} />
      <section
        aria-labelledby="two-factor-title"
        className="mt-6 max-w-2xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="two-factor-title" className="mb-4 flex items-center gap-2 text-lg font-semibold text-ink">
          <ShieldCheck aria-hidden="true" className="h-5 w-5 text-brand-700" />
          <Trans>Two-factor authentication</Trans>
        </h2>
        {content}
      </section>
      <p className="mt-6 text-sm text-slate-700">
        <Link to="/change-password" className="text-brand-700 underline-offset-2 hover:underline">
          <Trans>Change your password</Trans>
        </Link>
      </p>
      <ConfirmDialog
        open={confirmingDisable}
        onOpenChange={setConfirmingDisable}
        title={t`Turn off two-factor`}
        message={t`Your account will be protected by your password only, and your recovery codes will stop working.`}
        confirmLabel={disable.isPending ? t`Turning off…` : t`Turn off`}
        busy={disable.isPending}
        onConfirm={() => disable.mutate()}
      />
    </div>
  );
}

function Since({ at }: { at: Date }) {
  const when = formatDateTime(at);
  return <Trans>since {when}</Trans>;
}

function CodesLeft({ left }: { left: number }) {
  return <Plural value={left} one="# of 10 recovery codes left." other="# of 10 recovery codes left." />;
}
