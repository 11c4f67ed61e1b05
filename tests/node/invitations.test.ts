import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditLogs, children, emailLogs, invitations, parents, schoolAdmins } from "#db/schema/index.ts";
import { INVITATION_MESSAGES } from "#shared/invitations.ts";
import { sha256Hex } from "#worker/auth/crypto.ts";
import { sendInvitationReminders } from "#worker/services/invitations/sweep.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, DAY, type TestApp } from "../support/harness.ts";
import { cookieFrom, mutate, query } from "../support/http.ts";
import { lastEmailTo, temporaryPasswordIn, tokenIn } from "../support/mail.ts";

let t: TestApp;
let superAdmin: { cookie: string };
let school: Awaited<ReturnType<typeof createSchool>>;
let schoolAdmin: { cookie: string; id: string };

/** A fresh school admin session at the current (possibly advanced) clock. */
async function refreshAdminSession() {
  const [admin] = await t.db.select().from(schoolAdmins).where(eq(schoolAdmins.id, schoolAdmin.id));
  schoolAdmin = {
    ...(await sessionCookieFor(t.db, t.deps.config, { id: admin!.id, role: "school_admin" }, t.clock.now())),
    id: admin!.id,
  };
}

beforeEach(async () => {
  t = await createTestApp();
  school = await createSchool(t.db, { name: "Maple Grove Primary" });
  const sa = await createUser(t.db, "super_admin");
  superAdmin = await sessionCookieFor(t.db, t.deps.config, sa, t.clock.now());
  const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
  schoolAdmin = { ...(await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now())), id: admin.id };
});
afterEach(() => t.close());

const acceptForm = {
  name: "Pat Parent",
  password: "a long passphrase",
  confirmPassword: "a long passphrase",
  emergencyContact: "Robin",
  emergencyPhone: "+1 312 555 0100",
};

async function createParentInvitation(email = "pat@example.com") {
  const response = await mutate(
    t.app,
    "schoolAdmin.invitations.create",
    { name: "Pat Parent", email },
    { cookie: schoolAdmin.cookie },
  );
  expect(response.status, JSON.stringify(response.error)).toBe(200);
  const mail = await lastEmailTo(t.db, email);
  return { id: (response.data as { id: string }).id, token: tokenIn(mail.textBody), mail };
}

async function createAdminInvitation(email = "new.admin@example.com") {
  const response = await mutate(
    t.app,
    "superAdmin.invitations.create",
    { name: "Nia Admin", email, schoolId: school.id },
    { cookie: superAdmin.cookie },
  );
  expect(response.status, JSON.stringify(response.error)).toBe(200);
  const mail = await lastEmailTo(t.db, email);
  return {
    id: (response.data as { id: string }).id,
    token: tokenIn(mail.textBody),
    temporaryPassword: temporaryPasswordIn(mail.textBody),
    mail,
  };
}

