/**
 * The bench's data: platform-scale rows in bulk, and one signed-in user per role.
 *
 * `seedScale` has the signature of the shared scale seeder (tests/support/scale-seed.ts); when that
 * lands, re-export it from here instead and delete this body: nothing else in the bench changes.
 */

import type { Db } from "#db/client.ts";
import {
  children,
  drivers,
  notificationSends,
  notifications,
  parents,
  schoolAdmins,
  schools,
  superAdmins,
  trips,
} from "#db/schema/index.ts";
import type { RoleValue } from "#shared/auth.ts";
import { sessionCookieName } from "#worker/auth/cookie.ts";
import { hashPassword } from "#worker/auth/password.ts";
import { createSession } from "#worker/auth/session.ts";
import type { AppConfig } from "#worker/config.ts";

export type ScaleOptions = {
  schools: number;
  invitationsPerSchool: number;
  auditRows: number;
  parentsPerSchool: number;
};

const DAY = 86_400_000;
const SINCE = Date.UTC(2024, 0, 1);
/** Rows that never sign in carry a well-formed hash nobody knows the password of. */
const NO_PASSWORD = "$scrypt$ln=14,r=8,p=5$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

/** `CASE <expr> % n WHEN 0 THEN 'a' …`: cycles through `values`. */
const cycle = (expr: string, values: readonly string[]) =>
  `(case ${expr} % ${values.length} ${values.map((value, k) => `when ${k} then '${value}'`).join(" ")} end)`;

/** `INSERT … SELECT` over i = 0 … count-1: SQLite makes the rows itself, 100k in about a second. */
const generate = (count: number, insert: string) =>
  `with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${count}) ${insert} from n`;

/**
 * Adds `schools` schools (two in three with an admin), their parents and invitations, and
 * `auditRows` audit rows, spread over two years, in one write batch. Call it on a fresh database.
 */
export async function seedScale(db: Db, options: ScaleOptions): Promise<void> {
  const tag = `b${Date.now().toString(36)}`;
  const school = (expr: string) => `'${tag}-' || (${expr})`;
  const now = Date.now();
  const statements = [
    generate(
      options.schools,
      `insert into schools (id, name, email, city, code, subscription_status, is_active, created_at, updated_at)
       select ${school("i")}, 'Bench School ' || i, 'office' || i || '@bench.example', 'City ' || (i % 97), upper('${tag}' || i),
         ${cycle("i", ["active", "active", "active", "trialing", "past_due", "cancelled", "pending"])}, i % 50 != 0,
         ${SINCE} + i * 60000, ${SINCE} + i * 60000`,
    ),
    generate(
      options.schools,
      `insert into school_admins (id, school_id, email, name, password_hash, created_at, updated_at)
       select '${tag}-a' || i, ${school("i")}, 'admin' || i || '@bench.example', 'Admin ' || i, '${NO_PASSWORD}', ${SINCE}, ${SINCE}`,
    ).replace(/ from n$/, " from n where i % 3 != 0"),
    generate(
      options.schools * options.parentsPerSchool,
      `insert into parents (id, school_id, email, name, password_hash, created_at, updated_at)
       select '${tag}-p' || i, ${school(`i % ${options.schools}`)}, 'parent' || i || '@bench.example', 'Parent ' || i, '${NO_PASSWORD}', ${SINCE}, ${SINCE}`,
    ),
    `insert into super_admins (id, email, name, password_hash, created_at, updated_at)
     values ('${tag}-inviter', 'inviter-${tag}@bench.example', 'Bench Inviter', '${NO_PASSWORD}', ${SINCE}, ${SINCE})`,
    generate(
      options.schools * options.invitationsPerSchool,
      `insert into invitations (id, email, role, school_id, token_hash, status, expires_at, invited_by, invited_by_role, metadata, created_at, updated_at)
       select '${tag}-i' || i, 'invitee' || i || '@bench.example', case when i % 4 = 0 then 'school_admin' else 'parent' end,
         ${school(`i % ${options.schools}`)}, '${tag}-token-' || i, ${cycle("i", ["pending", "accepted", "expired", "revoked"])},
         ${now} + ((i % 14) - 7) * ${DAY}, '${tag}-inviter', 'super_admin', json_object('invitedUserName', 'Invitee ' || i),
         ${SINCE} + i * 30000, ${SINCE} + i * 30000`,
    ),
    generate(
      options.auditRows,
      `insert into audit_logs (id, event_type, description, user_id, user_role, school_id, metadata, ip_address, created_at)
       select '${tag}-l' || i, ${cycle("i", ["login", "login", "login", "failed_login", "school_created", "invitation_sent", "password_changed"])},
         'Bench event ' || i, '${tag}-inviter', ${cycle("i", ["super_admin", "school_admin", "parent"])},
         case when i % 3 = 0 then null else ${school(`i % ${options.schools}`)} end,
         json_object('email', 'user' || (i % 1000) || '@bench.example'), '192.0.2.10', ${SINCE} + i * 20000`,
    ),
  ];
  await db.$client.batch(statements, "write");
}

export type BenchUsers = {
  /** A Cookie header with a live session, per role. */
  cookies: Record<RoleValue, string>;
  /** The tenant users' school and the parent (the invoices' school and recipient). */
  home: { schoolId: string; parentId: string };
  /** A parent account with a real scrypt hash, for the login storm. */
  login: { role: "parent"; email: string; password: string };
};

