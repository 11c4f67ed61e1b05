import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { childGuardians, children, emailLogs, invitations, parents, rateLimits } from "#db/schema/index.ts";
import { csvDocument } from "#shared/csv.ts";
import { sendInvitationReminders } from "#worker/services/invitations/sweep.ts";
import { PUPIL_PROBLEMS as M, problemIn } from "#worker/services/routes/import-texts.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { mutate } from "../support/http.ts";
import { lastEmailTo, tokenIn } from "../support/mail.ts";

/**
 * ADR 0053: the school's pupil import. Every row's problems before anything is written; values
 * stored as typed; the school's parents matched by e-mail; one e-mail per new guardian's address,
 * queued, whatever the number of their pupils; all or nothing; 10,000 rows.
 */

const HEADER = [
  "Pupil",
  "Age",
  "Grade",
  "Guardian 1 name",
  "Guardian 1 email",
  "Guardian 2 name",
  "Guardian 2 email",
] as const;

let t: TestApp;
let school: Awaited<ReturnType<typeof createSchool>>;
let admin: Awaited<ReturnType<typeof callerFor>>;

beforeEach(async () => {
  t = await createTestApp();
  school = await createSchool(t.db, { name: "Maple Grove Primary" });
  admin = await callerFor(t, await createUser(t.db, "school_admin", { schoolId: school.id }));
});
afterEach(() => t.close());

const file = (rows: (string | number)[][]) => csvDocument(HEADER, rows);

describe("preview", () => {
  it("lists every row's problems and writes nothing", async () => {
    await createUser(t.db, "parent", { schoolId: school.id, email: "known@example.com" });
    const csv = file([
      ["Ada Rivera", 8, "3rd grade", "Pat Rivera", "pat@example.com", "", ""],
      ["", 2, "13th Grade", "", "not-an-email", "Half", ""],
      ["Ben", 9, "4th Grade", "Robin", "robin@example.com", "Robin Again", "ROBIN@example.com"],
      ["Ada Rivera", 8, "3rd Grade", "Pat Rivera", "pat@example.com", "", ""],
      ['=HYPERLINK("http://x")', 7, "2nd Grade", "Known", "known@example.com", "", ""],
    ]);
    const result = await admin.schoolAdmin.pupils.import.preview({ csv });
    expect(result.valid).toBe(false);
    expect(result.rows.map((row) => [row.line, row.problems])).toEqual([
      [2, []],
      [
        3,
        [
          M.pupil,
          M.age,
          M.grade,
          problemIn("en", M.guardianName(1)),
          problemIn("en", M.guardianEmail(1)),
          M.guardianHalf,
        ],
      ],
      [4, [M.sameGuardian]],
      [5, [problemIn("en", M.duplicate(2))]],
      // A formula is a name like any other (stored as typed; every CSV export neutralises it).
      [6, []],
    ]);
    expect(await t.db.$count(children)).toBe(0);
    expect(await t.db.$count(invitations)).toBe(0);
    expect(await t.db.$count(emailLogs)).toBe(0);
  });

  it("refuses a file without the columns, and NUL or a lone surrogate at the edge", async () => {
    expect(await admin.schoolAdmin.pupils.import.preview({ csv: "name,age\nAda,8" })).toMatchObject({
      valid: false,
      error:
        "The header must name the columns pupil, age, grade, guardian 1 name, guardian 1 email, guardian 2 name, guardian 2 email, emergency contact, allergies, special needs",
    });
    for (const hostile of ["Ada\u0000", "Ada\uD800"]) {
      const csv = file([[hostile, 8, "3rd Grade", "Pat", "pat@example.com", "", ""]]);
      expect(await failure(admin.schoolAdmin.pupils.import.preview({ csv }))).toMatchObject({ code: "BAD_REQUEST" });
    }
  });
});

