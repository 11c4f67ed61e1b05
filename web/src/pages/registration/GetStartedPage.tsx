import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useI18n } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, startTransition, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { REGISTRATION_MESSAGES } from "#shared/registration-constants.ts";
import { PageHero } from "../../components/site/PageHero.tsx";
import { textLink } from "../../components/site/ui.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { Loading } from "../../components/ui/loading.tsx";
import type { Failure } from "../../features/registrations/wizard-calls.ts";
import { type ResumeOutcome, rememberResumeToken, useResumeOnLoad } from "./resume.ts";
import { SchoolDetailsStep } from "./SchoolDetailsStep.tsx";
import { WizardMessages } from "./WizardMessages.tsx";
import { WizardProgress } from "./WizardProgress.tsx";
import {
  DEFAULT_VALUES,
  type DetailsForm,
  errorNotice,
  type FieldName,
  loadWizardCalls,
  localToday,
  type Pending,
  STEPS,
  type StepNumber,
  submittedNotice,
  type WizardCalls,
  type WizardControls,
  type WizardMessage,
} from "./wizard.ts";

// Steps 2–4, with their code, load when first shown (each starts loading when the step before it is
// first used); the wizard's calls when the form is first used (wizard.ts). Step 1 is all the page
// needs at first.
const STEP_MODULES = {
  2: () => import("./VerifyEmailStep.tsx"),
  3: () => import("./ConsentStep.tsx"),
  4: () => import("./PaymentStep.tsx"),
} as const;
const VerifyEmailStep = lazy(async () => ({ default: (await STEP_MODULES[2]()).VerifyEmailStep }));
const ConsentStep = lazy(async () => ({ default: (await STEP_MODULES[3]()).ConsentStep }));
const PaymentStep = lazy(async () => ({ default: (await STEP_MODULES[4]()).PaymentStep }));

const INTROS: Record<StepNumber, MessageDescriptor> = {
  1: msg`Tell us about your school and the person who will administer its SchoolRide account.`,
  2: msg`Enter the 6-digit code we e-mailed to the administrator to confirm the address.`,
  3: msg`Please read the summaries below and accept our Terms of Service and Privacy Policy.`,
  4: msg`Check your plan and registration details, then continue to our secure payment page.`,
};

const NO_FIELDS: ReadonlySet<FieldName> = new Set();

