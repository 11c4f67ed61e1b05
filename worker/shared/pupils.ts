import { z } from "zod";
import "./fields.ts";
import { IMPORT_LIMITS, IMPORT_MESSAGES } from "./route-imports.ts";

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

const csv = z.string().max(IMPORT_LIMITS.maxChars, IMPORT_MESSAGES.tooLarge);
export const importPupilsInput = z.object({ csv }).strict();
