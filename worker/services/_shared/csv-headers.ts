import type { MessageDescriptor } from "@lingui/core";
import { LOCALES, type Locale } from "#shared/locales.ts";
import { OPTIONAL_PUPIL_COLUMNS, PUPIL_COLUMNS } from "#shared/pupils.ts";
import { OPTIONAL_RIDER_COLUMNS, RIDER_COLUMNS, STOP_COLUMNS } from "#shared/route-imports.ts";
import { text } from "#worker/i18n/texts.ts";

/**
 * The header rows of the CSV files the server writes and reads (issue 30, ADR 0080), in the
 * requesting admin's language. A file the school imports (a route's stops, riders, pupils) names
 * each column in English, as the templates always did, or in any of the six languages: a file
 * exported or filled in Arabic or Chinese reads back as it is. The values are never translated.
 */

/** The import files' columns, by their English name (the key the import reads values by). */
const IMPORT_HEADERS = {
  // A route's stops.
  name: /*i18n*/ { id: "csv.stops.name", message: "name" },
  latitude: /*i18n*/ { id: "csv.stops.latitude", message: "latitude" },
  longitude: /*i18n*/ { id: "csv.stops.longitude", message: "longitude" },
  time: /*i18n*/ { id: "csv.stops.time", message: "time" },
  // The school's rider assignments.
  child: /*i18n*/ { id: "csv.riders.child", message: "child" },
  route: /*i18n*/ { id: "csv.riders.route", message: "route" },
  stop: /*i18n*/ { id: "csv.riders.stop", message: "stop" },
  weekdays: /*i18n*/ { id: "csv.riders.weekdays", message: "weekdays" },
  from: /*i18n*/ { id: "csv.riders.from", message: "from" },
  to: /*i18n*/ { id: "csv.riders.to", message: "to" },
  // Pupils and their guardians.
  pupil: /*i18n*/ { id: "csv.pupils.pupil", message: "pupil" },
  age: /*i18n*/ { id: "csv.pupils.age", message: "age" },
  grade: /*i18n*/ { id: "csv.pupils.grade", message: "grade" },
  "guardian 1 name": /*i18n*/ { id: "csv.pupils.guardian1Name", message: "guardian 1 name" },
  "guardian 1 email": /*i18n*/ { id: "csv.pupils.guardian1Email", message: "guardian 1 email" },
  "guardian 2 name": /*i18n*/ { id: "csv.pupils.guardian2Name", message: "guardian 2 name" },
  "guardian 2 email": /*i18n*/ { id: "csv.pupils.guardian2Email", message: "guardian 2 email" },
  "emergency contact": /*i18n*/ { id: "csv.pupils.emergencyContact", message: "emergency contact" },
  allergies: /*i18n*/ { id: "csv.pupils.allergies", message: "allergies" },
  "special needs": /*i18n*/ { id: "csv.pupils.specialNeeds", message: "special needs" },
} satisfies Record<
  (typeof STOP_COLUMNS)[number] | (typeof RIDER_COLUMNS)[number] | (typeof PUPIL_COLUMNS)[number],
  MessageDescriptor
>;
export type ImportColumn = keyof typeof IMPORT_HEADERS;

/** The import files, each with its columns (for the tests and a template's header). */
export const IMPORT_FILES = {
  stops: { columns: STOP_COLUMNS, optional: [] as readonly string[] },
  riders: { columns: RIDER_COLUMNS, optional: OPTIONAL_RIDER_COLUMNS as readonly string[] },
  pupils: { columns: PUPIL_COLUMNS, optional: OPTIONAL_PUPIL_COLUMNS as readonly string[] },
} as const;

/** A header cell as compared: no case, no surrounding or doubled white space. */
export const headerKey = (cell: string) => cell.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();

const aliases = new Map<string, ReadonlySet<string>>();
/** Every way a column may be named in a file's header: its English name and its name in each language. */
export function columnNames(column: string): ReadonlySet<string> {
  let names = aliases.get(column);
  if (!names) {
    const descriptor = (IMPORT_HEADERS as Record<string, MessageDescriptor>)[column];
    names = new Set([
      headerKey(column),
      ...(descriptor ? LOCALES.map((locale) => headerKey(text(locale, descriptor))) : []),
    ]);
    aliases.set(column, names);
  }
  return names;
}

/** An import file's header row in `locale` (English: the names the templates have always had). */
export function importHeader(locale: Locale, columns: readonly ImportColumn[]): string[] {
  return columns.map((column) => text(locale, IMPORT_HEADERS[column]));
}

/** The flight-trip roster's columns (Export roster). */
const ROSTER_HEADERS = [
  /*i18n*/ { id: "csv.roster.student", message: "Student" },
  /*i18n*/ { id: "csv.roster.grade", message: "Grade" },
  /*i18n*/ { id: "csv.roster.enrolmentStatus", message: "Enrolment Status" },
  /*i18n*/ { id: "csv.roster.paymentStatus", message: "Payment Status" },
  /*i18n*/ { id: "csv.roster.amountPaid", message: "Amount Paid" },
  /*i18n*/ { id: "csv.roster.parent", message: "Parent" },
  /*i18n*/ { id: "csv.roster.parentEmail", message: "Parent Email" },
  /*i18n*/ { id: "csv.roster.emergencyContact", message: "Emergency Contact" },
  /*i18n*/ { id: "csv.roster.emergencyPhone", message: "Emergency Contact Phone" },
  /*i18n*/ { id: "csv.roster.medical", message: "Medical Information" },
  /*i18n*/ { id: "csv.roster.dietary", message: "Dietary Restrictions" },
  /*i18n*/ { id: "csv.roster.termsAccepted", message: "Terms Accepted" },
] satisfies MessageDescriptor[];

/** The roster's header row in `locale`. */
export const rosterHeader = (locale: Locale): string[] => ROSTER_HEADERS.map((descriptor) => text(locale, descriptor));
