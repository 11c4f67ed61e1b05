/** The demo data of local mode, seeded by `npm start` (worker/node.ts) and `npm run dev:worker`. */
import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  children,
  flightTrips,
  notificationSends,
  notifications,
  parents,
  paymentSettings,
  pendingSchools,
  schoolAdmins,
  schools,
  superAdmins,
} from "#db/schema/index.ts";
import { shiftDate, todayIn } from "#shared/school-time.ts";
import { hashPassword } from "../auth/password.ts";
import { completedAccount, newSimAccount, seedSimulatedAccount } from "../stripe/simulator-connect.ts";
import { seedDemoInvoices } from "./demo-invoices.ts";
import { seedDemoDriver, seedDemoRoutes } from "./demo-routes.ts";
import { seedDemoWeek } from "./demo-week.ts";

/** Local mode only. Production never seeds demo users (see `npm run db:create-super-admin`). */
export const DEMO_PASSWORD = "demo-password-1";

export const DEMO_ACCOUNTS = [
  { role: "super_admin", email: "superadmin@example.com", login: "/login/superadmin" },
  { role: "school_admin", email: "admin@maple.example.com", login: "/login/school" },
  { role: "parent", email: "parent@maple.example.com", login: "/login/parent" },
  { role: "driver", email: "driver@maple.example.com", login: "/login/driver" },
] as const;

export const DEMO_IDS = {
  superAdmin: "00000000-0000-4000-8000-000000000001",
  school: "00000000-0000-4000-8000-000000000100",
  schoolAdmin: "00000000-0000-4000-8000-000000000101",
  parent: "00000000-0000-4000-8000-000000000102",
  driver: "00000000-0000-4000-8000-000000000103",
} as const;

export const DEMO_SCHOOL = { name: "Maple Grove Primary", code: "MAPLE7" } as const;

/** Maple Grove's Stripe Connect account: onboarded, charges and payouts enabled (the simulator knows it too). */
export const DEMO_CONNECT_ACCOUNT = "acct_demo_maple";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Maple Grove's zone: the seed's calendar days are counted from its today there. */
const DEMO_TIME_ZONE = "America/Chicago";

/**
 * Seeds the three demo accounts and enough data for every dashboard, then keeps the demo school's
 * coming week of trips filled (`seedDemoWeek`). Idempotent: rows have fixed ids and an existing demo
 * super admin means the accounts were already seeded.
 */
export async function seedDemo(db: Db, now: Date): Promise<"seeded" | "already-seeded"> {
  const existing = await db.query.superAdmins.findFirst({ where: eq(superAdmins.id, DEMO_IDS.superAdmin) });
  // The simulator's copy of the demo account, also for databases seeded before it existed.
  await seedSimulatedAccount(db, demoConnectAccount(now), now);
  const demoInvoices = { school: DEMO_IDS.school, parent: DEMO_IDS.parent, admin: DEMO_IDS.schoolAdmin };
  if (existing) {
    await seedDemoWeek(db, DEMO_IDS.school, now);
    await seedDemoRoutes(db, DEMO_IDS.school, now);
    await seedDemoDriver(db, DEMO_IDS.school, now, DEMO_PASSWORD);
    await seedDemoInvoices(db, demoInvoices, now);
    return "already-seeded";
  }
  await seedAccounts(db, now);
  await seedDemoWeek(db, DEMO_IDS.school, now);
  await seedDemoRoutes(db, DEMO_IDS.school, now);
  await seedDemoDriver(db, DEMO_IDS.school, now, DEMO_PASSWORD);
  await seedDemoInvoices(db, demoInvoices, now);
  return "seeded";
}

function demoConnectAccount(now: Date) {
  const created = Math.floor(now.getTime() / 1000);
  const fresh = newSimAccount(
    DEMO_CONNECT_ACCOUNT,
    { email: "office@maple.example.com", name: DEMO_SCHOOL.name, metadata: { schoolId: DEMO_IDS.school } },
    created,
  );
  return completedAccount(fresh);
}

