/**
 * What a CSV import of stops, riders or pupils says of a file (ADR 0052, ADR 0053), in the
 * requester's language: a fixed text by its English (`said`), a text with values a descriptor (its
 * English in `message`: what the import has always said). The imports compose each row's problems
 * with `problemIn(locale, …)`, so a preview answers in the reader's language and a refusal names its
 * rows in it. Only the server says them: the server's catalog, not the shared one every page
 * downloads (ADR 0081).
 */
import type { MessageDescriptor } from "@lingui/core";
import type { Locale } from "#shared/locales.ts";
import { countIn, localeText, said, translated } from "#shared/said.ts";
import { i18nFor, text } from "../../i18n/texts.ts";
import { type ImportColumn, importHeader } from "../_shared/csv-headers.ts";
import { gradeLabel } from "../_shared/grades.ts";

/** A problem of a file: a fixed text (its English), or a descriptor with its values. */
export type ImportProblem = string | (MessageDescriptor & { values: Record<string, unknown> });

/** A problem in `locale` (English: as the imports have always written it). */
export function problemIn(locale: Locale, problem: ImportProblem): string {
  return typeof problem === "string" ? translated(i18nFor(locale), problem) : text(locale, problem);
}

export const IMPORT_PROBLEMS = {
  empty: said(/*i18n*/ { id: "The file has no rows under its header" }),
  /** The columns as the reader's language names them (a file may name them in any of the six). */
  missingColumns: (columns: readonly ImportColumn[]) => ({
    .../*i18n*/ { id: "import.missingColumns", message: "The header must name the columns {columns}" },
    values: { columns: localeText((locale) => importHeader(locale, columns).join(", ")) },
  }),
  tooManyStops: (max: number, existing: number) => ({
    .../*i18n*/ {
      id: "import.tooManyStops",
      message: "A route has at most {max} stops: this one has {existing}, so at most {room} can be added",
    },
    values: { max, existing, room: max - existing },
  }),
  stopName: said(/*i18n*/ { id: "Stop name is required (at most 120 characters)" }),
  badCoordinates: said(/*i18n*/ { id: "Latitude must be -90 to 90 and longitude -180 to 180, as decimal degrees" }),
  outsideArea: (km: number, limit: number) => ({
    .../*i18n*/ {
      id: "import.outsideArea",
      message: "The stop is {km} km from the school's other stops (at most {limit} km)",
    },
    values: { km: countIn(km), limit },
  }),
  badTime: said(/*i18n*/ { id: "Enter the time as HH:MM (24-hour)" }),
  timeBefore: (time: string) => ({
    .../*i18n*/ { id: "import.timeBefore", message: "The time is before the previous stop's ({time})" },
    values: { time },
  }),
  unknownChild: (name: string) => ({
    .../*i18n*/ { id: "import.unknownChild", message: 'No child of the school is called "{name}"' },
    values: { name },
  }),
  /** `matches`: each child of that name, by grade and age ("3rd Grade, age 9"). */
  ambiguousChild: (name: string, matches: { grade: string; age: number }[]) => ({
    .../*i18n*/ {
      id: "import.ambiguousChild",
      message: '{count} children are called "{name}" ({matches}): assign this one in the app',
    },
    values: {
      count: matches.length,
      name,
      matches: localeText((locale, i18n) =>
        matches
          .map((m) =>
            i18n._({
              .../*i18n*/ { id: "import.childOfName", message: "{grade}, age {age}" },
              values: { grade: gradeLabel(locale, m.grade), age: m.age },
            }),
          )
          .join("; "),
      ),
    },
  }),
  unknownRoute: (name: string) => ({
    .../*i18n*/ { id: "import.unknownRoute", message: 'No route is called "{name}"' },
    values: { name },
  }),
  ambiguousRoute: (name: string, routes: number) => ({
    .../*i18n*/ { id: "import.ambiguousRoute", message: '{routes} routes are called "{name}"' },
    values: { routes, name },
  }),
  unknownStop: (name: string, route: string) => ({
    .../*i18n*/ { id: "import.unknownStop", message: '{route} has no stop called "{name}"' },
    values: { route, name },
  }),
  badWeekdays: said(
    /*i18n*/ { id: "List the weekdays as Mon Tue Wed Thu Fri Sat Sun (separated by spaces, commas or semicolons)" },
  ),
  notRunning: (route: string) => ({
    .../*i18n*/ { id: "import.notRunning", message: "{route} does not run on all of those weekdays" },
    values: { route },
  }),
  badFrom: said(/*i18n*/ { id: "Enter the first day as YYYY-MM-DD" }),
  badTo: said(/*i18n*/ { id: "Enter the last day as YYYY-MM-DD, on or after the first day, or leave it empty" }),
  duplicateChild: (line: number) => ({
    .../*i18n*/ {
      id: "import.duplicateChild",
      message: "The child is already on line {line} for the same direction",
    },
    values: { line },
  }),
  changed: said(/*i18n*/ { id: "The routes or riders changed while importing: preview the file again" }),
  /** Nothing imported: how many rows have problems, and the first rows' problems (each in the reader's language). */
  /** Nothing imported: how many rows have problems, and the first `named` rows' (already in the reader's language). */
  refused: (bad: { line: number; problems: string[] }[], named: number) => ({
    .../*i18n*/ {
      id: "import.refused",
      message: "Nothing was imported: {rows, plural, one {# row has} other {# rows have}} problems. {problems}",
    },
    values: {
      rows: bad.length,
      problems: localeText((_, i18n) =>
        bad
          .slice(0, named)
          .map((row) =>
            i18n._({
              .../*i18n*/ { id: "import.line", message: "Line {line}: {problems}." },
              values: { line: row.line, problems: row.problems.join("; ") },
            }),
          )
          .join(" "),
      ),
    },
  }),
} as const;

