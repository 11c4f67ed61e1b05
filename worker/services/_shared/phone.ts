import { PHONE_MESSAGES, phoneField } from "#shared/phone.ts";
import { AppError } from "../errors.ts";

/**
 * A phone field of an input, checked by the phone rule (`#shared/phone.ts`, the forms' own field) in
 * the school's region: the number in E.164, or "" when blank and optional. Anything else is refused
 * with the field's message (BAD_REQUEST), before anything is written.
 */
export function checkedPhone(region: string | null, value: string | null | undefined, required?: string): string {
  const parsed = phoneField(region, required).safeParse(value ?? "");
  if (!parsed.success) throw new AppError("BAD_REQUEST", parsed.error.issues[0]?.message ?? PHONE_MESSAGES.invalid);
  return parsed.data;
}
