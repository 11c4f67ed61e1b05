import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, childGuardians, children, emailLogs, invitations, parents } from "#db/schema/index.ts";
import { CHILD_MESSAGES } from "#shared/children.ts";
import { GUARDIAN_MESSAGES } from "#shared/guardians.ts";
import { INVITATION_MESSAGES } from "#shared/invitations.ts";
import { sendInvitationReminders } from "#worker/services/invitations/sweep.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser, PASSWORD } from "../support/fixtures.ts";
import { seedEnrollment, seedFlightTrip } from "../support/flight-trips.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { mutate } from "../support/http.ts";
import { seedInvoice } from "../support/invoice-documents.ts";
import { lastEmailTo, tokenIn } from "../support/mail.ts";

/**
 * ADR 0053: a child shared by two households. Guardians see exactly the children they guard (and
 * each only the invoices addressed to them), invite by e-mail through the invitation machinery with
 * one answer for every address (AU1), never remove a child's last guardian, and a double acceptance
 * links once.
 */

const CHILD = { name: "Ada", age: 8, grade: "3rd Grade" as const, school: "Maple", emergencyContact: "Mum 555 0100" };
const ACCEPT = {
  name: "Robin Second",
  password: "a long passphrase",
  confirmPassword: "a long passphrase",
  emergencyContact: "Sam",
  emergencyPhone: "+1 312 555 0100",
};

let t: TestApp;
let school: Awaited<ReturnType<typeof createSchool>>;
let owner: Awaited<ReturnType<typeof createUser>>;
let childId: string;

beforeEach(async () => {
  t = await createTestApp();
  t.clock.set(new Date("2026-03-02T12:00:00Z"));
  school = await createSchool(t.db, { timeZone: "America/Chicago" });
  owner = await createUser(t.db, "parent", { schoolId: school.id, name: "Pat Owner" });
  childId = (await (await callerFor(t, owner)).parent.children.create({ child: CHILD })).id;
});
afterEach(() => t.close());

const guardiansOf = async (id: string) =>
  (
    await t.db
      .select({ parentId: childGuardians.parentId, role: childGuardians.role })
      .from(childGuardians)
      .where(eq(childGuardians.childId, id))
  ).sort((a, b) => a.role.localeCompare(b.role));

async function invite(email: string, by = owner) {
  const api = await callerFor(t, by);
  return api.parent.guardians.invite({ childId, name: "Robin Second", email });
}

/** Invites a fresh address and accepts it on the public page: the new guardian's account. */
async function newGuardian(email = "robin@example.com") {
  await invite(email);
  const token = tokenIn((await lastEmailTo(t.db, email)).textBody);
  const response = await mutate(t.app, "auth.acceptInvitation", { token, ...ACCEPT });
  expect(response.status, JSON.stringify(response.error)).toBe(200);
  const [account] = await t.db.select().from(parents).where(eq(parents.email, email));
  return { ...account!, role: "parent" as const };
}

