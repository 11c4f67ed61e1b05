import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Grade } from "#shared/children-texts.ts";

/** Each grade as the reader's language says it (the record keeps the English value). */
const GRADE_LABELS: Record<Grade, MessageDescriptor> = {
  Kindergarten: msg`Kindergarten`,
  "1st Grade": msg`1st Grade`,
  "2nd Grade": msg`2nd Grade`,
  "3rd Grade": msg`3rd Grade`,
  "4th Grade": msg`4th Grade`,
  "5th Grade": msg`5th Grade`,
  "6th Grade": msg`6th Grade`,
  "7th Grade": msg`7th Grade`,
  "8th Grade": msg`8th Grade`,
  "9th Grade": msg`9th Grade`,
  "10th Grade": msg`10th Grade`,
  "11th Grade": msg`11th Grade`,
  "12th Grade": msg`12th Grade`,
};

/** A child's grade in the reader's language; a value from an older record shows as it is. */
export function gradeLabel(i18n: I18n, grade: string): string {
  const label = GRADE_LABELS[grade as Grade];
  return label ? i18n._(label) : grade;
}
