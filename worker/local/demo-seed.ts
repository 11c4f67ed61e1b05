/** The demo data of local mode, seeded by `npm start` (worker/node.ts) and `npm run dev:worker`. */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { children, invoices, notifications, parents, paymentSettings, pendingSchools, schoolAdmins, schools, superAdmins, trips } from "../../db/schema/index.ts";
import { hashPassword } from "../auth/password.ts";

/** Local mode only. Production never seeds demo users (see `npm run db:create-super-admin`). */
export const DEMO_PASSWORD = "demo-password-1";

export const DEMO_ACCOUNTS = [
  { role: "super_admin", email: "superadmin@example.com", login: "/login/superadmin" },
  { role: "school_admin", email: "admin@maple.example.com", login: "/login/school" },
  { role: "parent", email: "parent@maple.example.com", login: "/login/parent" },
] as const;

export const DEMO_IDS = {
  superAdmin: "00000000-0000-4000-8000-000000000001",
  school: "00000000-0000-4000-8000-000000000100",
  schoolAdmin: "00000000-0000-4000-8000-000000000101",
  parent: "00000000-0000-4000-8000-000000000102",
} as const;

export const DEMO_SCHOOL = { name: "Maple Grove Primary", code: "MAPLE7" } as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function at(day: Date, hours: number, minutes: number): Date {
  const value = new Date(day);
  value.setUTCHours(hours, minutes, 0, 0);
  return value;
}

/**
 * Seeds the three demo accounts and enough data for every dashboard. Idempotent: rows have fixed
 * ids and an existing demo super admin means the seed already ran.
 */
export async function seedDemo(db: Db, now: Date): Promise<"seeded" | "already-seeded"> {
  const existing = await db.query.superAdmins.findFirst({ where: eq(superAdmins.id, DEMO_IDS.superAdmin) });
  if (existing) return "already-seeded";

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const tomorrow = new Date(now.getTime() + DAY);
  const yesterday = new Date(now.getTime() - DAY);
  const school = DEMO_IDS.school;
  const parent = DEMO_IDS.parent;
  const admin = DEMO_IDS.schoolAdmin;

  await db.batch([
    db.insert(superAdmins).values({ id: DEMO_IDS.superAdmin, email: "superadmin@example.com", name: "Sam Super", passwordHash, createdAt: now }).onConflictDoNothing(),
    db
      .insert(schools)
      .values({
        id: school,
        name: DEMO_SCHOOL.name,
        email: "office@maple.example.com",
        phone: "+1 555 0100",
        address: "12 Maple Avenue",
        city: "Springfield",
        state: "IL",
        zipCode: "62701",
        country: "United States",
        schoolType: "primary",
        pupilCount: 320,
        busCount: 6,
        code: DEMO_SCHOOL.code,
        isActive: true,
        subscriptionStatus: "active",
        plan: "professional",
        stripeCustomerId: "cus_demo_maple",
        stripeSubscriptionId: "sub_demo_maple",
        stripeConnectAccountId: "acct_demo_maple",
        connectChargesEnabled: true,
        connectPayoutsEnabled: true,
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
        phone: "+1 555 0101",
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
        phone: "+1 555 0142",
        address: "48 Birch Lane, Springfield",
        emergencyContact: "Alex Rivera",
        emergencyPhone: "+1 555 0143",
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
          emergencyContact: "Alex Rivera, +1 555 0143",
        },
        {
          id: "00000000-0000-4000-8000-000000000202",
          schoolId: school,
          parentId: parent,
          name: "Leo Rivera",
          age: 11,
          grade: "6th Grade",
          school: DEMO_SCHOOL.name,
          emergencyContact: "Alex Rivera, +1 555 0143",
        },
      ])
      .onConflictDoNothing(),
    db
      .insert(trips)
      .values([
        {
          id: "00000000-0000-4000-8000-000000000301",
          schoolId: school,
          routeName: "North Loop",
          routeType: "pickup",
          busNumber: "12",
          driverName: "Dana Brooks",
          departureTime: at(tomorrow, 7, 30),
          arrivalTime: at(tomorrow, 8, 15),
          studentsCount: 28,
          stops: 9,
          createdBy: admin,
        },
        {
          id: "00000000-0000-4000-8000-000000000302",
          schoolId: school,
          routeName: "North Loop",
          routeType: "dropoff",
          busNumber: "12",
          driverName: "Dana Brooks",
          departureTime: at(tomorrow, 15, 0),
          arrivalTime: at(tomorrow, 15, 45),
          studentsCount: 26,
          stops: 9,
          createdBy: admin,
        },
        {
          id: "00000000-0000-4000-8000-000000000303",
          schoolId: school,
          routeName: "River Road",
          routeType: "pickup",
          busNumber: "7",
          driverName: "Chris Patel",
          departureTime: at(yesterday, 7, 20),
          arrivalTime: at(yesterday, 8, 5),
          studentsCount: 31,
          stops: 11,
          status: "completed",
          createdBy: admin,
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
          title: "Invoice issued",
          message: "Your transport invoice for this term is ready.",
          type: "info",
          category: "payment",
          createdAt: new Date(now.getTime() - DAY),
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
        intendedStartDate: isoDay(new Date(now.getTime() + 30 * DAY)),
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
    db.insert(paymentSettings).values({ schoolId: school, feeBps: 500, feeApplicationType: "term_based", updatedBy: admin }).onConflictDoNothing(),
    db
      .insert(invoices)
      .values([
        {
          id: "00000000-0000-4000-8000-000000000501",
          schoolId: school,
          invoiceNumber: `INV-${now.getUTCFullYear()}-001`,
          recipientId: parent,
          description: "Bus transport — autumn term",
          baseAmountCents: 24000,
          feeCents: 1200,
          amountCents: 25200,
          feeBps: 500,
          feeApplicationType: "term_based",
          issueDate: isoDay(new Date(now.getTime() - 40 * DAY)),
          dueDate: isoDay(new Date(now.getTime() - 25 * DAY)),
          status: "paid",
          paidAt: new Date(now.getTime() - 30 * DAY),
          createdBy: admin,
        },
        {
          id: "00000000-0000-4000-8000-000000000502",
          schoolId: school,
          invoiceNumber: `INV-${now.getUTCFullYear()}-002`,
          recipientId: parent,
          description: "Bus transport — spring term",
          baseAmountCents: 24000,
          feeCents: 1200,
          amountCents: 25200,
          feeBps: 500,
          feeApplicationType: "term_based",
          issueDate: isoDay(now),
          dueDate: isoDay(new Date(now.getTime() + 15 * DAY)),
          status: "pending",
          createdBy: admin,
        },
      ])
      .onConflictDoNothing(),
  ]);
  return "seeded";
}
