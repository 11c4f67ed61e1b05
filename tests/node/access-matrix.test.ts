import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  childGuardians,
  children,
  flightTripEnrollments,
  invitations,
  invoices,
  payments,
  routes,
} from "#db/schema/index.ts";
import { markReauthenticated } from "#worker/auth/mfa.ts";
import { type Context, resolveAuth } from "#worker/trpc/context.ts";
import { createCallerFactory } from "#worker/trpc/init.ts";
import { appRouter } from "#worker/trpc/router.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { ENROLLMENT_FORM, seedChild, seedEnrollment, seedFlightTrip } from "../support/flight-trips.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { seedInvoice } from "../support/invoice-documents.ts";

/**
 * AZ1: every procedure of the app router, who may call it, and an input to call it with.
 * A procedure missing here fails the suite: add it the day it is written.
 */
const CHILD = { name: "Ada", age: 8, grade: "3rd Grade" as const, school: "Maple", emergencyContact: "Mum 555 0100" };
type Access = "public" | "authed" | "super_admin" | "school_admin" | "parent" | "driver";
const MATRIX: Record<string, { access: Access; input?: unknown }> = {
  "auth.me": { access: "public" },
  // Empty fields: refused by validation (BAD_REQUEST), so the call never reaches a credential check.
  "auth.login": { access: "public", input: { role: "parent", email: "", password: "" } },
  "auth.logout": { access: "public" },
  "auth.changePassword": {
    access: "authed",
    input: {
      currentPassword: "not the password",
      newPassword: "new passphrase 1",
      confirmPassword: "new passphrase 1",
    },
  },
  // Empty challenge: refused by validation before any lookup.
  "auth.verifyMfa": { access: "public", input: { challengeToken: "", factor: { method: "totp", code: "123456" } } },
  "auth.confirmIdentity": { access: "authed", input: { password: "" } },
  "auth.invitation": { access: "public", input: { token: "no-such-token" } },
  "auth.acceptInvitation": {
    access: "public",
    input: { token: "no-such-token", name: "A", password: "long enough pw", confirmPassword: "long enough pw" },
  },
  "auth.requestPasswordReset": { access: "public", input: { role: "parent", email: "nobody@example.com" } },
  "auth.checkResetToken": { access: "public", input: { token: "no-such-token" } },
  "auth.resetPassword": {
    access: "public",
    input: { token: "no-such-token", password: "long enough pw", confirmPassword: "long enough pw" },
  },
  "registration.register": { access: "public", input: { schoolName: "" } },
  "registration.update": { access: "public", input: { pendingSchoolId: "no-such-registration", schoolName: "" } },
  "registration.resume": { access: "public", input: { token: "no-such-token" } },
  "registration.verifyEmail": {
    access: "public",
    input: { pendingSchoolId: "no-such-registration", verificationCode: "123456" },
  },
  "registration.resendCode": { access: "public", input: { pendingSchoolId: "no-such-registration" } },
  "registration.createCheckoutSession": {
    access: "public",
    input: { pendingSchoolId: "no-such-registration", termsAccepted: true, privacyAccepted: true },
  },
  "registration.checkoutStatus": { access: "public", input: { sessionId: "cs_test_unknown" } },
  "site.info": { access: "public" },
  "site.map": { access: "public" },
  "site.subscribeNewsletter": { access: "public", input: { email: "reader@example.com" } },
  "superAdmin.schools.options": { access: "super_admin", input: { search: "maple" } },
  "superAdmin.schools.list": { access: "super_admin", input: { page: 1 } },
  "superAdmin.schools.details": { access: "super_admin", input: { schoolId: "no-such-school" } },
  "superAdmin.schools.create": { access: "super_admin", input: { name: "", email: "" } },
  "superAdmin.schools.update": {
    access: "super_admin",
    input: { schoolId: "no-such-school", isActive: true, name: "X", email: "x@example.com" },
  },
  "superAdmin.schools.delete": { access: "super_admin", input: { schoolId: "no-such-school" } },
  "superAdmin.schools.openSupportView": { access: "super_admin", input: { schoolId: "no-such-school" } },
  "superAdmin.invitations.list": { access: "super_admin", input: { page: 1 } },
  "superAdmin.invitations.emailLogs": { access: "super_admin", input: { inviteId: "no-such-invite" } },
  "superAdmin.auditLogs.list": { access: "super_admin", input: { page: 1 } },
  "superAdmin.auditLogs.eventTypes": { access: "super_admin" },
  "superAdmin.settings.get": { access: "super_admin" },
  "superAdmin.settings.update": {
    access: "super_admin",
    input: { defaultPlatformFeeBps: -1, invitationValidityDays: 7, supportEmail: "s@example.com" },
  },
  "superAdmin.auditLogs.recent": { access: "super_admin" },
  "superAdmin.metrics.overview": { access: "super_admin", input: { from: "2026-03-02", to: "2026-03-22" } },
  "superAdmin.security.status": { access: "super_admin" },
  "superAdmin.security.beginEnrollment": { access: "super_admin" },
  "superAdmin.security.confirmEnrollment": { access: "super_admin", input: { code: "abc" } },
  "superAdmin.security.disable": { access: "super_admin" },
  "superAdmin.security.regenerateRecoveryCodes": { access: "super_admin" },
  "superAdmin.registrations.pending": { access: "super_admin", input: { limit: 3 } },
  "superAdmin.registrations.approve": { access: "super_admin", input: { pendingSchoolId: "no-such-registration" } },
  "superAdmin.registrations.reject": {
    access: "super_admin",
    input: { pendingSchoolId: "no-such-registration", reason: "x" },
  },
  "superAdmin.invitations.create": {
    access: "super_admin",
    input: { name: "New Admin", email: "new.admin@example.com", schoolId: "no-such-school" },
  },
  "superAdmin.invitations.resend": { access: "super_admin", input: { inviteId: "no-such-invite" } },
  "superAdmin.invitations.revoke": { access: "super_admin", input: { inviteId: "no-such-invite" } },
  "schoolAdmin.billing.status": { access: "school_admin" },
  "schoolAdmin.billing.startCheckout": { access: "school_admin" },
  "schoolAdmin.billing.openPortal": { access: "school_admin" },
  "schoolAdmin.connect.status": { access: "school_admin" },
  "schoolAdmin.connect.startOnboarding": { access: "school_admin" },
  "schoolAdmin.connect.syncStatus": { access: "school_admin" },
  // Another school's account (or none): refused as stale (CONFLICT), never replaced.
  "schoolAdmin.connect.replaceAccount": { access: "school_admin", input: { currentAccountId: "acct_someoneelse" } },
  "schoolAdmin.parents.list": { access: "school_admin", input: { page: 1 } },
  "schoolAdmin.invitations.list": { access: "school_admin", input: { page: 1 } },
  "schoolAdmin.invitations.create": {
    access: "school_admin",
    input: { name: "A Parent", email: "matrix.parent@example.com" },
  },
  "schoolAdmin.invitations.resend": { access: "school_admin", input: { inviteId: "no-such-invite" } },
  "schoolAdmin.invitations.revoke": { access: "school_admin", input: { inviteId: "no-such-invite" } },
  "schoolAdmin.parents.setActive": { access: "school_admin", input: { parentId: "no-such-parent", active: false } },
  "superAdmin.stats": { access: "super_admin" },
  "superAdmin.account.setLocale": { access: "super_admin", input: { locale: "fr" } },
  "parent.overview": { access: "parent" },
  "parent.children.list": { access: "parent" },
  "parent.children.routes": { access: "parent" },
  // Ids of another family and of another school's family: NOT_FOUND (tenant isolation below).
  "parent.children.create": { access: "parent", input: { child: { name: "" } } },
  "parent.children.update": { access: "parent", input: { childId: "no-such-child", child: CHILD } },
  "parent.children.delete": { access: "parent", input: { childId: "no-such-child" } },
  // ADR 0053: a child's guardians. Unknown ids: NOT_FOUND for the parent, refused by the rung for the rest.
  "parent.guardians.list": { access: "parent", input: { childId: "no-such-child" } },
  "parent.guardians.invite": {
    access: "parent",
    input: { childId: "no-such-child", name: "Second Parent", email: "second.guardian@example.com" },
  },
  "parent.guardians.remove": { access: "parent", input: { childId: "no-such-child", parentId: "no-such-parent" } },
  "parent.guardians.revoke": { access: "parent", input: { inviteId: "no-such-invitation" } },
  "parent.guardians.resend": { access: "parent", input: { inviteId: "no-such-invitation" } },
  "parent.guardians.accept": { access: "parent", input: { token: "no-such-token" } },
  // An empty file: read and refused as a preview, nothing written (ADR 0053).
  "schoolAdmin.pupils.import.preview": { access: "school_admin", input: { csv: "" } },
  "schoolAdmin.pupils.import.commit": { access: "school_admin", input: { csv: "" } },
  "schoolAdmin.dashboard": { access: "school_admin" },
  "schoolAdmin.trips.routes": { access: "school_admin" },
  "schoolAdmin.trips.list": { access: "school_admin", input: { view: "week" } },
  "schoolAdmin.trips.create": { access: "school_admin", input: { trip: { routeName: "" } } },
  "schoolAdmin.trips.update": { access: "school_admin", input: { tripId: "no-such-trip", trip: { routeName: "" } } },
  "schoolAdmin.trips.setStatus": { access: "school_admin", input: { tripId: "no-such-trip", status: "in-progress" } },
  "schoolAdmin.trips.delete": { access: "school_admin", input: { tripId: "no-such-trip" } },
  "schoolAdmin.flightTrips.list": { access: "school_admin" },
  "schoolAdmin.flightTrips.create": { access: "school_admin", input: { trip: { title: "" } } },
  "schoolAdmin.flightTrips.update": { access: "school_admin", input: { tripId: "no-such-trip", trip: { title: "" } } },
  "schoolAdmin.flightTrips.delete": { access: "school_admin", input: { tripId: "no-such-trip" } },
  "schoolAdmin.flightTrips.roster": { access: "school_admin", input: { tripId: "no-such-trip" } },
  "schoolAdmin.flightTrips.notifyParents": {
    access: "school_admin",
    input: { tripId: "no-such-trip", title: "", message: "m", email: false },
  },
  "schoolAdmin.notifications.list": { access: "school_admin", input: { tab: "all" } },
  "schoolAdmin.notifications.unreadCount": { access: "school_admin" },
  "schoolAdmin.notifications.listSent": { access: "school_admin", input: { page: 1 } },
  "schoolAdmin.notifications.markRead": { access: "school_admin", input: { notificationId: "no-such-notification" } },
  "schoolAdmin.notifications.delete": { access: "school_admin", input: { notificationId: "no-such-notification" } },
  // Empty title: refused by validation before any recipient is looked up.
  "schoolAdmin.notifications.send": {
    access: "school_admin",
    input: { title: "", message: "m", type: "info", category: "system", audience: { kind: "school" }, email: false },
  },
  "schoolAdmin.paymentSettings.get": { access: "school_admin" },
  // Off the 0.1 step: refused by validation, nothing saved.
  "schoolAdmin.paymentSettings.update": {
    access: "school_admin",
    input: { feePercentage: 5.05, feeApplicationType: "term_based" },
  },
  "schoolAdmin.invoices.list": { access: "school_admin", input: { tab: "all", page: 1 } },
  "schoolAdmin.invoices.create": {
    access: "school_admin",
    input: {
      recipientId: "no-such-parent",
      description: "Bus",
      baseAmount: 1,
      issueDate: "2026-03-02",
      dueDate: "2026-03-17",
    },
  },
  // Unknown ids: NOT_FOUND (another school's invoice under tenant isolation below).
  "schoolAdmin.invoices.update": {
    access: "school_admin",
    input: { invoiceId: "no-such-invoice", description: "Bus", baseAmount: 1, dueDate: "2026-03-17" },
  },
  "schoolAdmin.invoices.void": { access: "school_admin", input: { invoiceId: "no-such-invoice", reason: "Duplicate" } },
  "schoolAdmin.invoices.resend": { access: "school_admin", input: { invoiceId: "no-such-invoice" } },
  "schoolAdmin.invoices.markPaid": {
    access: "school_admin",
    input: { invoiceId: "no-such-invoice", method: "cheque", reference: "100234" },
  },
  "parent.invoices.list": { access: "parent", input: { tab: "all", page: 1 } },
  // An unknown session: NOT_FOUND (another family's session under tenant isolation below).
  "parent.invoices.checkoutStatus": { access: "parent", input: { sessionId: "cs_test_unknown" } },
  "parent.notifications.list": { access: "parent", input: { tab: "all" } },
  "parent.notifications.unreadCount": { access: "parent" },
  "parent.notifications.markRead": { access: "parent", input: { notificationId: "no-such-notification" } },
  "parent.notifications.delete": { access: "parent", input: { notificationId: "no-such-notification" } },
  "parent.account.profile": { access: "parent" },
  "parent.account.exportData": { access: "parent" },
  "parent.account.setLocale": { access: "parent", input: { locale: "fr" } },
  // Sign-up's rules refuse it (BAD_REQUEST: a parent's emergency contact is required, "abc" is no phone) before anything is written.
  "parent.account.updateProfile": { access: "parent", input: { phone: "abc", address: "" } },
  "parent.payments.startInvoiceCheckout": { access: "parent", input: { invoiceId: "no-such-invoice" } },
  "parent.flightTrips.list": { access: "parent" },
  // Unknown ids: NOT_FOUND (foreign enrolments and trips under tenant isolation below).
  "parent.flightTrips.details": { access: "parent", input: { enrollmentId: "no-such-enrollment" } },
  "parent.flightTrips.enroll": {
    access: "parent",
    input: {
      tripId: "no-such-trip",
      enrollment: {
        childId: "no-such-child",
        emergencyContact: "Gran",
        emergencyPhone: "+1 312 555 0101",
        acceptTerms: true,
      },
    },
  },
  "parent.flightTrips.pay": { access: "parent", input: { enrollmentId: "no-such-enrollment" } },
  "parent.flightTrips.optOut": { access: "parent", input: { enrollmentId: "no-such-enrollment" } },
  // A wrong password: refused (BAD_REQUEST) before anything is erased.
  "parent.account.requestErasure": { access: "parent", input: { password: "not the password" } },
  // Routes, stops, buses and riders (ADR 0046): empty names refused by validation, unknown ids NOT_FOUND
  // (another school's under tests/node/routes.test.ts and the fuzz suite).
  "schoolAdmin.buses.list": { access: "school_admin" },
  "schoolAdmin.buses.create": { access: "school_admin", input: { bus: { number: "", seats: 40, plate: null } } },
  "schoolAdmin.buses.update": {
    access: "school_admin",
    input: { busId: "no-such-bus", bus: { number: "12", seats: 40, plate: null } },
  },
  "schoolAdmin.buses.delete": { access: "school_admin", input: { busId: "no-such-bus" } },
  "schoolAdmin.routes.list": { access: "school_admin", input: { page: 1 } },
  "schoolAdmin.routes.get": { access: "school_admin", input: { routeId: "no-such-route" } },
  "schoolAdmin.routes.create": { access: "school_admin", input: { route: { name: "" } } },
  "schoolAdmin.routes.update": { access: "school_admin", input: { routeId: "no-such-route", route: { name: "" } } },
  "schoolAdmin.routes.delete": { access: "school_admin", input: { routeId: "no-such-route" } },
  "schoolAdmin.routes.setCalendar": {
    access: "school_admin",
    input: { routeId: "no-such-route", weekdays: [1, 2, 3, 4, 5] },
  },
  "schoolAdmin.routes.stops.set": {
    access: "school_admin",
    input: {
      routeId: "no-such-route",
      version: 0,
      stops: [{ name: "Main St", latitude: 41.77, longitude: -88.15, time: "07:30", distanceMeters: 0 }],
    },
  },
  "schoolAdmin.routes.suggestOrder": { access: "school_admin", input: { routeId: "no-such-route" } },
  // No GEOCODER_URL here: the school admin gets PRECONDITION_FAILED, everyone else is refused first.
  "schoolAdmin.routes.geocode": { access: "school_admin", input: { query: "Main Street" } },
  "schoolAdmin.routes.stops.reorder": {
    access: "school_admin",
    input: { routeId: "no-such-route", version: 0, stopIds: ["no-such-stop"] },
  },
  "schoolAdmin.routes.noServiceDays.list": { access: "school_admin", input: {} },
  "schoolAdmin.routes.noServiceDays.add": {
    access: "school_admin",
    input: { date: "2026-02-30", reason: "Not a day" },
  },
  "schoolAdmin.routes.noServiceDays.remove": { access: "school_admin", input: { noServiceDayId: "no-such-day" } },
  "schoolAdmin.routes.settings.get": { access: "school_admin" },
  // Past a day: refused by validation, nothing saved.
  "schoolAdmin.routes.settings.update": { access: "school_admin", input: { rideCutoffMinutes: 1441 } },
  "schoolAdmin.riders.assign": {
    access: "school_admin",
    input: { childId: "no-such-child", stopId: "no-such-stop", weekdays: [1], fromDate: "2026-03-02", toDate: null },
  },
  "schoolAdmin.riders.unassign": { access: "school_admin", input: { riderId: "no-such-rider" } },
  "schoolAdmin.riders.list": { access: "school_admin", input: { routeId: "no-such-route" } },
  // A file naming a child the school does not have: previewed with the problem, refused on apply.
  "schoolAdmin.riders.import.preview": {
    access: "school_admin",
    input: { csv: "child,route,stop,weekdays,from\r\nNobody,North,Main,Mon,2026-03-02\r\n" },
  },
  "schoolAdmin.riders.import.commit": {
    access: "school_admin",
    input: { csv: "child,route,stop,weekdays,from\r\nNobody,North,Main,Mon,2026-03-02\r\n" },
  },
  "schoolAdmin.routes.importStops.preview": {
    access: "school_admin",
    input: { routeId: "no-such-route", csv: "name,latitude,longitude,time\r\nMain,41.77,-88.15,07:30\r\n" },
  },
  "schoolAdmin.routes.importStops.commit": {
    access: "school_admin",
    input: { routeId: "no-such-route", version: 0, csv: "name,latitude,longitude,time\r\nMain,41.77,-88.15,07:30\r\n" },
  },
  "schoolAdmin.riders.candidates": { access: "school_admin", input: { search: "Ava" } },
  "parent.rides.lookup": { access: "parent" },
  "parent.live.attendance": { access: "parent" },
  "parent.preferences.get": { access: "parent" },
  "parent.preferences.set": { access: "parent", input: { approachMinutes: 7 } },
  "parent.push.get": { access: "parent" },
  "parent.push.subscribe": {
    access: "parent",
    input: {
      endpoint: "https://push.example.com/send/abc",
      keys: { p256dh: `B${"A".repeat(86)}`, auth: "AAAAAAAAAAAAAAAAAAAAAA" },
    },
  },
  "parent.push.unsubscribe": { access: "parent", input: { endpoint: "https://push.example.com/send/abc" } },
  "parent.push.remove": { access: "parent", input: { id: "no-such-device" } },
  "parent.rides.notRiding.set": { access: "parent", input: { childId: "no-such-child", from: "2026-03-09" } },
  "parent.rides.notRiding.clear": { access: "parent", input: { childId: "no-such-child", from: "2026-03-09" } },
  "schoolAdmin.account.profile": { access: "school_admin" },
  "schoolAdmin.account.exportData": { access: "school_admin" },
  "schoolAdmin.account.setLocale": { access: "school_admin", input: { locale: "fr" } },
  "schoolAdmin.language.update": { access: "school_admin", input: { locale: "fr" } },
  "schoolAdmin.account.updateProfile": { access: "school_admin", input: { phone: "abc", address: "" } },
  "schoolAdmin.account.requestErasure": { access: "school_admin", input: { password: "not the password" } },
  "schoolAdmin.drivers.list": { access: "school_admin" },
  "schoolAdmin.drivers.invite": {
    access: "school_admin",
    input: { name: "A Driver", email: "matrix.driver@example.com" },
  },
  "schoolAdmin.drivers.setActive": { access: "school_admin", input: { driverId: "no-such-driver", active: false } },
  "schoolAdmin.live.runs": { access: "school_admin", input: { date: "2026-03-09" } },
  "schoolAdmin.live.replay": { access: "school_admin", input: { runId: "no-such-run" } },
  "schoolAdmin.live.attendance": { access: "school_admin", input: { date: "2026-03-09", routeId: null } },
  "schoolAdmin.reports.get": { access: "school_admin", input: { from: "2026-03-02", to: "2026-03-13", routeId: null } },
  "driver.runs.list": { access: "driver" },
  "driver.runs.get": { access: "driver", input: { tripId: "no-such-trip" } },
  "driver.runs.buses": { access: "driver" },
  "driver.live.startRun": { access: "driver", input: { runId: "no-such-run", busId: null } },
  "driver.live.endRun": { access: "driver", input: { runId: "no-such-run" } },
  "driver.account.setLocale": { access: "driver", input: { locale: "fr" } },
};

