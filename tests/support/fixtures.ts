import type { Db } from "#db/client.ts";
import { schools } from "#db/schema/index.ts";
import type { RoleValue } from "#shared/auth.ts";
import { sessionCookieName } from "#worker/auth/cookie.ts";
import { hashPassword } from "#worker/auth/password.ts";
import { createSession } from "#worker/auth/session.ts";
import { USER_TABLES } from "#worker/auth/users.ts";
import type { AppConfig } from "#worker/config.ts";

export const PASSWORD = "correct horse battery staple";

let passwordHash: Promise<string> | undefined;
/** One real scrypt hash of PASSWORD per test file (hashing is deliberately slow). */
export function knownPasswordHash(): Promise<string> {
  passwordHash ??= hashPassword(PASSWORD);
  return passwordHash;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A school whose Stripe account is not connected yet (the Connect gate refuses its admins): `createSchool(db, UNCONNECTED)`. */
export const UNCONNECTED = {
  stripeConnectAccountId: null,
  connectDetailsSubmitted: false,
  connectChargesEnabled: false,
  connectPayoutsEnabled: false,
} as const satisfies Partial<typeof schools.$inferInsert>;

/** A school with an active subscription and a connected Stripe account (charges and payouts on), unless overridden. */
export async function createSchool(db: Db, overrides: Partial<typeof schools.$inferInsert> = {}) {
  const id = unique();
  const [school] = await db
    .insert(schools)
    .values({
      name: `School ${id}`,
      email: `office-${id}@school.example`,
      code: `C${id.toUpperCase()}`.slice(0, 12),
      subscriptionStatus: "active",
      stripeConnectAccountId: `acct_test${id}`,
      connectDetailsSubmitted: true,
      connectChargesEnabled: true,
      connectPayoutsEnabled: true,
      ...overrides,
    })
    .returning();
  return school!;
}

export type UserOptions = {
  email?: string;
  name?: string;
  schoolId?: string;
  isActive?: boolean;
  mustChangePassword?: boolean;
};

/** A user of the given role (a school is created for tenant roles unless given). */
export async function createUser(db: Db, role: RoleValue, options: UserOptions = {}) {
  const email = (options.email ?? `${role}-${unique()}@example.com`).toLowerCase();
  const base = {
    email,
    name: options.name ?? `Test ${role}`,
    passwordHash: await knownPasswordHash(),
    isActive: options.isActive ?? true,
    mustChangePassword: options.mustChangePassword ?? false,
  };
  if (role === "super_admin") {
    const [row] = await db.insert(USER_TABLES.super_admin).values(base).returning();
    return { ...row!, role, schoolId: null as string | null };
  }
  const schoolId = options.schoolId ?? (await createSchool(db)).id;
  const [row] = await db
    .insert(USER_TABLES[role])
    .values({ ...base, schoolId })
    .returning();
  return { ...row!, role, schoolId: schoolId as string | null };
}

/** A live session for a user, as the Cookie header a browser would send. */
export async function sessionCookieFor(
  db: Db,
  config: Pick<AppConfig, "secureCookies">,
  user: { id: string; role: RoleValue },
  now: Date,
  remember = false,
) {
  const { token, session } = await createSession(db, { userId: user.id, role: user.role, remember, now });
  return { cookie: `${sessionCookieName(config)}=${token}`, token, session };
}
