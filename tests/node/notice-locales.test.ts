/**
 * Issue 30 items 1–2 (ADR 0080): the pushes and in-app notices the system composes about money and
 * trips reach each person in their own language (their choice, else the school's default, else
 * English); a notice to several people of different languages is written in each one's. A school's
 * own words (a description, a reason, a name) stay as typed.
 */
import { and, eq, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  invoices,
  notifications,
  parents,
  pushLogs,
  pushSubscriptions,
  schoolAdmins,
  schools,
} from "#db/schema/index.ts";
import { LOCALES } from "#shared/locales.ts";
import { DIGEST_TIME, defaultPreferences, type Preferences } from "#shared/preferences-constants.ts";
import { zonedInstant } from "#shared/school-time.ts";
import { payPaymentSession } from "#worker/http/dev-stripe-payments.ts";
import { resolveLocale } from "#worker/i18n/person.ts";
import { startLocalPushService } from "#worker/local/push-service.ts";
import { markOverdueInvoices } from "#worker/services/billing/overdue.ts";
import { sendDigests } from "#worker/services/notifications/digest.ts";
import { savePreferences } from "#worker/services/notifications/preferences.ts";
import { MONEY_NOTICES, notifySchoolAdmins } from "#worker/services/notifications/school-admins.ts";
import type { Wording } from "#worker/services/notifications/words.ts";
import * as words from "#worker/services/notifications/words.ts";
import { receiptNoticeId } from "#worker/services/payments/receipt-notice.ts";
import { callerFor } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { ENROLLMENT_FORM } from "../support/flight-trips.ts";
import { addChild, enroll, flightSchool, tripForm } from "../support/flight-trips-admin.ts";
import { createTestApp, memoryLogger, PRODUCTION_ENV, type TestApp } from "../support/harness.ts";
import { checkoutSessionOf, postStripeEvent } from "../support/stripe-checkout.ts";

const VAPID = {
  VAPID_PUBLIC_KEY: PRODUCTION_ENV.VAPID_PUBLIC_KEY,
  VAPID_PRIVATE_KEY: PRODUCTION_ENV.VAPID_PRIVATE_KEY,
};
const ACCOUNT = "acct_notice_locales";
const CHICAGO = "America/Chicago";
// Monday 2 March 2026, 10:00 in Chicago.
const MORNING = new Date("2026-03-02T16:00:00Z");

let t: TestApp;
let localPush: Awaited<ReturnType<typeof startLocalPushService>>;
let school: Awaited<ReturnType<typeof createSchool>>;
type User = Awaited<ReturnType<typeof createUser>>;

beforeEach(async () => {
  t = await createTestApp({ env: VAPID });
  localPush = await startLocalPushService(0);
  t.deps.localPush = localPush;
  t.clock.set(MORNING);
  school = await createSchool(t.db, { timeZone: CHICAGO, stripeConnectAccountId: ACCOUNT });
});
afterEach(async () => {
  await localPush.close();
  t.close();
});

/** A parent who chose `locale` (null: none), with a device subscribed and these preferences. */
async function parentIn(locale: "es" | "ar" | "zh" | null, change: (prefs: Preferences) => void = () => {}) {
  const parent = await createUser(t.db, "parent", { schoolId: school.id, name: "Dana Rivers" });
  if (locale) await t.db.update(parents).set({ locale }).where(eq(parents.id, parent.id));
  const prefs = defaultPreferences();
  change(prefs);
  await savePreferences(t.db, { role: "parent", id: parent.id, schoolId: school.id }, prefs, t.clock.now());
  const caller = await callerFor(t, parent);
  const setup = await caller.parent.push.get();
  await caller.parent.push.subscribe(await localPush.subscribe(setup.publicKey!));
  return parent;
}

async function adminIn(locale: "es" | "ar" | null) {
  const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
  if (locale) await t.db.update(schoolAdmins).set({ locale }).where(eq(schoolAdmins.id, admin.id));
  return admin;
}

const noticesOf = async (user: User) =>
  (await t.db.select().from(notifications).where(eq(notifications.recipientId, user.id))).map((row) => ({
    title: row.title,
    message: row.message,
  }));