describe("creating invitations", () => {
  it("stores only hashes of a 32-byte hex token and a 12-character temporary password, expiring in 7 days", async () => {
    const { id, token, temporaryPassword, mail } = await createAdminInvitation();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(temporaryPassword).toMatch(/^[A-HJ-NP-Za-km-z2-9]{12}$/); // no 0/O, 1/l/I
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row).toMatchObject({
      email: "new.admin@example.com",
      role: "school_admin",
      schoolId: school.id,
      status: "pending",
      tokenHash: await sha256Hex(token),
      temporaryPasswordHash: await sha256Hex(temporaryPassword),
      invitedByRole: "super_admin",
      expiresAt: new Date(t.clock.now().getTime() + 7 * DAY),
      metadata: {
        admin_name: "Nia Admin",
        invitedUserName: "Nia Admin",
        accept_invite_link: "http://localhost:8787/accept-invite",
      },
    });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(temporaryPassword);
    // The e-mail is in the outbox (pending) and on the queue, with an audit row beside it.
    expect(mail).toMatchObject({
      emailType: "school_admin_invite",
      status: "pending",
      relatedId: id,
      schoolId: school.id,
    });
    expect(mail.textBody).toContain(`http://localhost:8787/accept-invite?token=${token}`);
    expect(t.queued).toContainEqual({ kind: "email", emailLogId: mail.id });
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "invitation_sent"));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(token);
  });

  it("validates the invite admin form with the spec's messages", async () => {
    const noSchool = await mutate(
      t.app,
      "superAdmin.invitations.create",
      { name: "A", email: "a@example.com", schoolId: "" },
      { cookie: superAdmin.cookie },
    );
    expect(noSchool.error?.message).toBe("Please select a school for the admin");
    const unknownSchool = await mutate(
      t.app,
      "superAdmin.invitations.create",
      { name: "A", email: "a@example.com", schoolId: "nope" },
      { cookie: superAdmin.cookie },
    );
    expect(unknownSchool.error?.message).toBe("Please select a school for the admin");
    const noName = await mutate(
      t.app,
      "superAdmin.invitations.create",
      { name: " ", email: "a@example.com", schoolId: school.id },
      { cookie: superAdmin.cookie },
    );
    expect(noName.error?.message).toBe("Name is required");
    const badEmail = await mutate(
      t.app,
      "superAdmin.invitations.create",
      { name: "A", email: "not-an-email", schoolId: school.id },
      { cookie: superAdmin.cookie },
    );
    expect(badEmail.error?.message).toBe("Please enter a valid email address");
    expect(await t.db.$count(invitations)).toBe(0);
  });

  it("refuses a second live invitation and an account at the admin's own school", async () => {
    await createParentInvitation("twice@example.com");
    const again = await mutate(
      t.app,
      "schoolAdmin.invitations.create",
      { name: "X", email: "TWICE@example.com" },
      { cookie: schoolAdmin.cookie },
    );
    expect(again.error?.message).toBe(INVITATION_MESSAGES.pendingExists);
    const existing = await createUser(t.db, "parent", { schoolId: school.id });
    const taken = await mutate(
      t.app,
      "schoolAdmin.invitations.create",
      { name: "X", email: existing.email },
      { cookie: schoolAdmin.cookie },
    );
    expect(taken.error?.message).toBe(INVITATION_MESSAGES.accountExists);
  });

  it("AU1 inviting an address of another school answers as for a fresh address and notifies its owner", async () => {
    const owner = await createUser(t.db, "parent", { email: "owner@example.com" }); // a parent at another school
    const fresh = await mutate(
      t.app,
      "schoolAdmin.invitations.create",
      { name: "Fresh", email: "fresh@example.com" },
      { cookie: schoolAdmin.cookie },
    );
    const taken = await mutate(
      t.app,
      "schoolAdmin.invitations.create",
      { name: "Owner", email: "Owner@example.com" },
      { cookie: schoolAdmin.cookie },
    );
    expect(taken.status).toBe(fresh.status);
    expect(taken.data).toEqual({
      id: expect.any(String),
      email: "owner@example.com",
      expiresAt: (fresh.data as { expiresAt: Date }).expiresAt,
    });
    expect(Object.keys(taken.data as object)).toEqual(Object.keys(fresh.data as object));
    // The school sees the two invitations alike.
    const listed = await query(t.app, "schoolAdmin.invitations.list", { page: 1 }, { cookie: schoolAdmin.cookie });
    expect(
      (listed.data as { rows: { email: string; status: string }[] }).rows.map((r) => [r.email, r.status]).sort(),
    ).toEqual([
      ["fresh@example.com", "pending"],
      ["owner@example.com", "pending"],
    ]);
    // The owner gets a notice, with no link that could create an account.
    const notice = await lastEmailTo(t.db, "owner@example.com");
    expect(notice).toMatchObject({
      emailType: "invite_notice",
      subject: "Someone tried to invite this address to SchoolRide",
    });
    expect(notice.textBody).toContain(
      "Someone tried to invite this address to SchoolRide as a parent of Maple Grove Primary",
    );
    expect(notice.textBody).not.toContain("token=");
    expect(t.queued).toContainEqual({ kind: "email", emailLogId: notice.id });
    // A resend answers as usual and sends the notice again, never a link.
    const takenId = (taken.data as { id: string }).id;
    const resent = await mutate(
      t.app,
      "schoolAdmin.invitations.resend",
      { inviteId: takenId },
      { cookie: schoolAdmin.cookie },
    );
    expect(resent.data).toEqual({ message: INVITATION_MESSAGES.resent });
    expect(await t.db.$count(emailLogs, eq(emailLogs.recipientEmail, "owner@example.com"))).toBe(2);
    expect(
      await t.db.$count(
        emailLogs,
        and(eq(emailLogs.recipientEmail, "owner@example.com"), eq(emailLogs.emailType, "invite_notice")),
      ),
    ).toBe(2);
    // Even with its token in hand, the invitation can never become a second account for the address.
    const token = "a".repeat(64);
    await t.db
      .update(invitations)
      .set({ tokenHash: await sha256Hex(token) })
      .where(eq(invitations.id, takenId));
    const accepted = await mutate(t.app, "auth.acceptInvitation", { token, ...acceptForm });
    expect(accepted.error?.message).toBe(INVITATION_MESSAGES.accountExists);
    expect(await t.db.$count(parents, eq(parents.email, "owner@example.com"))).toBe(1);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, takenId));
    expect(row!.status).toBe("pending");
    // Nor does the reminder sweep send it a link: only the fresh address gets a reminder.
    expect(
      await sendInvitationReminders(
        { db: t.db, queue: t.deps.queue, logger: t.logger, appUrl: "http://localhost:8787" },
        new Date(t.clock.now().getTime() + 6 * DAY),
      ),
    ).toBe(1);
    expect((await lastEmailTo(t.db, "fresh@example.com")).emailType).toBe("invite_reminder");
    expect(await t.db.$count(emailLogs, eq(emailLogs.recipientEmail, "owner@example.com"))).toBe(2);
    expect(owner.schoolId).not.toBe(school.id);
  });

  it("a super admin, who sees every school, is told plainly that a school admin account exists", async () => {
    const existing = await createUser(t.db, "school_admin");
    const response = await mutate(
      t.app,
      "superAdmin.invitations.create",
      { name: "A", email: existing.email, schoolId: school.id },
      { cookie: superAdmin.cookie },
    );
    expect(response.error?.message).toBe(INVITATION_MESSAGES.accountExists);
    expect(await t.db.$count(invitations)).toBe(0);
  });

  it("a school admin's invitation goes to their own school, whatever the input says", async () => {
    const other = await createSchool(t.db);
    const sneaky = await mutate(
      t.app,
      "schoolAdmin.invitations.create",
      { name: "X", email: "x@example.com", schoolId: other.id },
      { cookie: schoolAdmin.cookie },
    );
    expect(sneaky.status).toBe(400); // unknown key: no mass assignment
    const { id } = await createParentInvitation("x@example.com");
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row).toMatchObject({
      schoolId: school.id,
      role: "parent",
      invitedBy: schoolAdmin.id,
      invitedByRole: "school_admin",
    });
  });
});