/** A pupils file's optional long columns, as a problem names them. */
type LongColumn = "emergency contact" | "allergies" | "special needs";

export const PUPIL_PROBLEMS = {
  pupil: said(/*i18n*/ { id: "Pupil name is required (at most 120 characters)" }),
  age: said(/*i18n*/ { id: "Age must be a whole number from 3 to 18" }),
  grade: said(/*i18n*/ { id: "Grade must be one of the school's grades (for example 3rd Grade or Kindergarten)" }),
  guardianName: (n: 1 | 2) => ({
    .../*i18n*/ { id: "import.guardianName", message: "Guardian {n} name is required (at most 120 characters)" },
    values: { n },
  }),
  guardianEmail: (n: 1 | 2) => ({
    .../*i18n*/ { id: "import.guardianEmail", message: "Guardian {n} e-mail is not a valid e-mail address" },
    values: { n },
  }),
  guardianHalf: said(/*i18n*/ { id: "Give guardian 2 both a name and an e-mail, or neither" }),
  sameGuardian: said(/*i18n*/ { id: "Guardian 2 has the same e-mail as guardian 1" }),
  tooLong: (column: LongColumn, max: number) => ({
    .../*i18n*/ {
      id: "import.tooLong",
      message:
        "{column, select, emergency {Emergency contact is longer than {max} characters} allergies {Allergies is longer than {max} characters} other {Special needs is longer than {max} characters}}",
    },
    values: {
      column: column === "emergency contact" ? "emergency" : column === "allergies" ? "allergies" : "needs",
      max,
    },
  }),
  duplicate: (line: number) => ({
    .../*i18n*/ { id: "import.duplicatePupil", message: "The same pupil and guardian are already on line {line}" },
    values: { line },
  }),
  exists: said(
    /*i18n*/ { id: "A child of this name already has this guardian (or an invitation to them) at the school" },
  ),
  // PUPIL_IMPORT_LIMITS written out.
  tooManyInvitations: said(/*i18n*/ { id: "At most 2,000 new guardians' addresses per file: split the file" }),
  tooSoon: said(/*i18n*/ { id: "One pupil import every 10 minutes: try again shortly" }),
  changed: said(/*i18n*/ { id: "The school's parents or children changed while importing: preview the file again" }),
  recipientsBusy: (addresses: number) => ({
    .../*i18n*/ {
      id: "import.recipientsBusy",
      message:
        "{addresses} of the guardians' addresses were sent 3 e-mails in the last 10 minutes: nothing was imported, try again shortly",
    },
    values: { addresses },
  }),
} as const;