const IDENTITIES = [
  "anonymous",
  "super_admin",
  "school_admin",
  "parent",
  "driver",
  "other_school_admin",
  "other_parent",
  "other_driver",
] as const;
type Identity = (typeof IDENTITIES)[number];
const roleOf = (identity: Identity) =>
  identity === "other_school_admin"
    ? "school_admin"
    : identity === "other_parent"
      ? "parent"
      : identity === "other_driver"
        ? "driver"
        : identity;

let t: TestApp;
/** Children of another family of the parent's school, and of a family of another school. */
let foreignChildIds: string[] = [];
let schoolIds: { own: string; other: string };
let neighbourId: string;
const contexts = new Map<Identity, () => Promise<Context>>();
const cookies = new Map<Identity, () => Promise<string>>();
let parentInvoiceId: string;
let ownRouteId: string;
const createCaller = createCallerFactory(appRouter);

beforeAll(async () => {
  t = await createTestApp();
  const school = await createSchool(t.db);
  const otherSchool = await createSchool(t.db);
  const users = {
    super_admin: await createUser(t.db, "super_admin"),
    school_admin: await createUser(t.db, "school_admin", { schoolId: school.id }),
    parent: await createUser(t.db, "parent", { schoolId: school.id }),
    driver: await createUser(t.db, "driver", { schoolId: school.id }),
    other_school_admin: await createUser(t.db, "school_admin", { schoolId: otherSchool.id }),
    other_parent: await createUser(t.db, "parent", { schoolId: otherSchool.id }),
    other_driver: await createUser(t.db, "driver", { schoolId: otherSchool.id }),
  };
  parentInvoiceId = (await seedInvoice(t.db, { schoolId: school.id, recipientId: users.parent.id })).id;
  const [route] = await t.db
    .insert(routes)
    .values({
      schoolId: school.id,
      name: "North",
      direction: "pickup",
      colour: "#1f77b4",
      driverName: "Sam",
      activeFrom: "2026-01-05",
    })
    .returning({ id: routes.id });
  ownRouteId = route!.id;
  for (const identity of IDENTITIES.slice(1)) {
    const user = users[identity as Exclude<Identity, "anonymous">];
    cookies.set(identity, async () => (await sessionCookieFor(t.db, t.deps.config, user, t.clock.now())).cookie);
  }
  const neighbour = await createUser(t.db, "parent", { schoolId: school.id });
  schoolIds = { own: school.id, other: otherSchool.id };
  neighbourId = neighbour.id;
  const foreign = await t.db
    .insert(children)
    .values([
      { ...CHILD, schoolId: school.id, parentId: neighbour.id },
      { ...CHILD, schoolId: otherSchool.id, parentId: users.other_parent.id },
    ])
    .returning({ id: children.id });
  foreignChildIds = foreign.map((row) => row.id);
  const meta = { ipAddress: "192.0.2.50", userAgent: "matrix", requestId: "matrix" };
  contexts.set("anonymous", async () => ({ deps: t.deps, meta, resHeaders: new Headers(), auth: null }));
  for (const identity of IDENTITIES.slice(1)) {
    const user = users[identity as Exclude<Identity, "anonymous">];
    contexts.set(identity, async () => {
      // A fresh session per call: some procedures (logout, password change) end the session.
      const { cookie, session } = await sessionCookieFor(t.db, t.deps.config, user, t.clock.now());
      // In sudo mode, so sudo-guarded procedures answer on access, not on re-authentication.
      await markReauthenticated(t.db, session.id, t.clock.now());
      return { deps: t.deps, meta, resHeaders: new Headers(), auth: await resolveAuth(t.deps, cookie) };
    });
  }
});
afterAll(() => t.close());