describe("accepting invitations", () => {
  it("describes the invitation for the accept page", async () => {
    const { token } = await createParentInvitation();
    const response = await query(t.app, "auth.invitation", { token });
    expect(response.data).toMatchObject({
      email: "pat@example.com",
      role: "parent",
      schoolName: "Maple Grove Primary",
      name: "Pat Parent",
    });
  });

  it.each([
    ["", INVITATION_MESSAGES.missingToken],
    ["f".repeat(64), INVITATION_MESSAGES.invalidOrExpired],
  ])("token %j → %s", async (token, message) => {
    const response = await query(t.app, "auth.invitation", { token });
    expect(response.error?.message).toBe(message);
  });

  it("an expired invitation says 'Invitation has expired'", async () => {
    const { token } = await createParentInvitation();
    t.clock.advance(7 * DAY + 1);
    expect((await query(t.app, "auth.invitation", { token })).error?.message).toBe("Invitation has expired");
    expect((await mutate(t.app, "auth.acceptInvitation", { token, ...acceptForm })).error?.message).toBe(
      "Invitation has expired",
    );
  });

  it.each([
    [{ name: "" }, "Name is required"],
    [{ password: "", confirmPassword: "" }, "Password is required"],
    [{ password: "short", confirmPassword: "short" }, "Password must be at least 8 characters long"],
    [{ confirmPassword: "something else" }, "Passwords do not match"],
    [{ emergencyContact: "" }, "Emergency contact is required for parents"],
    [{ emergencyPhone: " " }, "Emergency phone is required for parents"],
  ])("validates %j → %s, and changes nothing", async (change, message) => {
    const { token, id } = await createParentInvitation();
    const response = await mutate(t.app, "auth.acceptInvitation", { token, ...acceptForm, ...change });
    expect(response.error?.message).toBe(message);
    expect(await t.db.$count(parents)).toBe(0);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row!.status).toBe("pending");
  });

  it("a parent's acceptance creates the account, accepts the invitation, audits and signs in", async () => {
    const { token, id } = await createParentInvitation();
    const response = await mutate(t.app, "auth.acceptInvitation", { token, ...acceptForm, phone: " ", address: "" });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({
      home: "/parent",
      user: { role: "parent", email: "pat@example.com", schoolId: school.id, mustChangePassword: false },
    });
    const [parent] = await t.db.select().from(parents).where(eq(parents.email, "pat@example.com"));
    expect(parent).toMatchObject({
      name: "Pat Parent",
      phone: "",
      address: "",
      emergencyContact: "Robin",
      emergencyPhone: "+13125550100",
      schoolId: school.id,
    });
    const [invitation] = await t.db.select().from(invitations).where(eq(invitations.id, id));
    expect(invitation).toMatchObject({ status: "accepted", acceptedAt: t.clock.now(), acceptedUserId: parent!.id });
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.eventType, "invitation_accepted"));
    expect(audit).toMatchObject({
      userId: parent!.id,
      userRole: "parent",
      schoolId: school.id,
      metadata: { invite_id: id, email: "pat@example.com" },
    });
    const me = await query(t.app, "auth.me", undefined, { cookie: cookieFrom(response.setCookie) });
    expect(me.data).toMatchObject({ id: parent!.id });
    // Signed in, so this browser is now a trusted device for the account (ADR 0035).
    expect(response.deviceCookie).toMatch(/^schoolride_device=/);
    // The token is spent.
    expect((await mutate(t.app, "auth.acceptInvitation", { token, ...acceptForm })).error?.message).toBe(
      INVITATION_MESSAGES.invalidOrExpired,
    );
  });

  it("a school admin's acceptance uses the position, or Administrator when blank", async () => {
    const first = await createAdminInvitation("first@example.com");
    await mutate(t.app, "auth.acceptInvitation", {
      token: first.token,
      name: "First",
      password: "a long passphrase",
      confirmPassword: "a long passphrase",
      position: "",
    });
    const second = await createAdminInvitation("second@example.com");
    const response = await mutate(t.app, "auth.acceptInvitation", {
      token: second.token,
      name: "Second",
      password: "a long passphrase",
      confirmPassword: "a long passphrase",
      position: "Principal",
    });
    expect(response.data).toMatchObject({ home: "/school-admin" });
    const rows = await t.db.select({ email: schoolAdmins.email, position: schoolAdmins.position }).from(schoolAdmins);
    expect(rows).toEqual(
      expect.arrayContaining([
        { email: "first@example.com", position: "Administrator" },
        { email: "second@example.com", position: "Principal" },
      ]),
    );
  });

  it("two concurrent redemptions of one token create exactly one account (TK2)", async () => {
    const { token } = await createParentInvitation();
    const results = await Promise.all([
      mutate(t.app, "auth.acceptInvitation", { token, ...acceptForm }, { ip: "192.0.2.10" }),
      mutate(t.app, "auth.acceptInvitation", { token, ...acceptForm, name: "Other Name" }, { ip: "192.0.2.11" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409].sort((a, b) => a - b));
    expect(await t.db.$count(parents)).toBe(1);
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "invitation_accepted"))).toBe(1);
  });

  it("a revoked invitation cannot be accepted", async () => {
    const { token, id } = await createParentInvitation();
    await mutate(t.app, "schoolAdmin.invitations.revoke", { inviteId: id }, { cookie: schoolAdmin.cookie });
    expect((await mutate(t.app, "auth.acceptInvitation", { token, ...acceptForm })).error?.message).toBe(
      INVITATION_MESSAGES.invalidOrExpired,
    );
    expect(await t.db.$count(parents)).toBe(0);
  });
});

