import { useEffect, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { Link } from "react-router";
import { REGISTRATION_MESSAGES, type RegistrationInput, registrationSchema, verifyEmailInput } from "#shared/registration.ts";
import { PageHero } from "../../components/site/PageHero.tsx";
import { textLink } from "../../components/site/ui.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { Loading } from "../../components/ui/states.tsx";
import {
  useRegisterSchool,
  useResendVerificationCode,
  useStartRegistrationCheckout,
  useUpdateRegistration,
  useVerifyRegistrationEmail,
} from "../../features/registrations/hooks.ts";
import { ConsentStep } from "./ConsentStep.tsx";
import { PaymentStep } from "./PaymentStep.tsx";
import { type ResumeOutcome, rememberResumeToken, useResumeOnLoad } from "./resume.ts";
import { type RegistrationOutput, SchoolDetailsStep } from "./SchoolDetailsStep.tsx";
import { VerifyEmailStep } from "./VerifyEmailStep.tsx";
import { WizardMessages } from "./WizardMessages.tsx";
import { WizardProgress } from "./WizardProgress.tsx";
import {
  DEFAULT_VALUES,
  errorNotice,
  type FieldName,
  failure,
  fieldsOfMissingMessage,
  localToday,
  STEPS,
  type StepNumber,
  serverFieldErrors,
  stepOneInput,
  submittedNotice,
  type WizardMessage,
} from "./wizard.ts";

const INTROS: Record<StepNumber, string> = {
  1: "Tell us about your school and the person who will administer its SchoolRide account.",
  2: "Enter the 6-digit code we e-mailed to the administrator to confirm the address.",
  3: "Please read the summaries below and accept our Terms of Service and Privacy Policy.",
  4: "Check your plan and registration details, then continue to our secure payment page.",
};

/** `/get-started`: the four-step school registration wizard (spec §2, §4). */
export default function GetStartedPage() {
  usePageTitle("Register Your School · SchoolRide");
  const [step, setStep] = useState<StepNumber>(1);
  const [message, setMessage] = useState<WizardMessage | null>(null);
  const [pendingSchoolId, setPendingSchoolId] = useState<string | null>(null);
  /** The step-1 values the pending registration was created from: unchanged values are not sent twice. */
  const [registeredAs, setRegisteredAs] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);
  const [code, setCode] = useState("");
  const [codeInvalid, setCodeInvalid] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [privacyAccepted, setPrivacyAccepted] = useState(false);
  const [consentInvalid, setConsentInvalid] = useState(false);
  const [redirecting, setRedirecting] = useState(false);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const wizardRef = useRef<HTMLDivElement>(null);
  const focusHeading = useRef(false);

  // Step 1 is validated by the shared schema, which reports only its first problem.
  const firstIssue = useRef<string | null>(null);
  const resolver: Resolver<RegistrationInput, unknown, RegistrationOutput> = async (values) => {
    const result = registrationSchema(localToday()).safeParse(values);
    if (result.success) {
      firstIssue.current = null;
      return { values: result.data, errors: {} };
    }
    const issue = result.error.issues[0];
    const text = issue?.message ?? REGISTRATION_MESSAGES.generic;
    firstIssue.current = text;
    const fields = issue?.path.length ? [String(issue.path[0]) as FieldName] : fieldsOfMissingMessage(text);
    const errors: FieldErrors<RegistrationInput> = {};
    for (const field of fields) errors[field] = { type: "validation", message: text };
    return { values: {}, errors };
  };
  const form = useForm<RegistrationInput, unknown, RegistrationOutput>({
    resolver,
    defaultValues: DEFAULT_VALUES,
    mode: "onSubmit",
    reValidateMode: "onSubmit",
  });

  const registerSchool = useRegisterSchool();
  const updateSchool = useUpdateRegistration();
  const verifyEmail = useVerifyRegistrationEmail();
  const resendCode = useResendVerificationCode();
  const checkout = useStartRegistrationCheckout();

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

  function goTo(next: StepNumber, notice: WizardMessage | null) {
    focusHeading.current = true;
    setStep(next);
    setMessage(notice);
  }

  const busy = registerSchool.isPending || updateSchool.isPending || verifyEmail.isPending || resendCode.isPending || checkout.isPending || redirecting;

  function previous() {
    if (step === 1 || busy) return;
    goTo((step - 1) as StepNumber, null);
  }

  /** A new code is on its way to the administrator: the tab keeps the resume token, the code field starts empty. */
  function expectNewCode(resumeToken: string | null | undefined) {
    rememberResumeToken(resumeToken);
    setCode("");
    setCodeInvalid(false);
  }

  /** The pending registration a step 2 or 4 call is about; without one, the wizard says so and nothing is sent. */
  function pendingRegistration(): string | null {
    if (!pendingSchoolId) {
      setMessage(errorNotice(REGISTRATION_MESSAGES.noPendingRegistration));
      return null;
    }
    setMessage(null);
    return pendingSchoolId;
  }

  /* Resume (the e-mailed link, or back from a cancelled checkout) ------------------------------ */
  const { resuming } = useResumeOnLoad((outcome: ResumeOutcome) => {
    if (outcome.kind !== "resumed") {
      setMessage(outcome.kind === "closed" ? { kind: "info", text: outcome.message } : errorNotice(outcome.message));
      return;
    }
    const { registration, via } = outcome;
    form.reset(registration.details);
    const parsed = registrationSchema("").safeParse(registration.details);
    setRegisteredAs(parsed.success ? JSON.stringify(stepOneInput(parsed.data)) : null);
    setPendingSchoolId(registration.pendingSchoolId);
    setVerified(registration.step > 2);
    // Step 4 is only reached after both consents, which the server recorded with the checkout.
    setTermsAccepted(registration.step === 4);
    setPrivacyAccepted(registration.step === 4);
    goTo(
      registration.step,
      via === "cancelled"
        ? { kind: "info", text: "Payment was cancelled. You can try again." }
        : { kind: "info", title: "Welcome Back", text: "Your registration has been restored. Continue where you left off." },
    );
  });

  /* Step 1 ------------------------------------------------------------------------------------ */
  const submitDetails = form.handleSubmit(
    (values) => {
      if (busy) return;
      setMessage(null);
      const input = stepOneInput(values);
      const key = JSON.stringify(input);
      if (pendingSchoolId && key === registeredAs) {
        goTo(verified ? 3 : 2, null);
        return;
      }
      const onError = (error: unknown) => {
        const fields = serverFieldErrors(error);
        fields.forEach((field, index) => form.setError(field, { type: "server" }, { shouldFocus: index === 0 }));
        setMessage(failure(error, REGISTRATION_MESSAGES.registerFailed));
      };
      if (pendingSchoolId) {
        // Back from a later step: the same registration is updated; a new address needs a new code.
        updateSchool.mutate(
          { ...input, pendingSchoolId },
          {
            onSuccess: (data) => {
              setRegisteredAs(key);
              setVerified(data.verified);
              if (data.verified) return goTo(3, null);
              expectNewCode(data.resumeToken);
              goTo(2, data.resumeToken ? submittedNotice(input.adminEmail) : null);
            },
            onError,
          },
        );
        return;
      }
      registerSchool.mutate(input, {
        onSuccess: (data) => {
          const id: string | undefined = data?.pendingSchoolId;
          if (typeof id !== "string" || id === "") {
            setMessage(errorNotice(REGISTRATION_MESSAGES.unexpectedResponse));
            return;
          }
          setPendingSchoolId(id);
          setRegisteredAs(key);
          setVerified(false);
          expectNewCode(data.resumeToken);
          goTo(2, submittedNotice(input.adminEmail));
        },
        onError,
      });
    },
    () => setMessage(errorNotice(firstIssue.current ?? REGISTRATION_MESSAGES.generic)),
  );

  /* Step 2 ------------------------------------------------------------------------------------ */
  function submitCode() {
    if (busy) return;
    if (verified) {
      goTo(3, null);
      return;
    }
    setMessage(null);
    const parsed = verifyEmailInput.safeParse({ pendingSchoolId: pendingSchoolId ?? "", verificationCode: code });
    if (!parsed.success) {
      setCodeInvalid(true);
      setMessage(errorNotice(parsed.error.issues[0]?.message ?? REGISTRATION_MESSAGES.codeLength));
      codeRef.current?.focus();
      return;
    }
    setCodeInvalid(false);
    verifyEmail.mutate(parsed.data, {
      onSuccess: (data) => {
        if (data?.verified !== true) {
          setCodeInvalid(true);
          setMessage(errorNotice(REGISTRATION_MESSAGES.invalidCode));
          return;
        }
        setVerified(true);
        goTo(3, { kind: "success", title: "Email Verified", text: "Your e-mail address has been verified." });
      },
      onError: (error) => {
        setCodeInvalid(true);
        setMessage(failure(error, REGISTRATION_MESSAGES.generic));
        codeRef.current?.focus();
      },
    });
  }

  function resend() {
    if (busy) return;
    const id = pendingRegistration();
    if (!id) return;
    resendCode.mutate(
      { pendingSchoolId: id },
      {
        onSuccess: (data) => {
          expectNewCode(data?.resumeToken);
          setMessage({ kind: "success", title: "Code Sent", text: data?.message || REGISTRATION_MESSAGES.codeResent });
        },
        onError: (error) => setMessage(failure(error, REGISTRATION_MESSAGES.generic)),
      },
    );
  }

  /* Step 3 ------------------------------------------------------------------------------------ */
  function submitConsent() {
    if (!termsAccepted || !privacyAccepted) {
      setConsentInvalid(true);
      setMessage(errorNotice(REGISTRATION_MESSAGES.consent));
      return;
    }
    setConsentInvalid(false);
    goTo(4, null);
  }

  /* Step 4 ------------------------------------------------------------------------------------ */
  function submitPayment() {
    if (busy) return;
    const id = pendingRegistration();
    if (!id) return;
    checkout.mutate(
      { pendingSchoolId: id, termsAccepted: true, privacyAccepted: true },
      {
        onSuccess: (data) => {
          const url: string | undefined = data?.checkout_url;
          if (typeof url !== "string" || url === "") {
            setMessage(errorNotice(REGISTRATION_MESSAGES.checkoutFailedRetry));
            return;
          }
          setRedirecting(true);
          window.location.assign(url);
        },
        onError: (error) => setMessage(failure(error, REGISTRATION_MESSAGES.checkoutFailedRetry)),
      },
    );
  }

  const values = form.getValues();
  const current = STEPS[step - 1]!;

  let body;
  if (step === 1) {
    body = resuming ? (
      <Loading label="Restoring your registration…" />
    ) : (
      <SchoolDetailsStep form={form} onSubmit={() => void submitDetails()} pending={registerSchool.isPending || updateSchool.isPending} />
    );
  } else if (step === 2) {
    body = (
      <VerifyEmailStep
        ref={codeRef}
        email={values.adminEmail.trim()}
        code={code}
        onCodeChange={(next) => {
          setCode(next);
          setCodeInvalid(false);
        }}
        invalid={codeInvalid}
        verified={verified}
        onSubmit={submitCode}
        onResend={resend}
        onPrevious={previous}
        verifying={verifyEmail.isPending}
        resending={resendCode.isPending}
      />
    );
  } else if (step === 3) {
    body = (
      <ConsentStep
        termsAccepted={termsAccepted}
        privacyAccepted={privacyAccepted}
        onTermsChange={(value) => {
          setTermsAccepted(value);
          setConsentInvalid(false);
        }}
        onPrivacyChange={(value) => {
          setPrivacyAccepted(value);
          setConsentInvalid(false);
        }}
        showInvalid={consentInvalid}
        onSubmit={submitConsent}
        onPrevious={previous}
      />
    );
  } else {
    body = (
      <PaymentStep
        summary={{
          schoolName: values.schoolName.trim(),
          adminFullName: values.adminFullName.trim(),
          adminEmail: values.adminEmail.trim(),
          pupilCount: values.pupilCount ?? 0,
          busCount: values.busCount ?? 0,
        }}
        onSubmit={submitPayment}
        onPrevious={previous}
        pending={checkout.isPending || redirecting}
      />
    );
  }

  return (
    <>
      <PageHero
        size="compact"
        eyebrow="Get started"
        title="Register Your School"
        lead="Four short steps: tell us about your school, verify your e-mail, accept our terms and subscribe securely."
      />

      <div ref={wizardRef} className="mx-auto w-full max-w-4xl scroll-mt-16 px-4 py-8 sm:px-6 sm:py-12">
        <WizardProgress current={step} />

        <div className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <p className="text-sm font-semibold text-brand-700">
            Step {step} of {STEPS.length}
          </p>
          <h2 ref={headingRef} tabIndex={-1} className="mt-1 text-2xl font-bold text-ink focus:outline-none">
            {current.title}
          </h2>
          <p className="mt-2 text-slate-600">{INTROS[step]}</p>
          <WizardMessages message={message} />
          {body}
        </div>

        <p className="mt-6 text-center text-sm text-slate-600">
          Already registered and approved?{" "}
          <Link to="/login/school" className={textLink}>
            Sign in as a school admin
          </Link>
        </p>
      </div>
    </>
  );
}
