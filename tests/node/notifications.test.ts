import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { children, emailLogs, notifications, parents } from "#db/schema/index.ts";
import { NOTIFICATION_MESSAGES, NOTIFICATIONS_PAGE_SIZE, type SendNotificationForm } from "#shared/notifications.ts";
import { NOTIFICATION_SEND_LIMIT } from "#worker/services/notifications/notifications.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser, knownPasswordHash } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { noEmailFor } from "../support/preferences.ts";

let t: TestApp;
let school: Awaited<ReturnType<typeof createSchool>>;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeEach(async () => {
  t = await createTestApp();
  school = await createSchool(t.db, { timeZone: "Europe/London" });
  admin = await createUser(t.db, "school_admin", { schoolId: school.id });
});
afterEach(() => t.close());

/** A send, possibly hostile (the procedure validates it), typed as the form for the caller. */
const message = (audience: unknown, overrides: Record<string, unknown> = {}) =>
  ({
    title: "Snow day",
    message: "No buses tomorrow.",
    type: "warning",
    category: "system",
    audience,
    email: false,
    ...overrides,
  }) as unknown as SendNotificationForm;

async function parentWithChild(route: string | null, schoolId = school.id) {
  const parent = await createUser(t.db, "parent", { schoolId });
  await t.db.insert(children).values({
    schoolId,
    parentId: parent.id,
    name: "Kid",
    age: 9,
    grade: "4th Grade",
    school: "X",
    busRoute: route,
    emergencyContact: "555",
  });
  return parent;
}

describe("Send Notification", () => {
  it("reaches every active parent of the school, the parents on a route, or one parent, with a row each", async () => {
    const north = await parentWithChild("North");
    const south = await parentWithChild("South");
    await createUser(t.db, "parent", { schoolId: school.id, isActive: false });
    const foreign = await parentWithChild("North", (await createSchool(t.db)).id);
    const api = await callerFor(t, admin);
    expect((await api.schoolAdmin.notifications.send(message({ kind: "school" }))).recipients).toBe(2);
    expect(
      (await api.schoolAdmin.notifications.send(message({ kind: "route", routeName: "north" }, { title: "Route" })))
        .recipients,
    ).toBe(1);
    expect(
      (
        await api.schoolAdmin.notifications.send(
          message({ kind: "parent", parentId: south.id }, { title: "Just you", email: true }),
        )
      ).recipients,
    ).toBe(1);
    const rows = await t.db.select().from(notifications);
    const titlesOf = (id: string) =>
      rows
        .filter((row) => row.recipientId === id)
        .map((row) => row.title)
        .sort();
    expect(titlesOf(north.id)).toEqual(["Route", "Snow day"]);
    expect(titlesOf(south.id)).toEqual(["Just you", "Snow day"]);
    expect(titlesOf(foreign.id)).toEqual([]);
    const mails = await t.db.select().from(emailLogs).where(eq(emailLogs.emailType, "notification"));
    expect(mails.map((mail) => mail.recipientEmail)).toEqual([south.email]);
  });

  it("refuses another school's parent, an empty audience and bad input, and writes nothing", async () => {
    const foreign = await parentWithChild("North", (await createSchool(t.db)).id);
    const api = await callerFor(t, admin);
    expect(
      await failure(api.schoolAdmin.notifications.send(message({ kind: "parent", parentId: foreign.id }))),
    ).toEqual({
      code: "BAD_REQUEST",
      message: NOTIFICATION_MESSAGES.noRecipients,
    });
    expect((await failure(api.schoolAdmin.notifications.send(message({ kind: "school" })))).message).toBe(
      NOTIFICATION_MESSAGES.noRecipients,
    );
    expect((await failure(api.schoolAdmin.notifications.send(message({ kind: "school" }, { title: " " })))).code).toBe(
      "BAD_REQUEST",
    );
    expect((await failure(api.schoolAdmin.notifications.send(message({ kind: "everyone" })))).code).toBe("BAD_REQUEST");
    expect(
      (await failure(api.schoolAdmin.notifications.send(message({ kind: "school" }, { category: "gossip" })))).code,
    ).toBe("BAD_REQUEST");
    expect(await t.db.select().from(notifications)).toHaveLength(0);
  });

  it("fans out to 1,000 parents in one batch, with one e-mail each", async () => {
    const hash = await knownPasswordHash();
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      schoolId: school.id,
      email: `p${i}@fanout.example`,
      name: `Parent ${i}`,
      passwordHash: hash,
    }));
    for (let i = 0; i < rows.length; i += 200) await t.db.insert(parents).values(rows.slice(i, i + 200));
    const api = await callerFor(t, admin);
    const batches: number[] = [];
    const batch = t.db.batch.bind(t.db);
    t.db.batch = ((queries: Parameters<typeof batch>[0]) => {
      batches.push(queries.length);
      return batch(queries);
    }) as unknown as typeof t.db.batch;
    const result = await api.schoolAdmin.notifications.send(message({ kind: "school" }, { email: true }));
    t.db.batch = batch;
    expect(result.recipients).toBe(1000);
    expect(batches).toHaveLength(1);
    expect(await t.db.$count(notifications)).toBe(1000);
    expect(await t.db.$count(emailLogs, eq(emailLogs.emailType, "notification"))).toBe(1000);
    expect(new Set(t.queued.flatMap((body) => (body.kind === "email" ? [body.emailLogId] : []))).size).toBe(1000);
  });

  it("the e-mail copy skips a parent who turned e-mail off for the school's messages; their in-app copy stays (ADR 0066)", async () => {
    const muted = await parentWithChild(null);
    const mailed = await parentWithChild(null);
    await noEmailFor(t, muted, "schoolMessage");
    const api = await callerFor(t, admin);
    expect((await api.schoolAdmin.notifications.send(message({ kind: "school" }, { email: true }))).recipients).toBe(2);
    expect(await t.db.$count(notifications, eq(notifications.recipientId, muted.id))).toBe(1);
    const mails = await t.db.select().from(emailLogs).where(eq(emailLogs.emailType, "notification"));
    expect(mails.map((mail) => mail.recipientEmail)).toEqual([mailed.email]);
  });

  it(`is limited to ${NOTIFICATION_SEND_LIMIT.max} sends an hour per admin`, async () => {
    await parentWithChild(null);
    const api = await callerFor(t, admin);
    for (let i = 0; i < NOTIFICATION_SEND_LIMIT.max; i++)
      await api.schoolAdmin.notifications.send(message({ kind: "school" }));
    expect((await failure(api.schoolAdmin.notifications.send(message({ kind: "school" })))).code).toBe(
      "TOO_MANY_REQUESTS",
    );
    expect(await t.db.$count(notifications)).toBe(NOTIFICATION_SEND_LIMIT.max);
  });
});

