import { z } from "zod";
import "./fields.ts";
import { IMPORT_LIMITS, IMPORT_MESSAGES } from "./route-imports.ts";
import { said } from "./said.ts";

/**
 * A school's pupil import (ADR 0053): a CSV of pupils with one or two guardians each, previewed row
 * by row and written all or nothing, as the stops and riders imports (ADR 0052). Guardians with a
 * parent account at the school are matched by e-mail; the others are invited, one e-mail per address.
 */

/** The header a pupils file must have (any order, any case; other columns are ignored). */
export const PUPIL_COLUMNS = [
  "pupil",
  "age",
  "grade",
  "guardian 1 name",
  "guardian 1 email",
  "guardian 2 name",
  "guardian 2 email",
  "emergency contact",
  "allergies",
  "special needs",
] as const;
export const OPTIONAL_PUPIL_COLUMNS = [
  "guardian 2 name",
  "guardian 2 email",
  "emergency contact",
  "allergies",
  "special needs",
] as const;

/** New guardians' addresses one file may invite (each gets one e-mail), and one commit per school this often. */
export const PUPIL_IMPORT_LIMITS = { maxInvitedAddresses: 2_000, commitWindowMinutes: 10 } as const;

export const PUPIL_IMPORT_MESSAGES = {
  pupil: said(/*i18n*/ { id: "Pupil name is required (at most 120 characters)" }),
  age: said(/*i18n*/ { id: "Age must be a whole number from 3 to 18" }),
  grade: said(/*i18n*/ { id: "Grade must be one of the school's grades (for example 3rd Grade or Kindergarten)" }),
  guardianName: (n: 1 | 2) => `Guardian ${n} name is required (at most 120 characters)`,
  guardianEmail: (n: 1 | 2) => `Guardian ${n} e-mail is not a valid e-mail address`,
  guardianHalf: said(/*i18n*/ { id: "Give guardian 2 both a name and an e-mail, or neither" }),
  sameGuardian: said(/*i18n*/ { id: "Guardian 2 has the same e-mail as guardian 1" }),
  tooLong: (column: string, max: number) => `${column} is longer than ${max} characters`,
  duplicate: (line: number) => `The same pupil and guardian are already on line ${line}`,
  exists: said(
    /*i18n*/ { id: "A child of this name already has this guardian (or an invitation to them) at the school" },
  ),
  // PUPIL_IMPORT_LIMITS written out.
  tooManyInvitations: said(/*i18n*/ { id: "At most 2,000 new guardians' addresses per file: split the file" }),
  tooSoon: said(/*i18n*/ { id: "One pupil import every 10 minutes: try again shortly" }),
  changed: said(/*i18n*/ { id: "The school's parents or children changed while importing: preview the file again" }),
  recipientsBusy: (count: number) =>
    `${count} of the guardians' addresses were sent 3 e-mails in the last 10 minutes: nothing was imported, try again shortly`,
} as const;

const csv = z.string().max(IMPORT_LIMITS.maxChars, IMPORT_MESSAGES.tooLarge);
export const importPupilsInput = z.object({ csv }).strict();
