/**
 * A child's grade in the reader's language (the record keeps the English value, one of `GRADES`):
 * the route sheet, the route editor's riders and the imports' problems say it this way.
 */
import { GRADES } from "#shared/children-texts.ts";
import type { Locale } from "#shared/locales.ts";
import { text } from "#worker/i18n/texts.ts";

const KINDERGARTEN = /*i18n*/ { id: "pdf.routeSheet.kindergarten", message: "Kindergarten" };
const GRADE = /*i18n*/ {
  id: "pdf.routeSheet.grade",
  message: "{grade, selectordinal, one {#st Grade} two {#nd Grade} few {#rd Grade} other {#th Grade}}",
};

/** A grade of the list in the reader's language ("4th Grade", "4.º grado"); any other text as written. */
export function gradeLabel(locale: Locale, grade: string): string {
  const index = (GRADES as readonly string[]).indexOf(grade);
  if (index < 0) return grade;
  return index === 0 ? text(locale, KINDERGARTEN) : text(locale, GRADE, { grade: index });
}