describe("inviting a guardian (ADR 0053)", () => {
  it("a fresh address: one invitation of the school for the child, the accept link, then an account that guards the child", async () => {
    expect(await invite("Robin@Example.com")).toEqual({ message: GUARDIAN_MESSAGES.invited });
    const [row] = await t.db.select().from(invitations);
    expect(row).toMatchObject({
      email: "robin@example.com",
      role: "parent",
      schoolId: school.id,
      childId,
      status: "pending",
      invitedBy: owner.id,
      invitedByRole: "parent",
    });
    const mail = await lastEmailTo(t.db, "robin@example.com");
    expect(mail).toMatchObject({ emailType: "parent_invite", status: "pending", relatedId: row!.id });
    expect(mail.subject).toContain("Pat Owner shares Ada's school transport");
    expect(mail.textBody).toContain("/accept-invite?token=");
    expect(t.queued).toContainEqual({ kind: "email", emailLogId: mail.id });

    const token = tokenIn(mail.textBody);
    expect((await mutate(t.app, "auth.acceptInvitation", { token, ...ACCEPT })).status).toBe(200);
    const [account] = await t.db.select().from(parents).where(eq(parents.email, "robin@example.com"));
    expect(await guardiansOf(childId)).toEqual([
      { parentId: account!.id, role: "guardian" },
      { parentId: owner.id, role: "owner" },
    ]);
    const [accepted] = await t.db.select().from(invitations);
    expect(accepted).toMatchObject({ status: "accepted", acceptedUserId: account!.id });
  });

  it("answers the same for a fresh address, one with an account at this school, and one at another school (AU1)", async () => {
    const neighbour = await createUser(t.db, "parent", { schoolId: school.id, email: "neighbour@example.com" });
    await createUser(t.db, "parent", { email: "elsewhere@example.com" });
    const answers = [];
    for (const email of ["fresh@example.com", "neighbour@example.com", "elsewhere@example.com"])
      answers.push(await invite(email));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    // The fresh address creates an account; the school's parent signs in and accepts; the other school's gets no link.
    expect((await lastEmailTo(t.db, "fresh@example.com")).textBody).toContain("/accept-invite?token=");
    const neighbourMail = await lastEmailTo(t.db, "neighbour@example.com");
    expect(neighbourMail.textBody).toContain("/parent/children?guardianToken=");
    const elsewhere = await lastEmailTo(t.db, "elsewhere@example.com");
    expect(elsewhere.emailType).toBe("invite_notice");
    expect(elsewhere.textBody).not.toContain("token=");
    expect(neighbour.id).toBeTruthy();
  });

  it("an address with a parent account at the school is linked on acceptance, signed in as that account, without a second account", async () => {
    const neighbour = await createUser(t.db, "parent", { schoolId: school.id, email: "neighbour@example.com" });
    await invite("neighbour@example.com");
    const token = /guardianToken=([\w-]+)/.exec((await lastEmailTo(t.db, "neighbour@example.com")).textBody)![1]!;
    // The public page refuses to make a second account for the address.
    const publicAccept = await mutate(t.app, "auth.acceptInvitation", { token, ...ACCEPT });
    expect(publicAccept.error?.message).toBe(INVITATION_MESSAGES.accountExists);
    // Another parent of the school, signed in, is refused; the invited one is linked.
    const stranger = await createUser(t.db, "parent", { schoolId: school.id });
    expect(await failure((await callerFor(t, stranger)).parent.guardians.accept({ token }))).toMatchObject({
      code: "FORBIDDEN",
      message: GUARDIAN_MESSAGES.wrongAccount,
    });
    const api = await callerFor(t, neighbour);
    expect(await api.parent.guardians.accept({ token })).toEqual({ childId, message: GUARDIAN_MESSAGES.accepted });
    expect(await t.db.$count(parents, eq(parents.email, "neighbour@example.com"))).toBe(1);
    expect((await api.parent.children.list()).children.map((child) => child.id)).toEqual([childId]);
    // The link is spent.
    expect(await failure(api.parent.guardians.accept({ token }))).toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses yourself, a guardian already, a second open invitation of one address, and more than the bound", async () => {
    expect(await failure(invite(owner.email))).toMatchObject({ message: GUARDIAN_MESSAGES.yourself });
    await invite("a@example.com");
    expect(await failure(invite("a@example.com"))).toMatchObject({ message: GUARDIAN_MESSAGES.pendingExists });
    await invite("b@example.com");
    await invite("c@example.com");
    expect(await failure(invite("d@example.com"))).toMatchObject({ message: GUARDIAN_MESSAGES.tooMany });
    expect(await t.db.$count(invitations)).toBe(3);
  });

  it("a parent sends at most 5 guardian invitations an hour (TK3)", async () => {
    const api = await callerFor(t, owner);
    const others = [];
    for (let index = 0; index < 6; index += 1)
      others.push((await api.parent.children.create({ child: { ...CHILD, name: `Kid ${index}` } })).id);
    for (const [index, id] of others.slice(0, 5).entries())
      await api.parent.guardians.invite({ childId: id, name: "R", email: `r${index}@example.com` });
    expect(
      await failure(api.parent.guardians.invite({ childId: others[5]!, name: "R", email: "r5@example.com" })),
    ).toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });

  it("a guardian may withdraw an open invitation of their child; another family may not", async () => {
    await invite("a@example.com");
    const [row] = await t.db.select().from(invitations);
    const neighbour = await createUser(t.db, "parent", { schoolId: school.id });
    expect(await failure((await callerFor(t, neighbour)).parent.guardians.revoke({ inviteId: row!.id }))).toMatchObject(
      { code: "NOT_FOUND" },
    );
    expect(await (await callerFor(t, owner)).parent.guardians.revoke({ inviteId: row!.id })).toEqual({
      message: GUARDIAN_MESSAGES.revoked,
    });
    const token = tokenIn((await lastEmailTo(t.db, "a@example.com")).textBody);
    expect((await mutate(t.app, "auth.acceptInvitation", { token, ...ACCEPT })).status).toBe(404);
  });
});