/** The pushes written for `user`'s device (one device each here), by batch id pattern. */
const pushesOf = async (user: User, batch = "%") =>
  (
    await t.db
      .select({ title: pushLogs.title, body: pushLogs.body, subscription: pushLogs.subscriptionId })
      .from(pushLogs)
      .where(like(pushLogs.batchId, batch))
  ).filter((row) => subscriptions.get(row.subscription ?? "") === user.id);
const subscriptions = new Map<string, string>();
async function learnSubscriptions() {
  for (const row of await t.db.select().from(pushSubscriptions)) subscriptions.set(row.id, row.userId ?? "");
}

/** A push's text on one line (`pushPayload` flattens white space: the no-break space `Intl` puts in an amount too). */
const flat = (text: string) => text.replace(/\s+/g, " ").trim();

let counter = 0;
async function invoiceOf(parent: User, values: Partial<typeof invoices.$inferInsert> = {}) {
  counter += 1;
  const [invoice] = await t.db
    .insert(invoices)
    .values({
      schoolId: school.id,
      recipientId: parent.id,
      invoiceNumber: `INV-2026-${String(counter).padStart(3, "0")}`,
      description: "Spring term bus",
      baseAmountCents: 10_000,
      feeCents: 500,
      amountCents: 10_500,
      feeBps: 500,
      issueDate: "2026-03-01",
      dueDate: "2026-03-16",
      ...values,
    })
    .returning();
  return invoice!;
}

describe("a card payment: the parent's receipt and the school admins' notice", () => {
  it("each admin reads it in their own language, the parent's receipt (in-app and push) in theirs", async () => {
    const spanishAdmin = await adminIn("es");
    const arabicAdmin = await adminIn("ar");
    const englishAdmin = await adminIn(null);
    const parent = await parentIn("ar", (prefs) => {
      prefs.channels.paymentReceipt = { push: true, email: true };
    });
    await learnSubscriptions();
    const invoice = await invoiceOf(parent);
    const { url } = await (await callerFor(t, parent)).parent.payments.startInvoiceCheckout({ invoiceId: invoice.id });
    const session = await checkoutSessionOf(t, url);
    const { events } = await payPaymentSession(t.db, session, new Date(t.clock.now().getTime() + 2000));
    for (const event of events.slice(1)) expect((await postStripeEvent(t, event)).status).toBe(200);

    const [spanish] = await noticesOf(spanishAdmin);
    expect(spanish!.title).toBe("Pago recibido");
    expect(spanish!.message).toMatch(/^Dana Rivers pagó 105,00\sUS\$ en línea por la factura INV-2026-\d+\.$/);
    const [arabic] = await noticesOf(arabicAdmin);
    expect(arabic!.title).toBe("تم استلام الدفعة");
    expect(arabic!.message).toContain("دفع Dana Rivers مبلغ");
    expect(arabic!.message).toContain(invoice.invoiceNumber);
    expect(await noticesOf(englishAdmin)).toEqual([
      { title: "Payment received", message: `Dana Rivers paid $105.00 online for invoice ${invoice.invoiceNumber}.` },
    ]);

    const receipt = (await t.db.select().from(notifications).where(like(notifications.id, "receipt-%")))[0]!;
    expect(receipt.recipientId).toBe(parent.id);
    expect(receipt.title).toBe("تم استلام الدفعة");
    expect(receipt.message).toMatch(/^شكرًا لك: تم استلام دفعتك البالغة .+ للفاتورة INV-2026-\d+\.$/);
    const [push] = await pushesOf(parent, receiptNoticeId("%"));
    expect(push).toMatchObject({ title: receipt.title, body: flat(receipt.message) });
  });

  it("follows the school's default for an admin with no choice of their own, as resolveLocale does", async () => {
    await t.db.update(schools).set({ defaultLocale: "sv" }).where(eq(schools.id, school.id));
    const swedish = await adminIn(null);
    const spanish = await adminIn("es");
    const content = MONEY_NOTICES.enrolled({
      parentName: "Dana Rivers",
      childName: "Sam",
      tripTitle: "Science museum",
    });
    await t.db.batch([notifySchoolAdmins(t.db, { schoolId: school.id, content, at: t.clock.now() })]);
    expect(resolveLocale(null, "sv")).toBe("sv");
    expect(await noticesOf(swedish)).toEqual([
      { title: "Ny anmälan", message: "Dana Rivers anmälde Sam till Science museum." },
    ]);
    expect(await noticesOf(spanish)).toEqual([
      { title: "Nueva inscripción", message: "Dana Rivers inscribió a Sam en Science museum." },
    ]);
  });
});