/** `/get-started`: the four-step school registration wizard. */
export default function GetStartedPage() {
  const { i18n } = useI18n();
  const { t } = useLingui();
  usePageTitle(t`Register Your School · SchoolRide`);
  const [step, setStep] = useState<StepNumber>(1);
  const [message, setMessage] = useState<WizardMessage | null>(null);
  const [form, setForm] = useState<DetailsForm>(DEFAULT_VALUES);
  const [invalidFields, setInvalidFields] = useState(NO_FIELDS);
  const [pendingSchoolId, setPendingSchoolId] = useState<string | null>(null);
  /** The step-1 values the pending registration was created from: unchanged values are not sent twice. */
  const [registeredAs, setRegisteredAs] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [privacyAccepted, setPrivacyAccepted] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const wizardRef = useRef<HTMLDivElement>(null);
  const focusHeading = useRef(false);

  // The new step's heading takes the focus, so keyboard and screen reader users start at its top.
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus({ preventScroll: true });
    // Bring the progress and the step back into view when the page was scrolled past them (the
    // wizard's scroll margin keeps them clear of the sticky site header).
    const wizard = wizardRef.current;
    if (wizard && wizard.getBoundingClientRect().top < 64) wizard.scrollIntoView({ block: "start" });
  }, [step]);

  /** A transition: the step shown stays until the next one's code has loaded (no "Loading…" flash). */
  function goTo(next: StepNumber, notice: WizardMessage | null) {
    focusHeading.current = true;
    startTransition(() => {
      setStep(next);
      setMessage(notice);
    });
  }

  /** One call at a time (a double click sends nothing twice); when the calls cannot load (offline), the fallback says so. */
  async function run(kind: Pending, fallback: string, task: (calls: WizardCalls) => Promise<void>) {
    if (pendingRef.current) return;
    pendingRef.current = kind;
    setPending(kind);
    try {
      await task(await loadWizardCalls());
    } catch {
      setMessage(errorNotice(fallback));
    } finally {
      pendingRef.current = null;
      setPending(null);
    }
  }

  /** The message of a failed check or call; its fields are marked invalid and the first one focused. */
  function showFailure({ message: text, fields }: Failure) {
    setInvalidFields(new Set(fields));
    setMessage(errorNotice(text));
    const named = wizardRef.current?.querySelectorAll<HTMLElement>("form [name]") ?? [];
    [...named].find((element) => fields.includes(element.getAttribute("name") as FieldName))?.focus();
  }

  const controls: WizardControls = {
    pending,
    run,
    goTo,
    setMessage,
    pendingRegistration() {
      if (!pendingSchoolId) {
        setMessage(errorNotice(REGISTRATION_MESSAGES.noPendingRegistration));
        return null;
      }
      setMessage(null);
      return pendingSchoolId;
    },
    preloadNext() {
      if (step < 4) void STEP_MODULES[(step + 1) as 2 | 3 | 4]().catch(() => undefined);
    },
    onPrevious() {
      if (step === 1 || pendingRef.current) return;
      goTo((step - 1) as StepNumber, null);
    },
  };

  /* Resume (the e-mailed link, or back from a cancelled checkout) ------------------------------ */
  const { resuming } = useResumeOnLoad((outcome: ResumeOutcome) => {
    if (outcome.kind !== "resumed") {
      setMessage(outcome.kind === "closed" ? { kind: "info", text: outcome.message } : errorNotice(outcome.message));
      return;
    }
    const { registration, via } = outcome;
    setForm(outcome.form);
    setRegisteredAs(outcome.registeredAs);
    setPendingSchoolId(registration.pendingSchoolId);
    setVerified(registration.step > 2);
    // Step 4 is only reached after both consents, which the server recorded with the checkout.
    setTermsAccepted(registration.step === 4);
    setPrivacyAccepted(registration.step === 4);
    goTo(
      registration.step,
      via === "cancelled"
        ? { kind: "info", text: t`Payment was cancelled. You can try again.` }
        : {
            kind: "info",
            title: t`Welcome Back`,
            text: t`Your registration has been restored. Continue where you left off.`,
          },
    );
  });

  /* Step 1 ------------------------------------------------------------------------------------ */
  function submitDetails() {
    controls.preloadNext();
    void run("details", REGISTRATION_MESSAGES.registerFailed, async (calls) => {
      setMessage(null);
      const checked = calls.checkDetails(form, localToday());
      if (!checked.ok) return showFailure(checked);
      setInvalidFields(NO_FIELDS);
      const { input, key } = checked;
      if (pendingSchoolId && key === registeredAs) return goTo(verified ? 3 : 2, null);
      if (pendingSchoolId) {
        // Back from a later step: the same registration is updated; a new address needs a new code.
        const updated = await calls.updateRegistration(pendingSchoolId, input);
        if (!updated.ok) return showFailure(updated);
        setRegisteredAs(key);
        setVerified(updated.data.verified);
        if (updated.data.verified) return goTo(3, null);
        rememberResumeToken(updated.data.resumeToken);
        return goTo(2, updated.data.resumeToken ? submittedNotice(input.adminEmail) : null);
      }
      const registered = await calls.registerSchool(input);
      if (!registered.ok) return showFailure(registered);
      const id: string | undefined = registered.data?.pendingSchoolId;
      if (typeof id !== "string" || id === "") return setMessage(errorNotice(REGISTRATION_MESSAGES.unexpectedResponse));
      setPendingSchoolId(id);
      setRegisteredAs(key);
      setVerified(false);
      rememberResumeToken(registered.data.resumeToken);
      goTo(2, submittedNotice(input.adminEmail));
    });
  }

  const current = STEPS[step - 1]!;
  const stepCount = STEPS.length;

  let body;
  if (step === 1) {
    body = resuming ? (
      <Loading label={t`Restoring your registration…`} />
    ) : (
      <SchoolDetailsStep
        values={form}
        onChange={(name, value) => setForm((previous) => ({ ...previous, [name]: value }))}
        invalid={invalidFields}
        onSubmit={submitDetails}
        onFirstUse={() => {
          void loadWizardCalls().catch(() => undefined);
          controls.preloadNext();
        }}
        pending={pending === "details"}
      />
    );
  } else if (step === 2) {
    body = (
      <VerifyEmailStep
        wizard={controls}
        email={form.adminEmail.trim()}
        verified={verified}
        onVerified={() => setVerified(true)}
        onCodeSent={rememberResumeToken}
      />
    );
  } else if (step === 3) {
    body = (
      <ConsentStep
        wizard={controls}
        termsAccepted={termsAccepted}
        privacyAccepted={privacyAccepted}
        onTermsChange={setTermsAccepted}
        onPrivacyChange={setPrivacyAccepted}
      />
    );
  } else {
    const summary = {
      schoolName: form.schoolName.trim(),
      adminFullName: form.adminFullName.trim(),
      adminEmail: form.adminEmail.trim(),
      pupilCount: Number(form.pupilCount) || 0,
      busCount: Number(form.busCount) || 0,
    };
    body = <PaymentStep wizard={controls} summary={summary} />;
  }

  return (
    <>
      <PageHero
        size="compact"
        eyebrow={t`Get started`}
        title={t`Register Your School`}
        lead={t`Four short steps: tell us about your school, verify your e-mail, accept our terms and subscribe securely.`}
      />

      <div ref={wizardRef} className="mx-auto w-full max-w-4xl scroll-mt-16 px-4 py-8 sm:px-6 sm:py-12">
        <WizardProgress current={step} />

        <div className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <p className="text-sm font-semibold text-brand-700">
            <Trans>
              Step {step} of {stepCount}
            </Trans>
          </p>
          <h2 ref={headingRef} tabIndex={-1} className="mt-1 text-2xl font-bold text-ink focus:outline-none">
            {i18n._(current.title)}
          </h2>
          <p className="mt-2 text-slate-600">{i18n._(INTROS[step])}</p>
          <WizardMessages message={message} />
          <Suspense fallback={<Loading />}>{body}</Suspense>
        </div>

        <p className="mt-6 text-center text-sm text-slate-600">
          <Trans>
            Already registered and approved?{" "}
            <Link to="/login/school" className={textLink}>
              Sign in as a school admin
            </Link>
          </Trans>
        </p>
      </div>
    </>
  );
}