describe("temporary-password sign-in", () => {
  it("creates the school admin from the pending invitation and requires a password change", async () => {
    const { id, temporaryPassword } = await createAdminInvitation("temp@example.com");
    const login = await mutate(
      t.app,
      "auth.login",
      { role: "school_admin", email: "Temp@Example.com", password: temporaryPassword },
      { ip: "192.0.2.30" },
    );
    expect(login.status).toBe(200);
    expect(login.data).toMatchObject({ user: { mustChangePassword: true, role: "school_admin", schoolId: school.id } });
    const [admin] = await t.db.select().from(schoolAdmins).where(eq(schoolAdmins.email, "temp@example.com"));
    expect(admin).toMatchObject({ position: "Administrator", mustChangePassword: true, name: "Nia Admin" });
    const [invitation] = await t.db.select().from(invitations).where(eq(invitations.id, id));
    expect(invitation).toMatchObject({ status: "accepted", acceptedUserId: admin!.id });
    expect(
      (await query(t.app, "schoolAdmin.dashboard", undefined, { cookie: cookieFrom(login.setCookie) })).status,
    ).toBe(403);
  });

  it("a wrong temporary password, an expired or revoked invitation give the normal failure", async () => {
    const { id, temporaryPassword } = await createAdminInvitation("temp2@example.com");
    const wrong = await mutate(
      t.app,
      "auth.login",
      { role: "school_admin", email: "temp2@example.com", password: "ABCDEFGHJKLM" },
      { ip: "192.0.2.31" },
    );
    expect(wrong.error?.message).toBe("Invalid school admin credentials. Please check your email and password.");
    await mutate(t.app, "superAdmin.invitations.revoke", { inviteId: id }, { cookie: superAdmin.cookie });
    t.clock.advance(5_000);
    const revoked = await mutate(
      t.app,
      "auth.login",
      { role: "school_admin", email: "temp2@example.com", password: temporaryPassword },
      { ip: "192.0.2.32" },
    );
    expect(revoked.status).toBe(401);
    expect(await t.db.$count(schoolAdmins, eq(schoolAdmins.email, "temp2@example.com"))).toBe(0);
  });
});