describe("resending a guardian invitation", () => {
  const DAY = 86_400_000;
  const invitationTo = async (email: string) =>
    (await t.db.select().from(invitations).where(eq(invitations.email, email)))[0]!;

  it("the owner resends: a new link (the old one stops working), the same expiry, the same e-mail, audited", async () => {
    await invite("robin@example.com");
    const sent = await invitationTo("robin@example.com");
    const oldToken = tokenIn((await lastEmailTo(t.db, "robin@example.com")).textBody);
    t.clock.advance(60_000);
    expect(await (await callerFor(t, owner)).parent.guardians.resend({ inviteId: sent.id })).toEqual({
      message: INVITATION_MESSAGES.resent,
    });
    const resent = await invitationTo("robin@example.com");
    expect(resent).toMatchObject({ status: "pending", expiresAt: sent.expiresAt });
    expect(resent.tokenHash).not.toBe(sent.tokenHash);
    const mail = await lastEmailTo(t.db, "robin@example.com");
    expect(mail).toMatchObject({ emailType: "parent_invite", relatedId: sent.id });
    expect(mail.subject).toContain("Pat Owner shares Ada's school transport");
    const newToken = tokenIn(mail.textBody);
    expect(newToken).not.toBe(oldToken);
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "invitation_resent"));
    expect(audit).toMatchObject({ userId: owner.id, schoolId: school.id });
    expect(audit!.metadata).toMatchObject({ invite_id: sent.id, child_id: childId });

    expect((await mutate(t.app, "auth.acceptInvitation", { token: oldToken, ...ACCEPT })).status).toBe(404);
    expect((await mutate(t.app, "auth.acceptInvitation", { token: newToken, ...ACCEPT })).status).toBe(200);
    const [account] = await t.db.select().from(parents).where(eq(parents.email, "robin@example.com"));
    expect(await guardiansOf(childId)).toEqual([
      { parentId: account!.id, role: "guardian" },
      { parentId: owner.id, role: "owner" },
    ]);
  });

  it("answers the same whatever the address has (AU1), each getting the invite's e-mail", async () => {
    await createUser(t.db, "parent", { schoolId: school.id, email: "neighbour@example.com" });
    await createUser(t.db, "parent", { email: "elsewhere@example.com" });
    const api = await callerFor(t, owner);
    const addresses = ["fresh@example.com", "neighbour@example.com", "elsewhere@example.com"];
    for (const email of addresses) await invite(email);
    t.clock.advance(61 * 60_000); // past the parent's hourly window
    const answers = [];
    for (const email of addresses)
      answers.push(await api.parent.guardians.resend({ inviteId: (await invitationTo(email)).id }));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect((await lastEmailTo(t.db, "fresh@example.com")).textBody).toContain("/accept-invite?token=");
    expect((await lastEmailTo(t.db, "neighbour@example.com")).textBody).toContain("/parent/children?guardianToken=");
    const elsewhere = await lastEmailTo(t.db, "elsewhere@example.com");
    expect(elsewhere.emailType).toBe("invite_notice");
    expect(elsewhere.textBody).not.toContain("token=");
  });

  it("the school admin resends it: the same guardian e-mail as the parent's resend (who shares which child, the link by what the address has)", async () => {
    const admin = await callerFor(t, await createUser(t.db, "school_admin", { schoolId: school.id }));
    await createUser(t.db, "parent", { schoolId: school.id, email: "neighbour@example.com" });
    for (const email of ["robin@example.com", "neighbour@example.com"]) await invite(email);
    t.clock.advance(60_000);
    for (const email of ["robin@example.com", "neighbour@example.com"])
      expect(await admin.schoolAdmin.invitations.resend({ inviteId: (await invitationTo(email)).id })).toEqual({
        message: INVITATION_MESSAGES.resent,
      });
    const mail = await lastEmailTo(t.db, "robin@example.com");
    expect(mail).toMatchObject({ emailType: "parent_invite", relatedId: (await invitationTo("robin@example.com")).id });
    expect(mail.subject).toBe("Pat Owner shares Ada's school transport with you");
    expect(mail.textBody).toContain("invited you to be a guardian of Ada");
    expect(mail.textBody).toContain("/accept-invite?token=");
    const neighbour = await lastEmailTo(t.db, "neighbour@example.com");
    expect(neighbour.subject).toBe("Pat Owner shares Ada's school transport with you");
    expect(neighbour.textBody).toContain("/parent/children?guardianToken=");
    // The resent link makes the guardian, as the parent's would.
    const token = tokenIn(mail.textBody);
    expect((await mutate(t.app, "auth.acceptInvitation", { token, ...ACCEPT })).status).toBe(200);
    const [account] = await t.db.select().from(parents).where(eq(parents.email, "robin@example.com"));
    expect(await guardiansOf(childId)).toContainEqual({ parentId: account!.id, role: "guardian" });
  });

  it("the other guardian resends too; another family's or school's parent gets NOT_FOUND and nothing changes", async () => {
    const guardian = await newGuardian();
    await invite("c@example.com");
    const row = await invitationTo("c@example.com");
    const neighbour = await createUser(t.db, "parent", { schoolId: school.id });
    const elsewhere = await createUser(t.db, "parent");
    for (const stranger of [neighbour, elsewhere])
      expect(await failure((await callerFor(t, stranger)).parent.guardians.resend({ inviteId: row.id }))).toMatchObject(
        { code: "NOT_FOUND", message: INVITATION_MESSAGES.notFound },
      );
    expect(await invitationTo("c@example.com")).toEqual(row);
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "invitation_resent"))).toBe(0);

    expect(await (await callerFor(t, guardian)).parent.guardians.resend({ inviteId: row.id })).toEqual({
      message: INVITATION_MESSAGES.resent,
    });
    expect((await invitationTo("c@example.com")).tokenHash).not.toBe(row.tokenHash);
    // A school's own invitation (no child) is not a guardian invitation.
    const admin = await callerFor(t, await createUser(t.db, "school_admin", { schoolId: school.id }));
    await admin.schoolAdmin.invitations.create({ name: "New Parent", email: "school@example.com" });
    const schools = await invitationTo("school@example.com");
    expect(await failure((await callerFor(t, owner)).parent.guardians.resend({ inviteId: schools.id }))).toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("one past its expiry (marked expired or not) is renewed with a new expiry; a withdrawn or accepted one is not resent", async () => {
    const api = await callerFor(t, owner);
    await invite("a@example.com");
    await invite("b@example.com");
    const [a, b] = [await invitationTo("a@example.com"), await invitationTo("b@example.com")];
    await t.db.update(invitations).set({ status: "expired" }).where(eq(invitations.id, b.id));
    t.clock.advance(8 * DAY);
    for (const row of [a, b]) {
      expect(await api.parent.guardians.resend({ inviteId: row.id })).toEqual({
        message: INVITATION_MESSAGES.resentWithNewToken,
      });
      expect(await invitationTo(row.email)).toMatchObject({
        status: "pending",
        expiresAt: new Date(t.clock.now().getTime() + 7 * DAY),
      });
    }
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "invitation_regenerated"))).toBe(2);
    const token = tokenIn((await lastEmailTo(t.db, "a@example.com")).textBody);
    expect((await mutate(t.app, "auth.acceptInvitation", { token, ...ACCEPT })).status).toBe(200);
    expect(await failure(api.parent.guardians.resend({ inviteId: a.id }))).toMatchObject({
      code: "BAD_REQUEST",
      message: GUARDIAN_MESSAGES.resendOnlyWaiting,
    });
    await api.parent.guardians.revoke({ inviteId: b.id });
    expect(await failure(api.parent.guardians.resend({ inviteId: b.id }))).toMatchObject({
      code: "BAD_REQUEST",
      message: GUARDIAN_MESSAGES.resendOnlyWaiting,
    });
  });

  it("the hourly reminder of a guardian invitation is in its own words: who shares which child, with a fresh link", async () => {
    await invite("robin@example.com");
    t.clock.advance(5.5 * DAY);
    const sent = await sendInvitationReminders(
      { db: t.db, queue: t.deps.queue, logger: t.logger, appUrl: "http://localhost:8787" },
      t.clock.now(),
    );
    expect(sent).toBe(1);
    const reminder = await lastEmailTo(t.db, "robin@example.com", "invite_reminder");
    expect(reminder.subject).toBe("Reminder: Pat Owner shares Ada's school transport with you");
    expect(reminder.textBody).toContain("invited you to be a guardian of Ada");
    const token = tokenIn(reminder.textBody);
    expect((await mutate(t.app, "auth.acceptInvitation", { token, ...ACCEPT })).status).toBe(200);
  });

  it("a renewal needs the room a new invitation needs: not while the address has another open invitation or the child is full", async () => {
    const api = await callerFor(t, owner);
    await invite("a@example.com");
    const first = await invitationTo("a@example.com");
    t.clock.advance(8 * DAY);
    await invite("a@example.com");
    expect(await failure(api.parent.guardians.resend({ inviteId: first.id }))).toMatchObject({
      code: "CONFLICT",
      message: GUARDIAN_MESSAGES.pendingExists,
    });
    await invite("b@example.com");
    await invite("c@example.com");
    await api.parent.guardians.revoke({
      inviteId: (await t.db.select().from(invitations).where(eq(invitations.status, "pending"))).find(
        (row) => row.id !== first.id && row.email === "a@example.com",
      )!.id,
    });
    await invite("d@example.com");
    expect(await failure(api.parent.guardians.resend({ inviteId: first.id }))).toMatchObject({
      code: "BAD_REQUEST",
      message: GUARDIAN_MESSAGES.tooMany,
    });
    // The school admin's renewal of it (Regenerate) meets the same rule, and sends nothing.
    const admin = await callerFor(t, await createUser(t.db, "school_admin", { schoolId: school.id }));
    const mails = await t.db.$count(emailLogs, eq(emailLogs.recipientEmail, "a@example.com"));
    expect(
      await failure(admin.schoolAdmin.invitations.resend({ inviteId: first.id, regenerateToken: true })),
    ).toMatchObject({ code: "BAD_REQUEST", message: GUARDIAN_MESSAGES.tooMany });
    expect(await t.db.$count(emailLogs, eq(emailLogs.recipientEmail, "a@example.com"))).toBe(mails);
    expect(await t.db.select().from(invitations).where(eq(invitations.id, first.id))).toEqual([first]);
    // With room again (one withdrawn), the admin renews it.
    await api.parent.guardians.revoke({ inviteId: (await invitationTo("d@example.com")).id });
    expect(await admin.schoolAdmin.invitations.resend({ inviteId: first.id, regenerateToken: true })).toEqual({
      message: INVITATION_MESSAGES.resentWithNewToken,
    });
    expect(await invitationTo("a@example.com")).toMatchObject({ status: "pending" });
  });

  it("counts against the parent's 5 guardian invitations an hour (TK3): a resend past it is refused and changes nothing", async () => {
    const api = await callerFor(t, owner);
    const other = (await api.parent.children.create({ child: { ...CHILD, name: "Ben" } })).id;
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) await invite(email);
    for (const email of ["d@example.com", "e@example.com"])
      await api.parent.guardians.invite({ childId: other, name: "R", email });
    const row = await invitationTo("a@example.com");
    expect(await failure(api.parent.guardians.resend({ inviteId: row.id }))).toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    expect(await invitationTo("a@example.com")).toEqual(row);
    t.clock.advance(61 * 60_000);
    expect(await api.parent.guardians.resend({ inviteId: row.id })).toEqual({ message: INVITATION_MESSAGES.resent });
  });
});

