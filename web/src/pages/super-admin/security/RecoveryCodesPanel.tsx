import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "../../../components/ui/form.tsx";

/** The ten recovery codes, shown once, and the "I saved them" step. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="recovery-codes-title" className="space-y-4">
      <h2 id="recovery-codes-title" className="text-lg font-semibold text-ink">
        <Trans>Save your recovery codes</Trans>
      </h2>
      <p className="text-sm text-slate-700">
        <Trans>
          Each code signs you in once if you lose your phone. Keep them somewhere safe, such as a password manager. They
          are shown only now.
        </Trans>
      </p>
      <ol
        aria-label={t`Recovery codes`}
        dir="ltr"
        className="grid grid-cols-1 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900 sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <Button type="button" onClick={onDone}>
        <Trans>I saved them</Trans>
      </Button>
    </section>
  );
}