describe("the parents' invoice notices", () => {
  it("an overdue invoice: in-app and push in Spanish or Arabic for a parent who chose it, English for one who did not", async () => {
    const pushed = (prefs: Preferences) => {
      prefs.channels.invoiceOverdue = { push: true, email: false };
    };
    const spanish = await parentIn("es", pushed);
    const arabic = await parentIn("ar", pushed);
    const english = await parentIn(null, pushed);
    await learnSubscriptions();
    const due = { dueDate: "2026-02-20", status: "pending" as const };
    const [a, b, c] = [await invoiceOf(spanish, due), await invoiceOf(arabic, due), await invoiceOf(english, due)];
    const deps = { db: t.db, queue: t.deps.queue, logger: memoryLogger(), appUrl: "", stripe: t.deps.stripe };
    expect(await markOverdueInvoices(deps, t.clock.now())).toBe(3);

    const [es] = await noticesOf(spanish);
    expect(es!.title).toBe("Factura vencida");
    expect(es!.message).toMatch(
      new RegExp(
        `^La factura ${a.invoiceNumber} de 105,00\\sUS\\$ vencía el viernes, 20 de febrero de 2026 y ahora está vencida\\.$`,
      ),
    );
    const [ar] = await noticesOf(arabic);
    expect(ar!.title).toBe("فاتورة متأخرة السداد");
    expect(ar!.message).toContain(`كانت الفاتورة ${b.invoiceNumber}`);
    expect(await noticesOf(english)).toEqual([
      {
        title: "Invoice overdue",
        message: `Invoice ${c.invoiceNumber} for $105.00 was due on Friday, February 20, 2026 and is now overdue.`,
      },
    ]);
    for (const [parent, said] of [
      [spanish, es],
      [arabic, ar],
    ] as const)
      expect(await pushesOf(parent)).toEqual([
        expect.objectContaining({ title: said!.title, body: flat(said!.message) }),
      ]);
    expect((await pushesOf(english))[0]).toMatchObject({ title: "Invoice overdue" });
  });

  it("a new invoice's push, and a voided invoice's notice, in the parent's language; the school's words as typed", async () => {
    const admin = await adminIn("es");
    const spanish = await parentIn("es", (prefs) => {
      prefs.channels.invoiceIssued = { push: true, email: true };
    });
    await learnSubscriptions();
    const api = await callerFor(t, admin);
    const created = await api.schoolAdmin.invoices.create({
      recipientId: spanish.id,
      description: "Bus de primavera",
      baseAmount: 100,
      issueDate: "2026-03-02",
      dueDate: "2026-03-17",
    });
    const [push] = await pushesOf(spanish);
    expect(push!.title).toBe("Una nueva factura");
    expect(push!.body).toMatch(/: Bus de primavera — 105,00\sUS\$, vence el martes, 17 de marzo de 2026\.$/);

    await api.schoolAdmin.invoices.void({ invoiceId: created.id, reason: "Cobrado dos veces" });
    const [voided] = await noticesOf(spanish);
    expect(voided!.title).toBe("Factura anulada");
    expect(voided!.message).toContain(`anuló la factura ${created.invoiceNumber} (Bus de primavera, 105,00`);
    expect(voided!.message).toMatch(/No necesita pagarla\.\nMotivo: Cobrado dos veces$/);
  });
});

