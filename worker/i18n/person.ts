/**
 * Which language a person reads (issue 30): their own choice, else their school's default, else
 * English. Every text the server composes for someone (e-mails, pushes, notices) asks here; a batch
 * of recipients is one query per role (not one per person).
 */
import { type Column, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { drivers, parents, schoolAdmins, schools, superAdmins } from "#db/schema/index.ts";
import type { RoleValue } from "#shared/auth.ts";
import { isLocale, LOCALES, type Locale, SOURCE_LOCALE } from "#shared/locales.ts";

/** A signed-up person: which role's table, which row. */
export type Person = { role: RoleValue; id: string };

/** The rule itself: the person's own choice ?? their school's default ?? English (a value that is not one of ours counts as none). */
export function resolveLocale(own: string | null | undefined, schoolDefault?: string | null): Locale {
  if (isLocale(own)) return own;
  if (isLocale(schoolDefault)) return schoolDefault;
  return SOURCE_LOCALE;
}

/**
 * The same rule in SQL, for a statement that picks its readers itself (an `INSERT … SELECT` to a
 * school's admins): the person's own column ?? the school's default ?? 'en', a value not one of ours counting as none.
 */
export function localeSql(own: Column | SQL, schoolDefault: Column | SQL): SQL<Locale> {
  const ours = sql.join(
    LOCALES.map((locale) => sql`${locale}`),
    sql`, `,
  );
  return sql<Locale>`coalesce(case when ${own} in (${ours}) then ${own} end, case when ${schoolDefault} in (${ours}) then ${schoolDefault} end, ${SOURCE_LOCALE})`;
}

/**
 * The language a person enters in at sign-in (ADR 0084), the rule in one place: their own saved
 * choice; else the language they chose on this device (the `schoolride_locale` cookie the pages'
 * switcher sets), which is then saved as theirs (`keep`); else their school's default; else the
 * browser's (Accept-Language: a super admin has no school). A value that is not one of ours counts
 * as none.
 */
export function signInLocale(choices: {
  own: string | null | undefined;
  device: string | null | undefined;
  schoolDefault: string | null | undefined;
  browser: Locale;
}): { locale: Locale; keep: boolean } {
  if (isLocale(choices.own)) return { locale: choices.own, keep: false };
  if (isLocale(choices.device)) return { locale: choices.device, keep: true };
  if (isLocale(choices.schoolDefault)) return { locale: choices.schoolDefault, keep: false };
  return { locale: choices.browser, keep: false };
}

/**
 * The language a signed-in session reads (ADR 0084): the person's own saved choice, else their
 * school's default; a super admin, who has no school, without a saved one reads the request's (the
 * `schoolride_locale` cookie their sign-in set, else Accept-Language), so reading the session again
 * keeps the language they entered in. English when nothing says otherwise.
 */
export function sessionLocale(
  own: string | null | undefined,
  schoolDefault: string | null | undefined,
  requestLocale: Locale | undefined,
): Locale {
  return resolveLocale(own, schoolDefault ?? requestLocale);
}

const TENANT_TABLES = { school_admin: schoolAdmins, parent: parents, driver: drivers } as const;

/** Ids per query: far below SQLite's bound-parameter limit. */
const CHUNK = 500;

/**
 * The language of each person, by id (ids are unique across the role tables). A person not found
 * (deleted meanwhile) is left out: callers fall back to `resolveLocale(null)` (English), or to
 * `schoolLocale` when they know the school.
 */
export async function personLocales(db: Db, people: readonly Person[]): Promise<Map<string, Locale>> {
  const found = new Map<string, Locale>();
  const byRole = new Map<RoleValue, string[]>();
  for (const { role, id } of people) {
    const ids = byRole.get(role) ?? [];
    if (!ids.includes(id)) ids.push(id);
    byRole.set(role, ids);
  }
  const queries: Promise<void>[] = [];
  for (const [role, ids] of byRole) {
    for (let start = 0; start < ids.length; start += CHUNK) {
      const chunk = ids.slice(start, start + CHUNK);
      if (role === "super_admin") {
        queries.push(
          db
            .select({ id: superAdmins.id, own: superAdmins.locale })
            .from(superAdmins)
            .where(inArray(superAdmins.id, chunk))
            .then((rows) => {
              for (const row of rows) found.set(row.id, resolveLocale(row.own));
            }),
        );
        continue;
      }
      const table = TENANT_TABLES[role];
      queries.push(
        db
          .select({ id: table.id, own: table.locale, schoolDefault: schools.defaultLocale })
          .from(table)
          .innerJoin(schools, eq(schools.id, table.schoolId))
          .where(inArray(table.id, chunk))
          .then((rows) => {
            for (const row of rows) found.set(row.id, resolveLocale(row.own, row.schoolDefault));
          }),
      );
    }
  }
  await Promise.all(queries);
  return found;
}

/** One person's language (English when the person is not found). */
export async function personLocale(db: Db, person: Person): Promise<Locale> {
  return (await personLocales(db, [person])).get(person.id) ?? SOURCE_LOCALE;
}

/** A school's default language: for someone of the school who has no account yet (an invitation) (English when not found). */
export async function schoolLocale(db: Db, schoolId: string): Promise<Locale> {
  const [row] = await db
    .select({ locale: schools.defaultLocale })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1);
  return resolveLocale(null, row?.locale);
}
