import {
  REGISTRATION_MESSAGES,
  REQUIRED_FIELD_LABELS,
  type RegistrationInput,
  registrationSchema,
  verifyEmailInput,
} from "#shared/registration.ts";
import { activeLocale } from "../../i18n/i18n.ts";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { trpcClient } from "../../lib/data.tsx";
import { errorMessage, fieldErrorsOf } from "../../lib/errors.ts";

/**
 * The registration wizard's code that is not needed to show it: the shared schemas (zod), the tRPC
 * client and the error reading. /get-started loads this when its form is first used (focus or
 * submit) or a registration is resumed, not with the page. Each call answers with the data or with
 * the message to show and the fields to mark; nothing here throws.
 */

// The language is not a field of the form: the page's own goes with the call.
export type FieldName = Exclude<keyof RegistrationInput, "locale">;
/** The step-1 form as typed: every field a string (the counts too, as the number inputs hold them). */
export type DetailsForm = Record<FieldName, string>;
export type Failure = { ok: false; message: string; fields: FieldName[] };
type Result<T> = { ok: true; data: T } | Failure;

type Resumable = Extract<RouterOutputs["registration"]["resume"], { status: "resumable" }>;

const failed = (message: string, fields: FieldName[] = []): Failure => ({ ok: false, message, fields });

/**
 * The fields named in "Please fill in all required fields. Missing: School Name, City": the schema
 * reports them in words, this maps the words back to the fields so they can be marked invalid.
 */
function fieldsOfMissingMessage(message: string): FieldName[] {
  if (!message.startsWith(REGISTRATION_MESSAGES.missingPrefix)) return [];
  const words = message.slice(REGISTRATION_MESSAGES.missingPrefix.length).split(", ");
  return (Object.keys(REQUIRED_FIELD_LABELS) as (keyof typeof REQUIRED_FIELD_LABELS)[]).filter((field) =>
    words.includes(REQUIRED_FIELD_LABELS[field]),
  );
}

/** A number input's text as the schema reads it: empty is NaN ("missing"), like `valueAsNumber`. */
const count = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** What step 1 sends, from the form; the counts as numbers and no empty phone. */
function stepOneValues(form: DetailsForm): RegistrationInput {
  return { ...form, pupilCount: count(form.pupilCount), busCount: count(form.busCount) } as RegistrationInput;
}

/** The form's values for a registration read back from the server (resume). */
export function detailsForm(details: RegistrationInput): DetailsForm {
  const text = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? "" : String(value));
  return {
    ...details,
    adminPhone: details.adminPhone ?? "",
    pupilCount: text(details.pupilCount),
    busCount: text(details.busCount),
  } as DetailsForm;
}

/**
 * Step 1 checked by the shared schema, which reports only its first problem (in the spec's order):
 * the input to send and a key that tells whether it changed since it was last sent.
 */
export function checkDetails(form: DetailsForm, today: string) {
  const result = registrationSchema(today).safeParse(stepOneValues(form));
  if (!result.success) {
    const issue = result.error.issues[0];
    const message = issue?.message ?? REGISTRATION_MESSAGES.generic;
    return failed(message, issue?.path.length ? [String(issue.path[0]) as FieldName] : fieldsOfMissingMessage(message));
  }
  const { adminPhone, ...rest } = result.data;
  const input = { ...rest, ...(adminPhone ? { adminPhone } : {}) };
  return { ok: true as const, input, key: JSON.stringify(input) };
}
export type StepOneInput = Extract<ReturnType<typeof checkDetails>, { ok: true }>["input"];

/** A server call: its answer, or the server's message (the fallback for a network failure) and the fields it rejected. */
async function call<T>(run: () => Promise<T>, fallback: string): Promise<Result<T>> {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    return failed(errorMessage(error, fallback), Object.keys(fieldErrorsOf(error) ?? {}) as FieldName[]);
  }
}

/** Step 1: the school and its administrator become a pending registration; a code is e-mailed. */
export const registerSchool = (input: StepOneInput) =>
  call(
    // The page's language goes with it: the registration's e-mails are written in it.
    () => trpcClient.registration.register.mutate({ ...input, locale: activeLocale() }),
    REGISTRATION_MESSAGES.registerFailed,
  );

/** Step 1 again, back from a later step: the same registration is updated (a new address needs a new code). */
export const updateRegistration = (pendingSchoolId: string, input: StepOneInput) =>
  call(
    () => trpcClient.registration.update.mutate({ ...input, pendingSchoolId, locale: activeLocale() }),
    REGISTRATION_MESSAGES.registerFailed,
  );

/** Step 2: the e-mailed code, checked here first (six digits) so a typo costs no attempt. */
export async function verifyEmail(pendingSchoolId: string, verificationCode: string) {
  const parsed = verifyEmailInput.safeParse({ pendingSchoolId, verificationCode });
  if (!parsed.success) return failed(parsed.error.issues[0]?.message ?? REGISTRATION_MESSAGES.codeLength);
  return call(() => trpcClient.registration.verifyEmail.mutate(parsed.data), REGISTRATION_MESSAGES.generic);
}

/** Step 2: "Resend Code". */
export const resendCode = (pendingSchoolId: string) =>
  call(() => trpcClient.registration.resendCode.mutate({ pendingSchoolId }), REGISTRATION_MESSAGES.generic);

/** Step 4: the consents recorded and a Stripe Checkout session opened. */
export const startCheckout = (pendingSchoolId: string) =>
  call(
    () =>
      trpcClient.registration.createCheckoutSession.mutate({
        pendingSchoolId,
        termsAccepted: true,
        privacyAccepted: true,
      }),
    REGISTRATION_MESSAGES.checkoutFailedRetry,
  );

export type Resumed = { registration: Resumable; form: DetailsForm; registeredAs: string | null };

/**
 * Reopens a registration from its resume token (the e-mailed link, or back from a cancelled
 * checkout): the form's values and the key of what was registered, or why it cannot be resumed.
 */
export async function resumeRegistration(token: string): Promise<Result<Resumed> | { ok: "closed"; message: string }> {
  const result = await call(() => trpcClient.registration.resume.mutate({ token }), REGISTRATION_MESSAGES.generic);
  if (!result.ok) return result;
  if (result.data.status !== "resumable") return { ok: "closed", message: result.data.message };
  const form = detailsForm(result.data.details);
  const checked = checkDetails(form, "");
  return { ok: true, data: { registration: result.data, form, registeredAs: checked.ok ? checked.key : null } };
}