async function call(identity: Identity, path: string): Promise<{ ok: true } | { ok: false; code: string }> {
  const caller = createCaller(await contexts.get(identity)!());
  const procedure = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
    input: unknown,
  ) => Promise<unknown>;
  try {
    await procedure(MATRIX[path]!.input);
    return { ok: true };
  } catch (error) {
    if (error instanceof TRPCError) return { ok: false, code: error.code };
    throw error;
  }
}

function allowed(access: Access, identity: Identity): boolean {
  if (access === "public") return true;
  if (identity === "anonymous") return false;
  return access === "authed" || access === roleOf(identity);
}

const procedures = Object.keys(appRouter._def.procedures).sort();

describe("access matrix (AZ1)", () => {
  it("lists every procedure of the app router, and nothing else", () => {
    expect(procedures).toEqual(Object.keys(MATRIX).sort());
  });

  describe.each(procedures)("%s", (path) => {
    it.each(IDENTITIES)("as %s", async (identity) => {
      const access = MATRIX[path]?.access;
      expect(access, `${path} is missing from the access matrix`).toBeDefined();
      const result = await call(identity, path);
      if (allowed(access!, identity)) {
        // Allowed: may still fail validation or business rules, but never on access.
        if (!result.ok) expect(["UNAUTHORIZED", "FORBIDDEN"]).not.toContain(result.code);
      } else {
        expect(result).toEqual({ ok: false, code: identity === "anonymous" ? "UNAUTHORIZED" : "FORBIDDEN" });
      }
    });
  });
});

