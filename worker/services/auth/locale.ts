/**
 * Who chooses the language (issue 30): a person chooses their own (My Account → Language), and a
 * school admin chooses their school's default, the language of the school's people who have not
 * chosen their own (their e-mails, pushes and notices, and their pages once signed in). The person
 * reads the language `resolveLocale` (worker/i18n/person.ts) gives; at sign-in, the one
 * `signInLocale` gives (ADR 0084).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#db/client.ts";
import { schools, superAdmins } from "#db/schema/index.ts";
import { LOCALES, type Locale } from "#shared/locales.ts";
import { said } from "#shared/said.ts";
import { type SessionUser, USER_TABLES } from "#worker/auth/users.ts";
import { resolveLocale, signInLocale } from "#worker/i18n/person.ts";
import type { Actor, SchoolScope, Scope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { AppError } from "../errors.ts";

export const LOCALE_CHOICE_MESSAGE = "Choose one of the languages offered.";

/** One of our languages, nothing else (an unknown key too is refused: nothing else can be changed here). */
export const localeChoiceInput = z.strictObject(
  { locale: z.enum(LOCALES, { error: LOCALE_CHOICE_MESSAGE }) },
  { error: LOCALE_CHOICE_MESSAGE },
);
export type LocaleChoice = z.infer<typeof localeChoiceInput>;

/** Saves `locale` as the person's own language, with its audit row (`how`: from which screen). */
async function saveOwnLocale(
  scope: Scope<Actor | null>,
  person: Pick<Actor, "id" | "role" | "schoolId">,
  locale: Locale,
  how: "account" | "sign_in",
): Promise<boolean> {
  const { deps, now, meta } = scope;
  const { db } = deps;
  const table = USER_TABLES[person.role];
  const [changed] = await db.batch([
    db.update(table).set({ locale, updatedAt: now }).where(eq(table.id, person.id)).returning({ id: table.id }),
    auditInsert(
      db,
      {
        eventType: "account.locale_changed",
        description:
          how === "sign_in"
            ? `Chose ${locale} as their language on this device before signing in`
            : `Chose ${locale} as their language`,
        userId: person.id,
        userRole: person.role,
        schoolId: person.schoolId,
        metadata: { locale, ...(how === "sign_in" ? { chosen_at: "sign_in" } : {}) },
        at: now,
      },
      meta,
    ),
  ]);
  return changed.length > 0;
}

/** The signed-in person's own language; returns the language they now read. */
export async function setMyLocale(scope: Scope, input: LocaleChoice): Promise<{ locale: Locale }> {
  if (!(await saveOwnLocale(scope, scope.actor, input.locale, "account")))
    throw new AppError("NOT_FOUND", said(/*i18n*/ { id: "Account not found" }));
  return { locale: resolveLocale(input.locale) };
}

/** What a sign-in's request says of its reader's language: chosen on this device (or none), and the browser's. */
export type RequestLocales = { device: Locale | null; browser: Locale };

/**
 * A user who has just signed in, in the language `signInLocale` gives them (ADR 0084); a language
 * chosen on the device by a user who had none is saved as theirs.
 */
export async function signInLanguage(
  scope: Scope<Actor | null>,
  user: SessionUser,
  request: RequestLocales,
): Promise<SessionUser> {
  const { db } = scope.deps;
  const saved = await savedLocales(db, user);
  const { locale, keep } = signInLocale({
    own: saved?.own,
    device: request.device,
    schoolDefault: saved?.schoolDefault,
    browser: request.browser,
  });
  if (keep) await saveOwnLocale(scope, user, locale, "sign_in");
  return locale === user.locale ? user : { ...user, locale };
}

/** A user's own saved language and their school's default (none for a super admin), as stored. */
async function savedLocales(db: Db, user: Pick<SessionUser, "role" | "id">) {
  if (user.role === "super_admin") {
    const [row] = await db
      .select({ own: superAdmins.locale })
      .from(superAdmins)
      .where(eq(superAdmins.id, user.id))
      .limit(1);
    return { own: row?.own, schoolDefault: null };
  }
  const table = USER_TABLES[user.role];
  const [row] = await db
    .select({ own: table.locale, schoolDefault: schools.defaultLocale })
    .from(table)
    .innerJoin(schools, eq(schools.id, table.schoolId))
    .where(eq(table.id, user.id))
    .limit(1);
  return row;
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