describe("the daily digest's push", () => {
  it("is in the parent's language, gathering the titles of what it held (in that language too)", async () => {
    const parent = await parentIn("ar", (prefs) => {
      prefs.digest = true;
      prefs.channels.invoiceOverdue = { push: true, email: false };
    });
    await learnSubscriptions();
    await invoiceOf(parent, { dueDate: "2026-02-20" });
    const deps = { db: t.db, queue: t.deps.queue, logger: memoryLogger(), appUrl: "", stripe: t.deps.stripe };
    await markOverdueInvoices(deps, t.clock.now());
    const due = zonedInstant("2026-03-02", DIGEST_TIME, CHICAGO);
    t.clock.set(due);
    expect(await sendDigests({ ...deps, appUrl: "http://localhost" }, due)).toEqual({ digests: 1, items: 1 });
    const pushes = await pushesOf(parent, "digest-%");
    expect(pushes).toEqual([
      expect.objectContaining({ title: "ملخصك اليومي", body: "تحديث واحد: فاتورة متأخرة السداد" }),
    ]);
    expect(await t.db.$count(pushLogs, and(like(pushLogs.batchId, "digest-%")))).toBe(1);
  });
});

describe("every worded notice", () => {
  const trip = {
    title: "Science museum",
    departureAirport: "ORD",
    arrivalAirport: "JFK",
    departureDate: "2026-04-10",
    departureTime: "08:30",
    returnDate: "2026-04-12",
    returnTime: "18:00",
    costPerStudentCents: 45_000,
    depositCents: 10_000,
  };
  const paid = { parentName: "Dana Rivers", amountCents: 10_500, currency: "USD" };
  const samples: [string, Wording][] = [
    ["issued", words.invoiceIssuedWords({ schoolName: "Oak", description: "Bus", ...paid, dueDate: "2026-03-17" })],
    [
      "voided",
      words.invoiceVoidedWords({ schoolName: "Oak", invoiceNumber: "INV-1", description: "Bus", ...paid, reason: "x" }),
    ],
    [
      "recorded",
      words.paymentRecordedWords({
        schoolName: "Oak",
        invoiceNumber: "INV-1",
        ...paid,
        method: "bank_transfer",
        reference: "R-9",
      }),
    ],
    [
      "recordedCash",
      words.paymentRecordedWords({
        schoolName: "Oak",
        invoiceNumber: "INV-1",
        ...paid,
        method: "cash",
        reference: null,
      }),
    ],
    [
      "updated",
      words.invoiceUpdatedWords({
        schoolName: "Oak",
        invoiceNumber: "INV-1",
        description: "Bus",
        ...paid,
        dueDate: "2026-03-17",
      }),
    ],
    [
      "reminder",
      words.invoiceReminderWords({
        schoolName: "Oak",
        invoiceNumber: "INV-1",
        description: "Bus",
        ...paid,
        dueDate: "2026-03-17",
      }),
    ],
    ["overdue", words.invoiceOverdueWords({ invoiceNumber: "INV-1", ...paid, dueDate: "2026-03-17" })],
    ["receiptInvoice", words.receiptWords({ ...paid, paid: { invoiceNumber: "INV-1" } })],
    ["receiptTrip", words.receiptWords({ ...paid, paid: { childName: "Sam", tripTitle: "Zoo" } })],
    [
      "reminderTrip",
      words.flightTripReminderWords({
        title: "Zoo",
        childName: "Sam",
        deadline: "2026-03-20",
        dueCents: 500,
        currency: "USD",
      }),
    ],
    ["cancelledRefunded", words.flightTripCancelledWords(trip, "refunded")],
    ["cancelledRemoved", words.flightTripCancelledWords(trip, "removed")],
    [
      "changed",
      words.flightTripChangedWords({
        trip,
        before: { ...trip, costPerStudentCents: 50_000 },
        currency: "USD",
        scheduleChanged: true,
        priced: true,
        status: "Scheduled",
      }),
    ],
    ["digest", words.digestPushWords({ quietOnly: true, titles: ["A", "B"] })],
    ["adminPaid", words.paymentReceivedAdminWords({ ...paid, paid: { childName: "Sam", tripTitle: "Zoo" } })],
    ["adminFailed", words.paymentFailedAdminWords({ ...paid, paid: { invoiceNumber: "INV-1" } })],
    ["adminRefunded", words.refundCompletedAdminWords({ ...paid, paid: { invoiceNumber: "INV-1" } })],
    ["adminOptedOut", words.optedOutAdminWords({ parentName: "Dana", childName: "Sam", tripTitle: "Zoo" })],
  ];

  it("is said in each of the six languages: every placeholder filled, and not left in English", () => {
    for (const [name, wording] of samples) {
      const english = wording("en");
      for (const locale of LOCALES) {
        const said = wording(locale);
        expect(`${said.title} ${said.message}`, `${name} in ${locale}`).not.toMatch(/[{}]/);
        if (locale !== "en") expect(said.title, `${name} in ${locale}`).not.toBe(english.title);
        if (locale !== "en") expect(said.message, `${name} in ${locale}`).not.toBe(english.message);
      }
    }
  });

  it("says in English what the notices always said", () => {
    expect(samples.find(([name]) => name === "changed")![1]("en")).toEqual({
      title: "Flight trip changed",
      message:
        "Science museum (ORD to JFK) now departs on 2026-04-10 at 08:30 and returns on 2026-04-12 at 18:00. Status: Scheduled. " +
        "The cost per student of Science museum is now $450.00 (was $500.00), with a deposit of $100.00. " +
        "Anything paid above the new cost is refunded to the card it was paid with.",
    });
    const cost = words.flightTripChangedWords({
      trip: { ...trip, depositCents: null },
      before: { ...trip, costPerStudentCents: 40_000 },
      currency: "USD",
      scheduleChanged: false,
      priced: true,
      status: "Scheduled",
    });
    expect(cost("en")).toEqual({
      title: "Flight trip cost changed",
      message:
        "The cost per student of Science museum is now $450.00 (was $400.00). What is still to pay shows on Flight Trips.",
    });
    expect(flat(cost("sv").message)).toBe(
      "Kostnaden per elev för Science museum är nu 450,00 US$ (tidigare 400,00 US$). Det som återstår att betala visas under Utflykter.",
    );
    expect(samples.find(([name]) => name === "changed")![1]("es").message).toContain("Estado: Programada.");
    expect(words.digestPushWords({ quietOnly: false, titles: ["A"] })("en")).toEqual({
      title: "Your daily digest",
      message: "1 update: A",
    });
  });
});