/** AZ1, AZ2: routes outside tRPC that read tenant data, with who gets what (same 404 for everyone else). */
const HTTP_ROUTES: Record<string, { url: () => string; allowed: readonly Identity[] }> = {
  "GET /api/invoices/:id/pdf": {
    url: () => `/api/invoices/${parentInvoiceId}/pdf`,
    allowed: ["school_admin", "parent"],
  },
  "GET /api/routes/:routeId/sheet.pdf": {
    url: () => `/api/routes/${ownRouteId}/sheet.pdf?date=2026-03-04`,
    allowed: ["school_admin"],
  },
};

describe("HTTP routes outside tRPC (AZ1, AZ2)", () => {
  describe.each(Object.keys(HTTP_ROUTES))("%s", (name) => {
    it.each(IDENTITIES)("as %s", async (identity) => {
      const route = HTTP_ROUTES[name]!;
      const cookie = identity === "anonymous" ? undefined : await cookies.get(identity)!();
      const response = await t.app.request(`http://localhost:8787${route.url()}`, {
        headers: cookie ? { cookie } : {},
      });
      if (route.allowed.includes(identity)) expect(response.status).toBe(200);
      else if (identity === "anonymous") expect(response.status).toBe(401);
      else
        expect({ status: response.status, body: await response.text() }).toEqual({
          status: 404,
          body: '{"error":"Not found"}',
        });
    });
  });
});

