import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { drivers, parents, type SubscriptionStatus, schoolAdmins, schools, superAdmins } from "#db/schema/index.ts";
import type { RoleValue } from "#shared/auth.ts";
import { paymentAccountConnected } from "#shared/connect.ts";
import type { Locale } from "#shared/locales.ts";
import { type Currency, currencyOf } from "#shared/money.ts";
import { phoneRegion } from "#shared/phone-region.ts";
import { resolveLocale } from "#worker/i18n/person.ts";

/** The signed-in user as the browser sees it (the signed-in user record). */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: RoleValue;
  lastLogin: Date | null;
  schoolId: string | null;
  school: string | null;
  /** The school's subscription (school admins are sent to the subscribe page unless active or trialing). */
  subscriptionStatus: SubscriptionStatus | null;
  /** The school's IANA zone: trip times, "today" and weeks are in it (null for super admins). */
  timeZone: string | null;
  /** The school's phone region (ISO 3166 alpha-2): numbers typed without + are read in it (ADR 0039; null: none, or a super admin). */
  phoneRegion: string | null;
  /** The school's currency: every amount of the school is in it (ADR 0077; null for super admins). */
  currency: Currency | null;
  /** The Connect gate: the school's Stripe account finished onboarding (else /school-admin/connect-stripe; null for super admins). */
  paymentAccountConnected: boolean | null;
  mustChangePassword: boolean;
  /** The language the user reads: their own choice, else their school's default, else English (`resolveLocale`). */
  locale: Locale;
};

/** A user row with what sign-in needs to decide. */
export type UserAccount = SessionUser & {
  passwordHash: string;
  isActive: boolean;
  /** For tenant users: the school's short code and whether the school is active. */
  schoolCode: string | null;
  schoolActive: boolean;
};

export const USER_TABLES = {
  super_admin: superAdmins,
  school_admin: schoolAdmins,
  parent: parents,
  driver: drivers,
} as const;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function findAccount(db: Db, role: RoleValue, by: "id" | "email", value: string): Promise<UserAccount | null> {
  if (role === "super_admin") {
    const column = by === "id" ? superAdmins.id : superAdmins.email;
    const [row] = await db.select().from(superAdmins).where(eq(column, value)).limit(1);
    if (!row) return null;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      role,
      lastLogin: row.lastLogin,
      schoolId: null,
      school: null,
      subscriptionStatus: null,
      timeZone: null,
      phoneRegion: null,
      currency: null,
      paymentAccountConnected: null,
      mustChangePassword: row.mustChangePassword,
      locale: resolveLocale(row.locale),
      passwordHash: row.passwordHash,
      isActive: row.isActive,
      schoolCode: null,
      schoolActive: true,
    };
  }
  const table = USER_TABLES[role];
  const column = by === "id" ? table.id : table.email;
  const [row] = await db
    .select({
      id: table.id,
      email: table.email,
      name: table.name,
      lastLogin: table.lastLogin,
      schoolId: table.schoolId,
      mustChangePassword: table.mustChangePassword,
      ownLocale: table.locale,
      passwordHash: table.passwordHash,
      isActive: table.isActive,
      school: schools.name,
      subscriptionStatus: schools.subscriptionStatus,
      timeZone: schools.timeZone,
      defaultLocale: schools.defaultLocale,
      country: schools.country,
      currency: schools.currency,
      stripeConnectAccountId: schools.stripeConnectAccountId,
      connectDetailsSubmitted: schools.connectDetailsSubmitted,
      schoolCode: schools.code,
      schoolActive: schools.isActive,
    })
    .from(table)
    .innerJoin(schools, eq(schools.id, table.schoolId))
    .where(eq(column, value))
    .limit(1);
  if (!row) return null;
  const { stripeConnectAccountId, connectDetailsSubmitted, country, currency, ownLocale, defaultLocale, ...account } =
    row;
  return {
    ...account,
    role,
    locale: resolveLocale(ownLocale, defaultLocale),
    currency: currencyOf(currency),
    phoneRegion: phoneRegion({ country, timeZone: account.timeZone }),
    paymentAccountConnected: paymentAccountConnected({ stripeConnectAccountId, connectDetailsSubmitted }),
  };
}

export function findAccountByEmail(db: Db, role: RoleValue, email: string): Promise<UserAccount | null> {
  return findAccount(db, role, "email", normalizeEmail(email));
}

export function findAccountById(db: Db, role: RoleValue, id: string): Promise<UserAccount | null> {
  return findAccount(db, role, "id", id);
}

/** Whether an account may hold a session at all: active user of an active school. */
export function accountUsable(account: UserAccount): boolean {
  return account.isActive && account.schoolActive;
}

export function toSessionUser(account: UserAccount): SessionUser {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: account.role,
    lastLogin: account.lastLogin,
    schoolId: account.schoolId,
    school: account.school,
    subscriptionStatus: account.subscriptionStatus,
    timeZone: account.timeZone,
    phoneRegion: account.phoneRegion,
    currency: account.currency,
    paymentAccountConnected: account.paymentAccountConnected,
    mustChangePassword: account.mustChangePassword,
    locale: account.locale,
  };
}