describe("what each guardian sees", () => {
  it("both see the child, its rides and may mark it not riding; each sees only the invoices addressed to them", async () => {
    const guardian = await newGuardian();
    const asOwner = await callerFor(t, owner);
    const asGuardian = await callerFor(t, guardian);
    const neighbour = await createUser(t.db, "parent", { schoolId: school.id });
    await (await callerFor(t, neighbour)).parent.children.create({ child: { ...CHILD, name: "Other" } });
    for (const api of [asOwner, asGuardian]) {
      expect((await api.parent.children.list()).children.map((child) => child.id)).toEqual([childId]);
      expect((await api.parent.rides.lookup()).children.map((child) => child.id)).toEqual([childId]);
      expect((await api.parent.overview()).children.map((child) => child.id)).toEqual([childId]);
    }
    // The school assigns a stop: both see it; either marks a day not riding, and both see that.
    const admin = await callerFor(t, await createUser(t.db, "school_admin", { schoolId: school.id }));
    const route = await admin.schoolAdmin.routes.create({
      route: {
        name: "Oak loop",
        direction: "pickup",
        colour: "#1f77b4",
        busId: null,
        driverName: "Dana",
        activeFrom: "2026-03-01",
        activeTo: null,
        weekdays: [1, 2, 3, 4, 5],
      },
    });
    const { stopIds } = await admin.schoolAdmin.routes.stops.set({
      routeId: route.id,
      version: 0,
      stops: [
        { name: "Main St & 5th Ave", latitude: 41.77, longitude: -88.15, time: "07:30", distanceMeters: 0 },
        { name: "School", latitude: 41.78, longitude: -88.14, time: "07:50", distanceMeters: 2100 },
      ],
    });
    await admin.schoolAdmin.riders.assign({
      childId,
      stopId: stopIds[0]!,
      weekdays: [1, 2, 3, 4, 5],
      fromDate: "2026-03-01",
      toDate: null,
    });
    await asGuardian.parent.rides.notRiding.set({ childId, from: "2026-03-04" });
    for (const api of [asOwner, asGuardian]) {
      const [kid] = (await api.parent.rides.lookup()).children;
      expect(kid).toMatchObject({ id: childId, notRiding: ["2026-03-04"] });
      expect(kid!.rides[0]!.stop.name).toBe("Main St & 5th Ave");
    }
    await asOwner.parent.rides.notRiding.clear({ childId, from: "2026-03-04" });
    expect((await asGuardian.parent.rides.lookup()).children[0]!.notRiding).toEqual([]);
    const ownersInvoice = await seedInvoice(t.db, { schoolId: school.id, recipientId: owner.id });
    const guardiansInvoice = await seedInvoice(t.db, { schoolId: school.id, recipientId: guardian.id });
    const ids = async (api: typeof asOwner) =>
      (await api.parent.invoices.list({ tab: "all", page: 1 })).rows.map((row) => row.id);
    expect(await ids(asOwner)).toEqual([ownersInvoice.id]);
    expect(await ids(asGuardian)).toEqual([guardiansInvoice.id]);
    // The guardian edits the record; only the owner deletes it.
    await asGuardian.parent.children.update({ childId, child: { ...CHILD, allergyInfo: "Peanuts" } });
    expect(await failure(asGuardian.parent.children.delete({ childId }))).toMatchObject({
      code: "FORBIDDEN",
      message: CHILD_MESSAGES.onlyOwnerDeletes,
    });
    const list = await asGuardian.parent.guardians.list({ childId });
    expect(list).toMatchObject({ youOwn: false, child: { id: childId, name: "Ada" }, invitations: [] });
    expect(list.guardians.map((row) => [row.id, row.role, row.isYou])).toEqual([
      [owner.id, "owner", false],
      [guardian.id, "guardian", true],
    ]);
  });
});