describe("the inbox is per person", () => {
  it("tabs count, search, mark as read and delete touch only the person's own copy", async () => {
    const one = await parentWithChild("North");
    const two = await parentWithChild("North");
    const api = await callerFor(t, admin);
    await api.schoolAdmin.notifications.send(message({ kind: "school" }));
    t.clock.advance(60_000);
    await api.schoolAdmin.notifications.send(
      message(
        { kind: "school" },
        { title: "Bus 12 late", message: "About 10 minutes", category: "trip", type: "info" },
      ),
    );
    const first = await callerFor(t, one);
    const second = await callerFor(t, two);
    const page = await first.parent.notifications.list({ tab: "all" });
    expect(page.counts).toEqual({ all: 2, unread: 2, system: 1, trip: 1, payment: 0, attendance: 0 });
    expect(page.rows.map((row) => row.title)).toEqual(["Bus 12 late", "Snow day"]);
    expect((await first.parent.notifications.list({ tab: "trip" })).rows.map((row) => row.title)).toEqual([
      "Bus 12 late",
    ]);
    expect(
      (await first.parent.notifications.list({ tab: "all", search: "10 MIN" })).rows.map((row) => row.title),
    ).toEqual(["Bus 12 late"]);
    const mine = page.rows[0]!;
    await first.parent.notifications.markRead({ notificationId: mine.id });
    expect((await first.parent.notifications.unreadCount()).unread).toBe(1);
    expect((await second.parent.notifications.unreadCount()).unread).toBe(2);
    expect((await first.parent.notifications.list({ tab: "unread" })).rows.map((row) => row.title)).toEqual([
      "Snow day",
    ]);
    // Another parent (or the admin) cannot touch it.
    expect((await failure(second.parent.notifications.markRead({ notificationId: mine.id }))).code).toBe("NOT_FOUND");
    expect((await failure(second.parent.notifications.delete({ notificationId: mine.id }))).code).toBe("NOT_FOUND");
    expect((await failure(api.schoolAdmin.notifications.delete({ notificationId: mine.id }))).code).toBe("NOT_FOUND");
    await first.parent.notifications.delete({ notificationId: mine.id });
    expect((await first.parent.notifications.list({ tab: "all" })).counts.all).toBe(1);
    expect((await second.parent.notifications.list({ tab: "all" })).counts.all).toBe(2);
  });
});