/** One user per role (the tenant ones in a new school with an active subscription), signed in now. */
export async function benchUsers(db: Db, config: Pick<AppConfig, "secureCookies">): Promise<BenchUsers> {
  const password = "bench storm passphrase 42";
  const passwordHash = await hashPassword(password);
  const tag = Date.now().toString(36);
  const [school] = await db
    .insert(schools)
    .values({
      name: "Bench Home School",
      email: `home-${tag}@bench.example`,
      code: `H${tag}`.toUpperCase().slice(0, 12),
      subscriptionStatus: "active",
      // Past the Connect gate, like a school in service.
      stripeConnectAccountId: `acct_bench${tag}`,
      connectDetailsSubmitted: true,
      connectChargesEnabled: true,
      connectPayoutsEnabled: true,
    })
    .returning();
  const [superAdmin] = await db
    .insert(superAdmins)
    .values({ email: `root-${tag}@bench.example`, name: "Bench Root", passwordHash })
    .returning();
  const [admin] = await db
    .insert(schoolAdmins)
    .values({ schoolId: school!.id, email: `head-${tag}@bench.example`, name: "Bench Head", passwordHash })
    .returning();
  const [parent] = await db
    .insert(parents)
    .values({ schoolId: school!.id, email: `family-${tag}@bench.example`, name: "Bench Family", passwordHash })
    .returning();
  const [driver] = await db
    .insert(drivers)
    .values({ schoolId: school!.id, email: `driver-${tag}@bench.example`, name: "Bench Driver", passwordHash })
    .returning();
  await seedFamily(db, { schoolId: school!.id, parentId: parent!.id, adminId: admin!.id });
  const cookieOf = async (role: RoleValue, userId: string) => {
    const { token } = await createSession(db, { userId, role, remember: true, now: new Date() });
    return `${sessionCookieName(config)}=${token}`;
  };
  return {
    cookies: {
      super_admin: await cookieOf("super_admin", superAdmin!.id),
      school_admin: await cookieOf("school_admin", admin!.id),
      parent: await cookieOf("parent", parent!.id),
      driver: await cookieOf("driver", driver!.id),
    },
    login: { role: "parent", email: parent!.email, password },
    home: { schoolId: school!.id, parentId: parent!.id },
  };
}

const BENCH_ROUTES = ["North Loop", "River Road", "Hillside"] as const;
/** Each route's bus: the children ride these (today's rides match the route and the bus). */
const BENCH_BUSES = ["12", "7", "3"] as const;

/**
 * What the parent's dashboard reads for the bench parent: two children on routes (one without), the
 * school's pickups and drop-offs on three routes for two weeks around today (so today has rides on
 * the children's routes and buses), and 40 notifications each to the parent (half read, each one of
 * the school's sends) and to the admin.
 */
async function seedFamily(db: Db, home: { schoolId: string; parentId: string; adminId: string }) {
  const { schoolId, parentId, adminId } = home;
  const family = { schoolId, parentId, school: "Bench Home School", emergencyContact: "Bench Family 555 0100" };
  await db.insert(children).values([
    { ...family, name: "Ava Bench", age: 8, grade: "3rd Grade", busRoute: "north loop", busNumber: "12" },
    { ...family, name: "Leo Bench", age: 11, grade: "6th Grade", busRoute: "River Road", busNumber: "7" },
    { ...family, name: "Mia Bench", age: 5, grade: "Kindergarten" },
  ]);
  const midnight = Math.floor(Date.now() / DAY) * DAY; // the school's zone is UTC
  const rows = [];
  for (let day = -7; day < 7; day++)
    for (const [r, routeName] of BENCH_ROUTES.entries())
      for (const [routeType, hour] of [
        ["pickup", 7],
        ["dropoff", 15],
      ] as const) {
        const departure = midnight + day * DAY + hour * 3_600_000 + r * 600_000;
        const status = day < 0 ? "completed" : "scheduled";
        rows.push({
          schoolId,
          routeName,
          routeType,
          busNumber: BENCH_BUSES[r]!,
          driverName: `Driver ${r}`,
          departureTime: new Date(departure),
          arrivalTime: new Date(departure + 2_700_000),
          status,
        } as const);
      }
  await db.insert(trips).values(rows);
  const note = (recipientRole: "parent" | "school_admin", recipientId: string, i: number) => ({
    schoolId,
    recipientRole,
    recipientId,
    title: `Bench notice ${i}`,
    message: "North Loop runs five minutes late.",
    category: "trip" as const,
    read: i % 2 === 0,
    createdAt: new Date(midnight - i * 3_600_000),
  });
  // The parent's notices are the school's sends (the admin's Sent tab), one each to the whole school.
  const sends = Array.from({ length: 40 }, (_, i) => ({
    id: crypto.randomUUID(),
    schoolId,
    senderId: adminId,
    title: `Bench notice ${i}`,
    type: "info" as const,
    category: "trip" as const,
    audienceKind: "school" as const,
    recipients: 1,
    createdAt: new Date(midnight - i * 3_600_000),
  }));
  await db.insert(notificationSends).values(sends);
  await db
    .insert(notifications)
    .values(
      Array.from({ length: 40 }, (_, i) => [
        { ...note("parent", parentId, i), batchId: sends[i]!.id },
        note("school_admin", adminId, i),
      ]).flat(),
    );
}