describe("the flight-trip notices", () => {
  it("a parent's enrolment tells each admin in theirs; a trip the school deletes (so cancels) tells each parent in theirs", async () => {
    const f = await flightSchool(t);
    await t.db.update(schoolAdmins).set({ locale: "ar" }).where(eq(schoolAdmins.id, f.admin.id));
    const spanishAdmin = await createUser(t.db, "school_admin", { schoolId: f.school.id });
    await t.db.update(schoolAdmins).set({ locale: "es" }).where(eq(schoolAdmins.id, spanishAdmin.id));
    await t.db.update(parents).set({ locale: "zh", name: "Pat Rivera" }).where(eq(parents.id, f.parent.id));
    const english = await createUser(t.db, "parent", { schoolId: f.school.id });
    const englishChild = await addChild(t, f.school.id, english.id, "Ben Okafor");
    const { id: tripId } = await (await callerFor(t, f.admin)).schoolAdmin.flightTrips.create({
      trip: tripForm({ title: "Science museum" }),
    });
    await (await callerFor(t, f.parent)).parent.flightTrips.enroll({
      tripId,
      enrollment: { ...ENROLLMENT_FORM, childId: f.child.id },
    });
    expect(await noticesOf(f.admin)).toEqual([
      { title: "تسجيل جديد", message: "سجّل Pat Rivera Ava Martin في Science museum." },
    ]);
    expect(await noticesOf(spanishAdmin)).toEqual([
      { title: "Nueva inscripción", message: "Pat Rivera inscribió a Ava Martin en Science museum." },
    ]);
    await enroll(t, { schoolId: f.school.id, tripId, parentId: english.id, childId: englishChild.id });

    await (await callerFor(t, f.admin)).schoolAdmin.flightTrips.delete({ tripId });
    const [chinese] = await noticesOf(f.parent);
    expect(chinese!.title).toBe("校外活动已取消");
    // Cancelled rather than deleted (a Checkout of the enrolment may still bring money): every payment goes back.
    expect(chinese!.message).toMatch(
      /^2026年4月20日星期一 的Science museum已取消。为其支付的每笔款项都将全额退还至原付款银行卡。$/,
    );
    const [plain] = await noticesOf(english);
    expect(plain).toEqual({
      title: "Flight trip cancelled",
      message: `Science museum on ${tripForm().departureDate} is cancelled. Every payment made for it is refunded in full to the card it was paid with.`,
    });
  });
});
