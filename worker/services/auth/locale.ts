/**
 * Who chooses the language (issue 30): a person chooses their own (My Account → Language), and a
 * school admin chooses their school's default, the language of the school's people who have not
 * chosen their own (their e-mails, pushes and notices, and their pages once signed in). The person
 * reads the language `resolveLocale` (worker/i18n/person.ts) gives.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { schools } from "#db/schema/index.ts";
import { LOCALES, type Locale } from "#shared/locales.ts";
import { said } from "#shared/said.ts";
import { USER_TABLES } from "#worker/auth/users.ts";
import { resolveLocale } from "#worker/i18n/person.ts";
import type { SchoolScope, Scope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { AppError } from "../errors.ts";

export const LOCALE_CHOICE_MESSAGE = "Choose one of the languages offered.";

/** One of our languages, nothing else (an unknown key too is refused: nothing else can be changed here). */
export const localeChoiceInput = z.strictObject(
  { locale: z.enum(LOCALES, { error: LOCALE_CHOICE_MESSAGE }) },
  { error: LOCALE_CHOICE_MESSAGE },
);
export type LocaleChoice = z.infer<typeof localeChoiceInput>;

/** The signed-in person's own language; returns the language they now read. */
export async function setMyLocale(scope: Scope, input: LocaleChoice): Promise<{ locale: Locale }> {
  const { deps, actor, now, meta } = scope;
  const { db } = deps;
  const table = USER_TABLES[actor.role];
  const [changed] = await db.batch([
    db.update(table).set({ locale: input.locale, updatedAt: now }).where(eq(table.id, actor.id)).returning({
      id: table.id,
    }),
    auditInsert(
      db,
      {
        eventType: "account.locale_changed",
        description: `Chose ${input.locale} as their language`,
        userId: actor.id,
        userRole: actor.role,
        schoolId: actor.schoolId,
        metadata: { locale: input.locale },
        at: now,
      },
      meta,
    ),
  ]);
  if (changed.length === 0) throw new AppError("NOT_FOUND", said(/*i18n*/ { id: "Account not found" }));
  return { locale: resolveLocale(input.locale) };
}

/**
 * The session's school's default language (never another school's: the school is the scope's).
 * People of the school who chose their own keep it.
 */
export async function setSchoolDefaultLocale(scope: SchoolScope, input: LocaleChoice): Promise<{ locale: Locale }> {
  const { deps, actor, now, meta, schoolId } = scope;
  const { db } = deps;
  await db.batch([
    db.update(schools).set({ defaultLocale: input.locale, updatedAt: now }).where(eq(schools.id, schoolId)),
    auditInsert(
      db,
      {
        eventType: "school.default_locale_changed",
        description: `Set the school's default language to ${input.locale}`,
        userId: actor.id,
        userRole: actor.role,
        schoolId,
        metadata: { locale: input.locale },
        at: now,
      },
      meta,
    ),
  ]);
  return { locale: input.locale };
}

/** The school's default language, for its settings card. */
export async function schoolDefaultLocale(scope: SchoolScope): Promise<{ locale: Locale }> {
  const [row] = await scope.deps.db
    .select({ locale: schools.defaultLocale })
    .from(schools)
    .where(eq(schools.id, scope.schoolId))
    .limit(1);
  return { locale: resolveLocale(null, row?.locale) };
}