describe("a child's field trip with two guardians", () => {
  it("both see the enrolment; only the guardian who enrolled is offered Make Payment, and the other's pay is refused", async () => {
    const guardian = await newGuardian();
    const trip = await seedFlightTrip(t.db, { schoolId: school.id });
    const enrollment = await seedEnrollment(t.db, {
      schoolId: school.id,
      flightTripId: trip.id,
      childId,
      parentId: owner.id,
      status: "pending",
    });
    const offered = async (api: Awaited<ReturnType<typeof callerFor>>) => {
      const listed = (await api.parent.flightTrips.list()).trips.find((row) => row.id === trip.id)!;
      const [kid] = listed.children;
      return { id: kid!.enrollment?.id, canPay: kid!.enrollment?.canPay };
    };
    const asOwner = await callerFor(t, owner);
    const asGuardian = await callerFor(t, guardian);
    expect(await offered(asOwner)).toEqual({ id: enrollment.id, canPay: true });
    expect(await offered(asGuardian)).toEqual({ id: enrollment.id, canPay: false });
    expect(await failure(asGuardian.parent.flightTrips.pay({ enrollmentId: enrollment.id }))).toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("removing a guardian", () => {
  it("the last guardian is never removed; a guardian leaves; only the owner removes another", async () => {
    const asOwner = await callerFor(t, owner);
    expect(await failure(asOwner.parent.guardians.remove({ childId, parentId: owner.id }))).toMatchObject({
      code: "CONFLICT",
      message: GUARDIAN_MESSAGES.lastGuardian,
    });
    const guardian = await newGuardian();
    const asGuardian = await callerFor(t, guardian);
    expect(await failure(asGuardian.parent.guardians.remove({ childId, parentId: owner.id }))).toMatchObject({
      code: "FORBIDDEN",
      message: GUARDIAN_MESSAGES.onlyOwnerRemoves,
    });
    expect(await asGuardian.parent.guardians.remove({ childId, parentId: guardian.id })).toEqual({
      message: GUARDIAN_MESSAGES.left,
    });
    expect((await asGuardian.parent.children.list()).children).toEqual([]);
    expect(await failure(asGuardian.parent.rides.notRiding.set({ childId, from: "2026-03-04" }))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await guardiansOf(childId)).toEqual([{ parentId: owner.id, role: "owner" }]);
  });

  it("an owner who leaves passes the child to the other guardian; two leaving at once leave one behind", async () => {
    const guardian = await newGuardian();
    const asOwner = await callerFor(t, owner);
    const asGuardian = await callerFor(t, guardian);
    const outcomes = await Promise.allSettled([
      asOwner.parent.guardians.remove({ childId, parentId: owner.id }),
      asGuardian.parent.guardians.remove({ childId, parentId: guardian.id }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const left = await guardiansOf(childId);
    expect(left).toHaveLength(1);
    expect(left[0]!.role).toBe("owner");
    const [child] = await t.db.select({ owner: children.parentId }).from(children).where(eq(children.id, childId));
    expect(child!.owner).toBe(left[0]!.parentId);
  });
});

describe("concurrent acceptance", () => {
  it("two acceptances of one token on the public page make one account and one guardian", async () => {
    await invite("robin@example.com");
    const token = tokenIn((await lastEmailTo(t.db, "robin@example.com")).textBody);
    const responses = await Promise.all([
      mutate(t.app, "auth.acceptInvitation", { token, ...ACCEPT }),
      mutate(t.app, "auth.acceptInvitation", { token, ...ACCEPT }),
    ]);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(await t.db.$count(parents, eq(parents.email, "robin@example.com"))).toBe(1);
    expect(await guardiansOf(childId)).toHaveLength(2);
  });

  it("two acceptances signed in link once, with one audit row", async () => {
    const neighbour = await createUser(t.db, "parent", { schoolId: school.id, email: "neighbour@example.com" });
    await invite("neighbour@example.com");
    const token = /guardianToken=([\w-]+)/.exec((await lastEmailTo(t.db, "neighbour@example.com")).textBody)![1]!;
    const [first, second] = [await callerFor(t, neighbour), await callerFor(t, neighbour)];
    const outcomes = await Promise.allSettled([
      first.parent.guardians.accept({ token }),
      second.parent.guardians.accept({ token }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await guardiansOf(childId)).toEqual([
      { parentId: neighbour.id, role: "guardian" },
      { parentId: owner.id, role: "owner" },
    ]);
  });
});

describe("privacy with shared children (GD1, GD2)", () => {
  it("erasing one guardian keeps the child the other still has (and passes it on); the sole guardian's child goes", async () => {
    const guardian = await newGuardian();
    const asOwner = await callerFor(t, owner);
    const own = (await asOwner.parent.children.create({ child: { ...CHILD, name: "Ben" } })).id;
    const exported = await (await callerFor(t, guardian)).parent.account.exportData();
    expect(JSON.stringify(exported)).toContain(childId);
    await asOwner.parent.account.requestErasure({ password: PASSWORD });
    const left = await t.db.select({ id: children.id, owner: children.parentId }).from(children);
    expect(left).toEqual([{ id: childId, owner: guardian.id }]);
    expect(await guardiansOf(childId)).toEqual([{ parentId: guardian.id, role: "owner" }]);
    expect(await t.db.$count(childGuardians, and(eq(childGuardians.childId, own)))).toBe(0);
    expect((await (await callerFor(t, guardian)).parent.children.list()).children.map((row) => row.id)).toEqual([
      childId,
    ]);
  });
});
