import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useI18n } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { ExternalLink } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { REGISTRATION_MESSAGES } from "#shared/registration-constants.ts";
import { textLink } from "../../components/site/ui.ts";
import { StepActions } from "./StepActions.tsx";
import { StepForm } from "./StepForm.tsx";
import { errorNotice, MESSAGE_ID, type WizardControls } from "./wizard.ts";

const TERMS_SUMMARY = [
  msg`Your subscription is billed monthly in advance through Stripe. We give at least 30 days notice of any price change.`,
  msg`Billing disputes must be raised within 60 days of the charge.`,
  msg`You keep your school's information accurate and only share children's and families' details you are entitled to share.`,
  msg`We aim for 99.9% uptime. Our liability is limited to the amounts paid in the last 12 months.`,
  msg`Either party may end the subscription with 30 days notice; you can request an export of your data, provided within 30 days.`,
  msg`These terms are governed by Swedish law, with arbitration in Gothenburg.`,
];

const PRIVACY_SUMMARY = [
  msg`We collect only what is needed to run school transport: school, account, children's and transport details.`,
  msg`Each school's data is kept separate; administrators and parents see only their own school's records.`,
  msg`We never sell your data or use it for advertising. Card payments are handled by Stripe; we never store card numbers.`,
  msg`Under the GDPR you can access, correct, export or ask us to erase your personal data.`,
  msg`Payment records are kept for 7 years and audit logs for 3 years; other data is deleted after your subscription ends.`,
];

function NewTabLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a href={to} target="_blank" rel="noopener noreferrer" className={`${textLink} inline-flex items-center gap-1`}>
      {children}
      <ExternalLink aria-hidden="true" className="size-3.5" />
      <span className="sr-only">
        {" "}
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  );
}

function Summary({ title, points, link }: { title: string; points: readonly MessageDescriptor[]; link: ReactNode }) {
  const { i18n } = useI18n();
  return (
    <section className="space-y-2">
      <h3 className="font-semibold text-ink">{title}</h3>
      <ul className="list-disc space-y-1.5 ps-5 marker:text-brand-600">
        {points.map((point) => (
          <li key={point.id}>{i18n._(point)}</li>
        ))}
      </ul>
      <p>{link}</p>
    </section>
  );
}

function Checkbox({
  checked,
  onChange,
  invalid,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  invalid: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? MESSAGE_ID : undefined}
        className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-600"
      />
      <label htmlFor={id} className="text-slate-800">
        {children}
      </label>
    </div>
  );
}

type Props = {
  wizard: WizardControls;
  termsAccepted: boolean;
  privacyAccepted: boolean;
  onTermsChange: (value: boolean) => void;
  onPrivacyChange: (value: boolean) => void;
};

/** Step 3: summaries of the terms and privacy policy, and the two consents. Loaded when shown. */
export function ConsentStep({ wizard, termsAccepted, privacyAccepted, onTermsChange, onPrivacyChange }: Props) {
  const { t } = useLingui();
  const [showInvalid, setShowInvalid] = useState(false);

  function submit() {
    if (!termsAccepted || !privacyAccepted) {
      setShowInvalid(true);
      wizard.setMessage(errorNotice(REGISTRATION_MESSAGES.consent));
      return;
    }
    setShowInvalid(false);
    wizard.preloadNext();
    wizard.goTo(4, null);
  }
  const change = (onChange: (value: boolean) => void) => (value: boolean) => {
    onChange(value);
    setShowInvalid(false);
  };

  return (
    <StepForm onSubmit={submit} onFocus={wizard.preloadNext} className="mt-6">
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus so the keyboard can scroll it
        tabIndex={0}
        aria-label={t`Summary of the Terms of Service and Privacy Policy`}
        className="max-h-72 space-y-6 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-700 sm:p-5"
      >
        <Summary
          title={t`Terms of Service`}
          points={TERMS_SUMMARY}
          link={
            <NewTabLink to="/terms-of-service">
              <Trans>Read the full Terms of Service</Trans>
            </NewTabLink>
          }
        />
        <Summary
          title={t`Privacy Policy`}
          points={PRIVACY_SUMMARY}
          link={
            <NewTabLink to="/privacy-policy">
              <Trans>Read the full Privacy Policy</Trans>
            </NewTabLink>
          }
        />
      </section>
      <fieldset className="mt-6 space-y-3">
        <legend className="sr-only">
          <Trans>Consent</Trans>
        </legend>
        <Checkbox checked={termsAccepted} onChange={change(onTermsChange)} invalid={showInvalid && !termsAccepted}>
          <Trans>I have read and accept the Terms of Service</Trans>
        </Checkbox>
        <Checkbox
          checked={privacyAccepted}
          onChange={change(onPrivacyChange)}
          invalid={showInvalid && !privacyAccepted}
        >
          <Trans>I have read and accept the Privacy Policy</Trans>
        </Checkbox>
      </fieldset>
      <StepActions label={t`Accept & Continue`} pendingLabel={t`Continuing…`} onPrevious={wizard.onPrevious} />
    </StepForm>
  );
}