describe("the parent's inbox (issue 14)", () => {
  it("a parent of the same school and one of another school cannot read, mark or delete a parent's copy", async () => {
    const mine = await parentWithChild("North");
    const neighbour = await parentWithChild("North");
    const elsewhere = await createSchool(t.db, { timeZone: "UTC" });
    const stranger = await parentWithChild("North", elsewhere.id);
    const otherAdmin = await createUser(t.db, "school_admin", { schoolId: elsewhere.id });
    await (await callerFor(t, admin)).schoolAdmin.notifications.send(message({ kind: "parent", parentId: mine.id }));
    await (await callerFor(t, otherAdmin)).schoolAdmin.notifications.send(
      message({ kind: "school" }, { title: "Other school" }),
    );
    const me = await callerFor(t, mine);
    const [row] = (await me.parent.notifications.list({ tab: "all" })).rows;
    expect(row?.title).toBe("Snow day");
    for (const other of [neighbour, stranger]) {
      const api = await callerFor(t, other);
      expect((await api.parent.notifications.list({ tab: "all" })).rows.map((item) => item.id)).not.toContain(row!.id);
      expect((await failure(api.parent.notifications.markRead({ notificationId: row!.id }))).code).toBe("NOT_FOUND");
      expect((await failure(api.parent.notifications.delete({ notificationId: row!.id }))).code).toBe("NOT_FOUND");
    }
    expect(
      (await failure((await callerFor(t, otherAdmin)).schoolAdmin.notifications.delete({ notificationId: row!.id })))
        .code,
    ).toBe("NOT_FOUND");
    // The copy is untouched: still there, still unread; the stranger's own school send stays theirs.
    const after = await me.parent.notifications.list({ tab: "all" });
    expect(after.rows.map((item) => [item.id, item.read])).toEqual([[row!.id, false]]);
    expect((await me.parent.notifications.unreadCount()).unread).toBe(1);
    expect(
      (await (await callerFor(t, stranger)).parent.notifications.list({ tab: "all" })).rows.map((item) => item.title),
    ).toEqual(["Other school"]);
  });

  it(`is paginated on the server: ${NOTIFICATIONS_PAGE_SIZE} a page, newest first, with the total`, async () => {
    const parent = await parentWithChild(null);
    const api = await callerFor(t, admin);
    const sends = NOTIFICATIONS_PAGE_SIZE + 2;
    for (let index = 0; index < sends; index += 1) {
      await api.schoolAdmin.notifications.send(
        message({ kind: "parent", parentId: parent.id }, { title: `Note ${index}` }),
      );
      t.clock.advance(1_000);
    }
    const inbox = await callerFor(t, parent);
    const first = await inbox.parent.notifications.list({ tab: "all", page: 1 });
    expect(first.rows).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.rows[0]?.title).toBe(`Note ${sends - 1}`);
    expect([first.total, first.pages, first.counts.all]).toEqual([sends, 2, sends]);
    const second = await inbox.parent.notifications.list({ tab: "all", page: 2 });
    expect(second.rows.map((row) => row.title)).toEqual(["Note 1", "Note 0"]);
  });
});

describe("who a notification is from (issue 25)", () => {
  it("is the sending admin's name, or the school's name for what the app sends and for a sender who is not the school's admin; line breaks are kept", async () => {
    const named = await createUser(t.db, "school_admin", { schoolId: school.id, name: "Robin Sender" });
    const parent = await parentWithChild(null);
    await (await callerFor(t, named)).schoolAdmin.notifications.send(
      message({ kind: "parent", parentId: parent.id }, { message: "Line one\nLine two", email: true }),
    );
    t.clock.advance(1_000);
    const foreignAdmin = await createUser(t.db, "school_admin", {
      schoolId: (await createSchool(t.db)).id,
      name: "Not Here",
    });
    const base = {
      schoolId: school.id,
      recipientRole: "parent" as const,
      recipientId: parent.id,
      title: "Automatic",
      message: "From the app.",
    };
    await t.db.insert(notifications).values({ ...base, senderId: null, createdAt: t.clock.now() });
    t.clock.advance(1_000);
    await t.db
      .insert(notifications)
      .values({ ...base, title: "Foreign", senderId: foreignAdmin.id, createdAt: t.clock.now() });
    const inbox = await callerFor(t, parent);
    const rows = (await inbox.parent.notifications.list({ tab: "all" })).rows;
    expect(rows.map((row) => [row.title, row.sender])).toEqual([
      ["Foreign", school.name],
      ["Automatic", school.name],
      ["Snow day", "Robin Sender"],
    ]);
    expect(rows[2]?.message).toBe("Line one\nLine two");
    // The e-mail copy keeps them too: in its text, and shown as lines in its HTML.
    const [mail] = await t.db.select().from(emailLogs).where(eq(emailLogs.recipientEmail, parent.email));
    expect(mail?.textBody).toContain("Line one\nLine two");
    expect(mail?.htmlBody).toMatch(/<p style="[^"]*white-space:pre-line[^"]*">Line one\nLine two<\/p>/);
    const dashboard = await inbox.parent.overview();
    expect(dashboard.recentNotifications.map((row) => row.sender)).toEqual([school.name, school.name, "Robin Sender"]);
  });
});