describe("commit", () => {
  it("matches the school's parents, invites the others with one e-mail per address, and links siblings on acceptance", async () => {
    const known = await createUser(t.db, "parent", { schoolId: school.id, email: "known@example.com" });
    await createUser(t.db, "parent", { email: "elsewhere@example.com" });
    const csv = file([
      ["Ada Rivera", 8, "3rd Grade", "Pat Rivera", "pat@example.com", "Known Parent", "known@example.com"],
      ["Ben Rivera", 6, "1st Grade", "Pat Rivera", "pat@example.com", "", ""],
      ["Cy Other", 7, "2nd Grade", "Elsa Where", "elsewhere@example.com", "", ""],
    ]);
    expect(await admin.schoolAdmin.pupils.import.preview({ csv })).toMatchObject({
      valid: true,
      pupils: 3,
      matched: 1,
      invitations: 2,
    });
    expect(await admin.schoolAdmin.pupils.import.commit({ csv })).toEqual({ imported: 3, matched: 1, queued: 2 });
    const rows = await t.db.select().from(children).orderBy(children.name);
    expect(rows.map((row) => [row.name, row.parentId, row.school])).toEqual([
      ["Ada Rivera", known.id, "Maple Grove Primary"],
      ["Ben Rivera", null, "Maple Grove Primary"],
      ["Cy Other", null, "Maple Grove Primary"],
    ]);
    // The matched parent sees Ada at once; three invitations (Ada, Ben for Pat; Cy), two e-mails, both queued.
    expect((await (await callerFor(t, known)).parent.children.list()).children.map((row) => row.name)).toEqual([
      "Ada Rivera",
    ]);
    expect(await t.db.$count(invitations)).toBe(3);
    const mails = await t.db.select().from(emailLogs);
    expect(mails.map((mail) => mail.recipientEmail).sort()).toEqual(["elsewhere@example.com", "pat@example.com"]);
    for (const mail of mails) expect(t.queued).toContainEqual({ kind: "email", emailLogId: mail.id });
    const pat = await lastEmailTo(t.db, "pat@example.com");
    expect(pat.subject).toContain("Ada Rivera and Ben Rivera");
    // Another school's address: the notice, without a link (AU1: the admin was answered as for a fresh one).
    const elsewhere = await lastEmailTo(t.db, "elsewhere@example.com");
    expect(elsewhere.emailType).toBe("invite_notice");
    expect(elsewhere.textBody).not.toContain("token=");

    // Pat accepts once: Ada (as a guardian beside its owner) and Ben (as owner, nobody owned him yet).
    const response = await mutate(t.app, "auth.acceptInvitation", {
      token: tokenIn(pat.textBody),
      name: "Pat Rivera",
      password: "a long passphrase",
      confirmPassword: "a long passphrase",
      emergencyContact: "Sam",
      emergencyPhone: "+1 312 555 0100",
    });
    expect(response.status, JSON.stringify(response.error)).toBe(200);
    const [patAccount] = await t.db.select().from(parents).where(eq(parents.email, "pat@example.com"));
    const guardianRows = await t.db
      .select({ child: children.name, role: childGuardians.role })
      .from(childGuardians)
      .innerJoin(children, eq(children.id, childGuardians.childId))
      .where(eq(childGuardians.parentId, patAccount!.id))
      .orderBy(children.name);
    expect(guardianRows).toEqual([
      { child: "Ada Rivera", role: "guardian" },
      { child: "Ben Rivera", role: "owner" },
    ]);
    const [ben] = await t.db.select().from(children).where(eq(children.name, "Ben Rivera"));
    expect(ben!.parentId).toBe(patAccount!.id);
    expect(
      (await t.db.select().from(invitations).where(eq(invitations.email, "pat@example.com"))).map((row) => row.status),
    ).toEqual(["accepted", "accepted"]);
  });

  it("an address with several pupils gets one reminder before the invitations expire, not one per pupil", async () => {
    const csv = file([
      ["Ada", 8, "3rd Grade", "Pat", "pat@example.com", "", ""],
      ["Ben", 6, "1st Grade", "Pat", "pat@example.com", "", ""],
      ["Cy", 7, "2nd Grade", "Robin", "robin@example.com", "", ""],
    ]);
    await admin.schoolAdmin.pupils.import.commit({ csv });
    t.clock.advance(5.5 * 24 * 3_600_000);
    const sent = await sendInvitationReminders(
      { db: t.db, queue: t.deps.queue, logger: t.logger, appUrl: "http://localhost:8787" },
      t.clock.now(),
    );
    expect(sent).toBe(2);
    // In the guardian invitation's own words, naming both of Pat's pupils; its fresh link accepts both.
    const reminder = await lastEmailTo(t.db, "pat@example.com", "invite_reminder");
    expect(reminder.subject).toBe("Reminder: Maple Grove Primary shares Ada and Ben's school transport with you");
    expect(reminder.textBody).toContain("invited you to be a guardian of Ada and Ben at Maple Grove Primary");
    expect(reminder.textBody).toContain("is still waiting for you");
    expect((await lastEmailTo(t.db, "robin@example.com", "invite_reminder")).subject).toBe(
      "Reminder: Maple Grove Primary shares Cy's school transport with you",
    );
    const response = await mutate(t.app, "auth.acceptInvitation", {
      token: tokenIn(reminder.textBody),
      name: "Pat",
      password: "a long passphrase",
      confirmPassword: "a long passphrase",
      emergencyContact: "Sam",
      emergencyPhone: "+1 312 555 0100",
    });
    expect(response.status, JSON.stringify(response.error)).toBe(200);
    expect(await t.db.$count(childGuardians)).toBe(2);
  });

  it("writes nothing when a row has a problem, naming it; one commit per school every 10 minutes", async () => {
    const bad = file([
      ["Ada", 8, "3rd Grade", "Pat", "pat@example.com", "", ""],
      ["Ben", 30, "3rd Grade", "Pat", "pat@example.com", "", ""],
    ]);
    const refused = await failure(admin.schoolAdmin.pupils.import.commit({ csv: bad }));
    expect(refused.code).toBe("BAD_REQUEST");
    expect(refused.message).toContain(`Line 3: ${M.age}.`);
    expect(await t.db.$count(children)).toBe(0);
    const good = file([["Ada", 8, "3rd Grade", "Pat", "pat@example.com", "", ""]]);
    await admin.schoolAdmin.pupils.import.commit({ csv: good });
    const again = file([["Ben", 8, "3rd Grade", "Pat", "pat@example.com", "", ""]]);
    expect(await failure(admin.schoolAdmin.pupils.import.commit({ csv: again }))).toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    // The first file's pupil is known now: importing it again is a problem, not a second child.
    t.clock.advance(11 * 60_000);
    expect((await admin.schoolAdmin.pupils.import.preview({ csv: good })).rows[0]!.problems).toEqual([M.exists]);
  });

  it("each new address takes its per-recipient e-mail slot (TK3): one at its limit refuses the import whole", async () => {
    const csv = file([
      ["Ada", 8, "3rd Grade", "Pat", "pat@example.com", "", ""],
      ["Ben", 8, "3rd Grade", "Robin", "robin@example.com", "", ""],
    ]);
    const now = t.clock.now();
    await t.db
      .insert(rateLimits)
      .values({ key: "email:to:robin@example.com", count: 3, windowStart: now, updatedAt: now });
    expect(await failure(admin.schoolAdmin.pupils.import.commit({ csv }))).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: problemIn("en", M.recipientsBusy(1)),
    });
    expect(await t.db.$count(children)).toBe(0);
    expect(await t.db.$count(emailLogs)).toBe(0);
    t.clock.advance(11 * 60_000);
    await admin.schoolAdmin.pupils.import.commit({ csv });
    const slots = await t.db.select({ key: rateLimits.key, count: rateLimits.count }).from(rateLimits);
    expect(slots.filter((slot) => slot.key.startsWith("email:to:")).sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      [
        { key: "email:to:pat@example.com", count: 1 },
        { key: "email:to:robin@example.com", count: 1 },
      ],
    );
  });

  it("10,000 rows: previewed and committed, one e-mail per address, in bounded time", async () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => [
      `P${index}`,
      6 + (index % 10),
      "3rd Grade",
      `G${Math.floor(index / 5)}`,
      `g${Math.floor(index / 5)}@x.io`,
      "",
      "",
    ]);
    const csv = file(rows);
    expect(csv.length).toBeLessThan(700_000);
    const started = Date.now();
    expect(await admin.schoolAdmin.pupils.import.preview({ csv })).toMatchObject({
      valid: true,
      pupils: 10_000,
      invitations: 2_000,
    });
    expect(await admin.schoolAdmin.pupils.import.commit({ csv })).toEqual({
      imported: 10_000,
      matched: 0,
      queued: 2_000,
    });
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(await t.db.$count(children)).toBe(10_000);
    expect(await t.db.$count(invitations)).toBe(10_000);
    expect(await t.db.$count(emailLogs)).toBe(2_000);
  }, 120_000);
});