describe("tenant isolation (AZ2, AZ3)", () => {
  it("a school admin sees their own school, whatever another school exists", async () => {
    for (const identity of ["school_admin", "other_school_admin"] as const) {
      const ctx = await contexts.get(identity)!();
      const overview = await createCaller(ctx).schoolAdmin.dashboard();
      expect(overview.school.id).toBe(ctx.auth!.user.schoolId);
    }
  });

  it("AZ2 a school admin cannot invoice another school's parent, and lists only their school's invoices", async () => {
    const own = createCaller(await contexts.get("school_admin")!());
    const other = createCaller(await contexts.get("other_school_admin")!());
    const parentId = (await contexts.get("parent")!()).auth!.user.id;
    const invoice = {
      recipientId: parentId,
      description: "Bus",
      baseAmount: 10,
      issueDate: "2026-03-02",
      dueDate: "2026-03-17",
    };
    await expect(other.schoolAdmin.invoices.create(invoice)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const created = await own.schoolAdmin.invoices.create(invoice);
    expect((await other.schoolAdmin.invoices.list({ tab: "all", page: 1 })).rows).toEqual([]);
    expect((await own.schoolAdmin.invoices.list({ tab: "all", page: 1 })).rows.map((row) => row.id)).toContain(
      created.id,
    );
    const otherParent = createCaller(await contexts.get("other_parent")!());
    expect((await otherParent.parent.invoices.list({ tab: "all", page: 1 })).rows).toEqual([]);
    // Another school's admin cannot void, edit, resend or mark paid the invoice: NOT_FOUND, and nothing changes.
    const before = await t.db.select().from(invoices).where(eq(invoices.id, created.id));
    const invoiceId = created.id;
    for (const call of [
      () => other.schoolAdmin.invoices.void({ invoiceId, reason: "Not mine" }),
      () =>
        other.schoolAdmin.invoices.update({ invoiceId, description: "Taken", baseAmount: 1, dueDate: "2026-03-17" }),
      () => other.schoolAdmin.invoices.resend({ invoiceId }),
      () => other.schoolAdmin.invoices.markPaid({ invoiceId, method: "cash", reference: "" }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect(await t.db.select().from(invoices).where(eq(invoices.id, created.id))).toEqual(before);
  });

  it("AZ2 a parent never lists, changes or deletes another family's child, of their school or of another", async () => {
    const api = createCaller(await contexts.get("parent")!());
    const before = await t.db.select().from(children).orderBy(children.id);
    expect((await api.parent.children.list()).children).toEqual([]);
    for (const childId of foreignChildIds) {
      await expect(api.parent.children.update({ childId, child: { ...CHILD, name: "Taken" } })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      await expect(api.parent.children.delete({ childId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    expect(await t.db.select().from(children).orderBy(children.id)).toEqual(before);
  });

  it("AZ2 a parent never lists, invites to, removes from, resends, withdraws or accepts into another family's child's invitations (ADR 0053)", async () => {
    const api = createCaller(await contexts.get("parent")!());
    // An invitation still waiting for each foreign child, one past its expiry among them (a resend would renew it).
    const foreignInvites = await t.db
      .insert(invitations)
      .values(
        foreignChildIds.map((childId, index) => ({
          email: `guardian-${index}@example.com`,
          role: "parent" as const,
          schoolId: index === 0 ? schoolIds.own : schoolIds.other,
          tokenHash: `matrix-guardian-token-${index}`,
          expiresAt: new Date(t.clock.now().getTime() + (index === 0 ? 1 : -1) * 86_400_000),
          childId,
        })),
      )
      .returning({ id: invitations.id });
    const before = await t.db.select().from(childGuardians).orderBy(childGuardians.id);
    const invitationsBefore = await t.db.select().from(invitations).orderBy(invitations.id);
    for (const { id: inviteId } of foreignInvites) {
      await expect(api.parent.guardians.resend({ inviteId })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(api.parent.guardians.revoke({ inviteId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    for (const childId of foreignChildIds) {
      await expect(api.parent.guardians.list({ childId })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(
        api.parent.guardians.invite({ childId, name: "Taken", email: "taken@example.com" }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
      const [owner] = await t.db
        .select({ parentId: childGuardians.parentId })
        .from(childGuardians)
        .where(eq(childGuardians.childId, childId));
      await expect(api.parent.guardians.remove({ childId, parentId: owner!.parentId })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    }
    expect(await t.db.select().from(childGuardians).orderBy(childGuardians.id)).toEqual(before);
    expect(await t.db.select().from(invitations).orderBy(invitations.id)).toEqual(invitationsBefore);
  });

  it("AZ2 a parent never sees, enrols into, pays or opts out of another family's enrolment or another school's trip", async () => {
    const ctx = await contexts.get("parent")!();
    const api = createCaller(ctx);
    const parentId = ctx.auth!.user.id;
    const ownTrip = await seedFlightTrip(t.db, { schoolId: schoolIds.own });
    const otherTrip = await seedFlightTrip(t.db, { schoolId: schoolIds.other });
    const own = await seedChild(t.db, { schoolId: schoolIds.own, parentId, name: "Own" });
    const neighbours = await seedEnrollment(t.db, {
      schoolId: schoolIds.own,
      flightTripId: ownTrip.id,
      childId: foreignChildIds[0]!,
      parentId: neighbourId,
    });
    const before = await t.db.select().from(flightTripEnrollments).orderBy(flightTripEnrollments.id);
    for (const call of [api.parent.flightTrips.details, api.parent.flightTrips.pay, api.parent.flightTrips.optOut]) {
      await expect(call({ enrollmentId: neighbours.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    for (const childId of foreignChildIds) {
      await expect(
        api.parent.flightTrips.enroll({ tripId: ownTrip.id, enrollment: { ...ENROLLMENT_FORM, childId } }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    await expect(
      api.parent.flightTrips.enroll({ tripId: otherTrip.id, enrollment: { ...ENROLLMENT_FORM, childId: own.id } }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await t.db.select().from(flightTripEnrollments).orderBy(flightTripEnrollments.id)).toEqual(before);
    expect(await t.db.$count(payments)).toBe(0);
    // The list shows the parent's school's trips only, and no other family's enrolment.
    const list = await api.parent.flightTrips.list();
    expect(list.trips.map((trip) => trip.id)).toEqual([ownTrip.id]);
    expect(list.trips[0]!.children).toEqual([
      expect.objectContaining({ childId: own.id, label: "Not Enrolled", enrollment: null }),
    ]);
  });

  it("a parent sees their own school only", async () => {
    for (const identity of ["parent", "other_parent"] as const) {
      const ctx = await contexts.get(identity)!();
      const overview = await createCaller(ctx).parent.overview();
      expect(overview.school?.id).toBe(ctx.auth!.user.schoolId);
    }
  });
});

describe("unknown keys (IN1)", () => {
  const withInput = procedures.filter((path) => MATRIX[path]?.input !== undefined);
  it.each(withInput)("IN1 %s refuses an unknown key", async (path) => {
    const { inputs } = (appRouter._def.procedures as unknown as Record<string, { _def: { inputs: z.ZodType[] } }>)[
      path
    ]!._def;
    expect(inputs.length).toBeGreaterThan(0);
    for (const parser of inputs) {
      const result = await parser.safeParseAsync({ ...(MATRIX[path]!.input as object), unexpectedKey: 1 });
      expect(result.error?.issues.map((issue) => issue.code)).toContain("unrecognized_keys");
    }
  });
});