describe("resend, revoke, regenerate", () => {
  it("resend rotates the token (the old link dies), keeps the expiry, e-mails and audits", async () => {
    const { id, token } = await createParentInvitation();
    const before = await t.db.$count(emailLogs);
    const response = await mutate(
      t.app,
      "schoolAdmin.invitations.resend",
      { inviteId: id },
      { cookie: schoolAdmin.cookie },
    );
    expect(response.data).toEqual({ message: "Invitation resent successfully" });
    expect(await t.db.$count(emailLogs)).toBe(before + 1);
    const fresh = tokenIn((await lastEmailTo(t.db, "pat@example.com")).textBody);
    expect(fresh).not.toBe(token);
    expect((await query(t.app, "auth.invitation", { token })).error?.message).toBe(
      INVITATION_MESSAGES.invalidOrExpired,
    );
    expect((await query(t.app, "auth.invitation", { token: fresh })).status).toBe(200);
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "invitation_resent"))).toBe(1);
  });

  it("resend refuses an expired invitation; regenerate refuses a live one", async () => {
    const { id } = await createParentInvitation();
    const regenerateLive = await mutate(
      t.app,
      "schoolAdmin.invitations.resend",
      { inviteId: id, regenerateToken: true },
      { cookie: schoolAdmin.cookie },
    );
    expect(regenerateLive.error?.message).toBe(INVITATION_MESSAGES.regenerateOnlyExpired);
    t.clock.advance(8 * DAY);
    await refreshAdminSession(); // the admin's own session has long expired meanwhile
    const resendExpired = await mutate(
      t.app,
      "schoolAdmin.invitations.resend",
      { inviteId: id },
      { cookie: schoolAdmin.cookie },
    );
    expect(resendExpired.error?.message).toBe(INVITATION_MESSAGES.resendOnlyPending);
  });

  it("regenerate gives an expired invitation a new token and a new 7-day expiry, then resends", async () => {
    const { id } = await createParentInvitation();
    t.clock.advance(8 * DAY);
    await refreshAdminSession();
    await t.db.update(invitations).set({ status: "expired" }).where(eq(invitations.id, id));
    const response = await mutate(
      t.app,
      "schoolAdmin.invitations.resend",
      { inviteId: id, regenerateToken: true },
      { cookie: schoolAdmin.cookie },
    );
    expect(response.data).toEqual({ message: "Invitation resent with new token" });
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row).toMatchObject({ status: "pending", expiresAt: new Date(t.clock.now().getTime() + 7 * DAY) });
    const token = tokenIn((await lastEmailTo(t.db, "pat@example.com")).textBody);
    expect((await mutate(t.app, "auth.acceptInvitation", { token, ...acceptForm })).status).toBe(200);
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "invitation_regenerated"))).toBe(1);
  });

  it("revoke: pending only; stamps revoked_at and updated_at; tells the invitee; audits", async () => {
    const { id } = await createParentInvitation();
    t.clock.advance(60_000);
    const response = await mutate(
      t.app,
      "schoolAdmin.invitations.revoke",
      { inviteId: id },
      { cookie: schoolAdmin.cookie },
    );
    expect(response.data).toEqual({ message: "Invitation revoked successfully" });
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row).toMatchObject({ status: "revoked", revokedAt: t.clock.now(), updatedAt: t.clock.now() });
    expect((await lastEmailTo(t.db, "pat@example.com")).emailType).toBe("invite_revoked");
    expect(await t.db.$count(auditLogs, eq(auditLogs.eventType, "invitation_revoked"))).toBe(1);
    const again = await mutate(
      t.app,
      "schoolAdmin.invitations.revoke",
      { inviteId: id },
      { cookie: schoolAdmin.cookie },
    );
    expect(again.error?.message).toBe(INVITATION_MESSAGES.revokeOnlyPending);
  });

  it("another school's admin cannot see or touch the invitation (NOT_FOUND, nothing changes)", async () => {
    const { id } = await createParentInvitation();
    const otherAdmin = await createUser(t.db, "school_admin");
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, otherAdmin, t.clock.now());
    for (const [path, input] of [
      ["schoolAdmin.invitations.revoke", { inviteId: id }],
      ["schoolAdmin.invitations.resend", { inviteId: id }],
    ] as const) {
      expect((await mutate(t.app, path, input, { cookie })).status).toBe(404);
    }
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row!.status).toBe("pending");
    const listed = await query(t.app, "schoolAdmin.invitations.list", { page: 1 }, { cookie });
    expect((listed.data as { total: number }).total).toBe(0);
  });

  it("a school admin cannot manage school admin invitations, even of their own school", async () => {
    const { id } = await createAdminInvitation();
    expect(
      (await mutate(t.app, "schoolAdmin.invitations.revoke", { inviteId: id }, { cookie: schoolAdmin.cookie })).status,
    ).toBe(404);
  });
});