async function seedAccounts(db: Db, now: Date): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const school = DEMO_IDS.school;
  const parent = DEMO_IDS.parent;
  const admin = DEMO_IDS.schoolAdmin;

  await db.batch([
    db
      .insert(superAdmins)
      .values({
        id: DEMO_IDS.superAdmin,
        email: "superadmin@example.com",
        name: "Sam Super",
        passwordHash,
        createdAt: now,
      })
      .onConflictDoNothing(),
    db
      .insert(schools)
      .values({
        id: school,
        name: DEMO_SCHOOL.name,
        email: "office@maple.example.com",
        phone: "+12175550100",
        address: "12 Maple Avenue",
        city: "Springfield",
        state: "IL",
        zipCode: "62701",
        country: "United States",
        timeZone: DEMO_TIME_ZONE,
        schoolType: "primary",
        pupilCount: 320,
        busCount: 6,
        code: DEMO_SCHOOL.code,
        isActive: true,
        subscriptionStatus: "active",
        plan: "professional",
        stripeCustomerId: "cus_demo_maple",
        stripeSubscriptionId: "sub_demo_maple",
        stripeConnectAccountId: DEMO_CONNECT_ACCOUNT,
        connectDetailsSubmitted: true,
        connectChargesEnabled: true,
        connectPayoutsEnabled: true,
        connectStatusAt: now,
        createdBy: DEMO_IDS.superAdmin,
        createdAt: now,
      })
      .onConflictDoNothing(),
    db
      .insert(schoolAdmins)
      .values({
        id: admin,
        schoolId: school,
        email: "admin@maple.example.com",
        name: "Morgan Lee",
        passwordHash,
        phone: "+12175550101",
        position: "Transportation Manager",
        createdBy: DEMO_IDS.superAdmin,
        createdAt: now,
      })
      .onConflictDoNothing(),
    db
      .insert(parents)
      .values({
        id: parent,
        schoolId: school,
        email: "parent@maple.example.com",
        name: "Jamie Rivera",
        passwordHash,
        phone: "+12175550142",
        address: "48 Birch Lane, Springfield",
        emergencyContact: "Alex Rivera",
        emergencyPhone: "+12175550143",
        createdBy: admin,
        createdAt: now,
      })
      .onConflictDoNothing(),
    db
      .insert(children)
      .values([
        {
          id: "00000000-0000-4000-8000-000000000201",
          schoolId: school,
          parentId: parent,
          name: "Ava Rivera",
          age: 8,
          grade: "3rd Grade",
          school: DEMO_SCHOOL.name,
          busRoute: "North Loop",
          busNumber: "12",
          allergyInfo: "Peanuts",
          emergencyContact: "Alex Rivera, (217) 555-0143",
        },
        {
          id: "00000000-0000-4000-8000-000000000202",
          schoolId: school,
          parentId: parent,
          name: "Leo Rivera",
          age: 11,
          grade: "6th Grade",
          school: DEMO_SCHOOL.name,
          emergencyContact: "Alex Rivera, (217) 555-0143",
        },
      ])
      .onConflictDoNothing(),
    // The admin's sends of those notices (the Sent tab, ADR 0040); read counts follow the rows (trigger).
    db
      .insert(notificationSends)
      .values([
        {
          id: "00000000-0000-4000-8000-000000000451",
          schoolId: school,
          senderId: admin,
          title: "Route change on North Loop",
          type: "warning",
          category: "trip",
          audienceKind: "route",
          audienceLabel: "North Loop",
          recipients: 1,
          createdAt: new Date(now.getTime() - 2 * HOUR),
        },
        {
          id: "00000000-0000-4000-8000-000000000452",
          schoolId: school,
          senderId: admin,
          title: "Invoice issued",
          type: "info",
          category: "payment",
          audienceKind: "parent",
          audienceRef: parent,
          recipients: 1,
          createdAt: new Date(now.getTime() - DAY),
        },
        {
          id: "00000000-0000-4000-8000-000000000454",
          schoolId: school,
          senderId: admin,
          title: "Attendance: morning pickup",
          type: "info",
          category: "attendance",
          audienceKind: "parent",
          audienceRef: parent,
          recipients: 1,
          createdAt: new Date(now.getTime() - 5 * HOUR),
        },
        {
          id: "00000000-0000-4000-8000-000000000455",
          schoolId: school,
          senderId: admin,
          title: "New term, new timetable",
          type: "info",
          category: "system",
          audienceKind: "school",
          recipients: 1,
          createdAt: new Date(now.getTime() - 4 * DAY),
        },
      ])
      .onConflictDoNothing(),
    db
      .insert(notifications)
      .values([
        {
          id: "00000000-0000-4000-8000-000000000401",
          schoolId: school,
          recipientRole: "parent",
          recipientId: parent,
          senderId: admin,
          batchId: "00000000-0000-4000-8000-000000000451",
          title: "Route change on North Loop",
          message: "From Monday, the North Loop pickup at Birch Lane moves to 07:35.",
          type: "warning",
          category: "trip",
          createdAt: new Date(now.getTime() - 2 * HOUR),
        },
        {
          id: "00000000-0000-4000-8000-000000000402",
          schoolId: school,
          recipientRole: "parent",
          recipientId: parent,
          senderId: admin,
          batchId: "00000000-0000-4000-8000-000000000452",
          title: "Invoice issued",
          message: "Your transport invoice for this term is ready.",
          type: "info",
          category: "payment",
          createdAt: new Date(now.getTime() - DAY),
        },
        {
          id: "00000000-0000-4000-8000-000000000404",
          schoolId: school,
          recipientRole: "parent",
          recipientId: parent,
          senderId: admin,
          batchId: "00000000-0000-4000-8000-000000000454",
          title: "Attendance: morning pickup",
          message:
            "Ava was not at the North Loop stop this morning. Please let the school know when she will not ride.",
          type: "info",
          category: "attendance",
          createdAt: new Date(now.getTime() - 5 * HOUR),
        },
        {
          id: "00000000-0000-4000-8000-000000000405",
          schoolId: school,
          recipientRole: "parent",
          recipientId: parent,
          senderId: admin,
          batchId: "00000000-0000-4000-8000-000000000455",
          title: "New term, new timetable",
          message: "The spring timetable is now in SchoolRide. Check your children's pickup times.",
          type: "info",
          category: "system",
          read: true,
          createdAt: new Date(now.getTime() - 4 * DAY),
        },
        {
          id: "00000000-0000-4000-8000-000000000406",
          schoolId: school,
          recipientRole: "school_admin",
          recipientId: admin,
          title: "Bus 7 running late",
          message: "River Road (bus 7) reported a 10-minute delay at Elm Street.",
          type: "warning",
          category: "trip",
          createdAt: new Date(now.getTime() - 1 * HOUR),
        },
        {
          id: "00000000-0000-4000-8000-000000000407",
          schoolId: school,
          recipientRole: "school_admin",
          recipientId: admin,
          title: "Payment received",
          message: "Jamie Rivera paid the autumn term transport invoice.",
          type: "success",
          category: "payment",
          createdAt: new Date(now.getTime() - 26 * HOUR),
        },
        {
          id: "00000000-0000-4000-8000-000000000408",
          schoolId: school,
          recipientRole: "school_admin",
          recipientId: admin,
          title: "Attendance summary",
          message: "3 students missed the morning pickup yesterday.",
          type: "info",
          category: "attendance",
          createdAt: new Date(now.getTime() - 30 * HOUR),
        },
        {
          id: "00000000-0000-4000-8000-000000000403",
          schoolId: school,
          recipientRole: "school_admin",
          recipientId: admin,
          title: "Welcome to SchoolRide",
          message: "Your school is set up. Schedule your first trips and invite parents.",
          type: "success",
          category: "system",
          createdAt: new Date(now.getTime() - 3 * DAY),
        },
      ])
      .onConflictDoNothing(),
    // A paid registration waiting for the super admin's review.
    db
      .insert(pendingSchools)
      .values({
        id: "00000000-0000-4000-8000-000000000601",
        schoolName: "Cedar Ridge Elementary",
        schoolType: "primary",
        schoolAddress: "300 Cedar Ridge Road",
        schoolCity: "Madison",
        schoolState: "WI",
        schoolZipCode: "53703",
        schoolCountry: "United States",
        adminFullName: "Riley Chen",
        adminRole: "Head Teacher",
        adminEmail: "riley@cedarridge.example.com",
        pupilCount: 180,
        busCount: 4,
        intendedStartDate: shiftDate(todayIn(DEMO_TIME_ZONE, now), 30),
        timeZone: DEMO_TIME_ZONE,
        plan: "starter",
        verificationStatus: "payment_successful",
        paymentStatus: "paid",
        emailVerifiedAt: new Date(now.getTime() - 2 * HOUR),
        termsAcceptedAt: new Date(now.getTime() - 2 * HOUR),
        stripeCustomerId: "cus_demo_cedar",
        stripeSubscriptionId: "sub_demo_cedar",
        subscriptionStatus: "active",
        createdAt: new Date(now.getTime() - 3 * HOUR),
      })
      .onConflictDoNothing(),
    db
      .insert(paymentSettings)
      .values({ schoolId: school, feeBps: 500, feeApplicationType: "term_based", updatedBy: admin })
      .onConflictDoNothing(),
    // An upcoming field trip with a deposit, open for enrolment.
    db
      .insert(flightTrips)
      .values({
        id: "00000000-0000-4000-8000-000000000701",
        schoolId: school,
        title: "Washington DC Museums",
        departureAirport: "BOS",
        arrivalAirport: "DCA",
        departureDate: shiftDate(todayIn(DEMO_TIME_ZONE, now), 60),
        departureTime: "08:30",
        returnDate: shiftDate(todayIn(DEMO_TIME_ZONE, now), 62),
        returnTime: "18:00",
        airline: "JetBlue",
        costPerStudentCents: 45_000,
        depositCents: 10_000,
        description: "Three days at the Smithsonian museums and the Capitol, with two teachers per ten students.",
        enrollmentDeadline: shiftDate(todayIn(DEMO_TIME_ZONE, now), 45),
        capacity: 30,
        createdBy: admin,
        changeId: "demo-flight-trip",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing(),
  ]);
}