describe("the parents screen", () => {
  it("lists parents and invitations of the school, searched in SQL", async () => {
    await createUser(t.db, "parent", { schoolId: school.id, name: "Alex Able", email: "alex@example.com" });
    const bea = await createUser(t.db, "parent", { schoolId: school.id, name: "Bea Brown", email: "bea@example.com" });
    await createUser(t.db, "parent", { name: "Other School", email: "other@example.com" });
    for (const name of ["Cal", "Dot"]) {
      await t.db.insert(children).values({
        schoolId: school.id,
        parentId: bea.id,
        name,
        age: 7,
        grade: "2nd Grade",
        school: "Maple",
        emergencyContact: "555",
      });
    }
    await createParentInvitation("invited.person@example.com");
    const all = await query(t.app, "schoolAdmin.parents.list", { page: 1 }, { cookie: schoolAdmin.cookie });
    // Issue 12: each parent's children count.
    expect(
      (all.data as { rows: { name: string; childrenCount: number }[] }).rows.map((r) => [r.name, r.childrenCount]),
    ).toEqual([
      ["Alex Able", 0],
      ["Bea Brown", 2],
    ]);
    const searched = await query(
      t.app,
      "schoolAdmin.parents.list",
      { page: 1, search: "BROWN" },
      { cookie: schoolAdmin.cookie },
    );
    expect((searched.data as { total: number }).total).toBe(1);
    const wildcard = await query(
      t.app,
      "schoolAdmin.parents.list",
      { page: 1, search: "%" },
      { cookie: schoolAdmin.cookie },
    );
    expect((wildcard.data as { total: number }).total).toBe(0);
    const invites = await query(
      t.app,
      "schoolAdmin.invitations.list",
      { page: 1, search: "pat parent" },
      { cookie: schoolAdmin.cookie },
    );
    expect((invites.data as { rows: { email: string; status: string }[] }).rows).toMatchObject([
      { email: "invited.person@example.com", status: "pending" },
    ]);
  });

  it("deactivating a parent ends their sessions at once; reactivating lets them in again", async () => {
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now());
    const response = await mutate(
      t.app,
      "schoolAdmin.parents.setActive",
      { parentId: parent.id, active: false },
      { cookie: schoolAdmin.cookie },
    );
    expect(response.data).toEqual({ isActive: false });
    expect((await query(t.app, "parent.overview", undefined, { cookie })).status).toBe(401);
    expect(
      await t.db.$count(
        auditLogs,
        and(eq(auditLogs.eventType, "parent_deactivated"), eq(auditLogs.schoolId, school.id)),
      ),
    ).toBe(1);
    await mutate(
      t.app,
      "schoolAdmin.parents.setActive",
      { parentId: parent.id, active: true },
      { cookie: schoolAdmin.cookie },
    );
    const [row] = await t.db.select().from(parents).where(eq(parents.id, parent.id));
    expect(row!.isActive).toBe(true);
  });

  it("a parent of another school is NOT_FOUND", async () => {
    const stranger = await createUser(t.db, "parent");
    const response = await mutate(
      t.app,
      "schoolAdmin.parents.setActive",
      { parentId: stranger.id, active: false },
      { cookie: schoolAdmin.cookie },
    );
    expect(response.status).toBe(404);
    const [row] = await t.db.select().from(parents).where(eq(parents.id, stranger.id));
    expect(row!.isActive).toBe(true);
  });
});
