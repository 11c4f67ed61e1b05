import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { children, invoices, schools } from "#db/schema/index.ts";
import { csvDocument } from "#shared/csv.ts";
import { FIELD_MESSAGES, text as textField } from "#shared/fields.ts";
import { FLIGHT_TRIP_MESSAGES, medicalNotesOf } from "#shared/flight-trips.ts";
import { PAYMENT_METHOD_LABELS } from "#shared/invoice-correction-texts.ts";
import { INVOICE_MESSAGES } from "#shared/invoices.ts";
import { decimalsMessage, formatMoney } from "#shared/money.ts";
import { busLimit } from "#shared/plans.ts";
import { translated } from "#shared/said.ts";
import { markReauthenticated } from "#worker/auth/mfa.ts";
import { i18nFor, text } from "#worker/i18n/texts.ts";
import { paidByText, statusDetail } from "#worker/services/invoices/paid-by.ts";
import { FLIGHT_TRIP_REFUSALS, PAYMENT_REFUSALS } from "#worker/services/refusal-texts.ts";
import { IMPORT_PROBLEMS, PUPIL_PROBLEMS, problemIn } from "#worker/services/routes/import-texts.ts";
import { callerFor } from "../support/caller.ts";
import { createSchool, createUser, sessionCookieFor } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { mutate, query } from "../support/http.ts";
import { routeForm } from "../support/route-form.ts";

/**
 * Issue 30: the texts the server or worker/shared composes with values (a length, an amount, a line of
 * a file, a plan, a grade, a send's title) are said in the reader's language; English stays exactly
 * as it was. Each check would fail if the text came out in English again for a Spanish or Arabic reader.
 */

/** A school with an admin, a parent and a pending invoice to the parent. */
async function schoolWithInvoice(t: TestApp) {
  const school = await createSchool(t.db);
  const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
  const parent = await createUser(t.db, "parent", { schoolId: school.id });
  const { id } = await (await callerFor(t, admin)).schoolAdmin.invoices.create({
    recipientId: parent.id,
    description: "Bus transport",
    baseAmount: 100,
    issueDate: "2026-03-02",
    dueDate: "2026-03-17",
  });
  return { admin, parent, id };
}

const es = i18nFor("es");
const ar = i18nFor("ar");
const en = i18nFor("en");

describe("the validation messages of worker/shared/fields.ts", () => {
  it("keep their English and are said in Spanish and Arabic, the number written the reader's way", () => {
    expect(FIELD_MESSAGES.tooLong(1000)).toBe("Use at most 1,000 characters");
    expect(translated(en, FIELD_MESSAGES.tooLong(1000))).toBe("Use at most 1,000 characters");
    expect(translated(es, FIELD_MESSAGES.tooLong(1000))).toBe("Use como máximo 1000 caracteres");
    expect(translated(ar, FIELD_MESSAGES.tooLong(1000))).toBe(`استخدم ${(1000).toLocaleString("ar")} حرفًا على الأكثر`);
    expect(translated(es, FIELD_MESSAGES.tooShort(8))).toBe("Use al menos 8 caracteres");
    expect(FIELD_MESSAGES.atMost("stops", 10_000)).toBe("Enter at most 10,000 stops");
    expect(translated(es, FIELD_MESSAGES.atMost("students", 10_000))).toBe("Ingrese como máximo 10.000 alumnos");
    expect(translated(es, FIELD_MESSAGES.required)).toBe("Este campo es obligatorio");
  });

  it("what zod leaves to the error map: numbers, lists, steps, unknown fields", () => {
    const issue = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error!.issues[0]!.message;
    const cases: [z.ZodType, unknown, string, string][] = [
      [z.number().max(5), 6, "Enter a number of 5 or less", "Ingrese un número de 5 o menos"],
      [z.number().lt(5), 6, "Enter a number below 5", "Ingrese un número menor que 5"],
      [z.number().min(2), 1, "Enter a number of 2 or more", "Ingrese un número de 2 o más"],
      [z.array(z.string()).max(3), ["a", "b", "c", "d"], "Choose at most 3", "Elija como máximo 3"],
      [z.array(z.string()).min(2), ["a"], "Choose at least 2", "Elija al menos 2"],
      [z.number().multipleOf(0.25), 0.3, "Use steps of 0.25", "Use pasos de 0,25"],
      [z.enum(["a", "b"]), "c", "Choose one of: a, b", "Elija uno de: a, b"],
      [
        z.strictObject({}),
        { extra: 1 },
        "This form has no field named extra",
        "Este formulario no tiene ningún campo llamado extra",
      ],
      [z.number().int(), 1.5, "Enter a whole number", "Ingrese un número entero"],
      [z.email(), "x", "Please enter a valid email address", "Ingrese una dirección de correo electrónico válida"],
    ];
    for (const [schema, value, english, spanish] of cases) {
      expect(issue(schema, value)).toBe(english);
      expect(translated(es, issue(schema, value))).toBe(spanish);
    }
    const tooLong = issue(textField(120), "x".repeat(121));
    expect(tooLong).toBe("Use at most 120 characters");
    expect(translated(ar, tooLong)).toBe(`استخدم ${(120).toLocaleString("ar")} حرفًا على الأكثر`);
  });

  it("a text whose values came from input is remembered among the last ones only; the schemas' own stay", () => {
    const unknown = (name: string) => z.strictObject({}).safeParse({ [name]: 1 }).error!.issues[0]!.message;
    const first = unknown("field0");
    expect(translated(es, first)).toBe("Este formulario no tiene ningún campo llamado field0");
    for (let index = 1; index <= 1_000; index++) unknown(`field${index}`);
    expect(translated(es, first)).toBe(first);
    expect(translated(es, unknown("field1000"))).toBe("Este formulario no tiene ningún campo llamado field1000");
    expect(translated(es, FIELD_MESSAGES.tooLong(120))).toBe("Use como máximo 120 caracteres");
  });

  it("over HTTP: a too long value is refused in the request's language (no 500)", async () => {
    const t = await createTestApp();
    try {
      const school = await createSchool(t.db);
      const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
      const { cookie } = await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
      const input = {
        title: "x".repeat(201),
        message: "m",
        type: "info",
        category: "system",
        audience: { kind: "school" },
        email: false,
      };
      const english = await mutate(t.app, "schoolAdmin.notifications.send", input, { cookie });
      const spanish = await mutate(t.app, "schoolAdmin.notifications.send", input, {
        cookie: `${cookie}; schoolride_locale=es`,
      });
      expect(english.status).toBe(400);
      expect(spanish.status).toBe(400);
      expect(english.error?.message).toMatch(/^Use at most [\d,]+ characters$/);
      expect(spanish.error?.message).toMatch(/^Use como máximo [\d.]+ caracteres$/);
    } finally {
      await t.close();
    }
  });
});

describe("amounts and plans", () => {
  it("costTooLarge and amountTooLarge: English as before, the amount written the reader's way", () => {
    expect(FLIGHT_TRIP_MESSAGES.costTooLarge(10_000_000, "USD")).toBe("The cost can be at most $100,000.00");
    expect(translated(es, FLIGHT_TRIP_MESSAGES.costTooLarge(10_000_000, "USD"))).toBe(
      "El costo puede ser como máximo 100.000,00\u00a0US$",
    );
    expect(INVOICE_MESSAGES.amountTooLarge(100_000_000, "EUR")).toBe("The amount can be at most €1,000,000.00");
    // Arabic writes the amount its own way (the euro sign after it, a right-to-left mark before).
    expect(translated(ar, INVOICE_MESSAGES.amountTooLarge(100_000_000, "EUR"))).toBe(
      `يمكن أن يكون المبلغ ${formatMoney(100_000_000, "EUR", "ar")} على الأكثر`,
    );
    expect(formatMoney(100_000_000, "EUR", "ar")).not.toBe("€1,000,000.00");
    expect(decimalsMessage("JPY")).toBe("JPY amounts have no decimals: enter a whole number");
    expect(translated(es, decimalsMessage("JPY"))).toBe(
      "Los importes en JPY no llevan decimales: ingrese un número entero",
    );
  });

  it("busLimit: the registration page says it from the catalog in the reader's language, the plans' names as they are", () => {
    expect(busLimit({ pupilCount: 100, busCount: 8 })).toEqual({
      buses: 8,
      limitPlan: "Starter",
      maxBuses: 5,
      plan: "Professional",
    });
    const english =
      "{busCount} buses exceed the {limitPlan} plan's limit of {maxBuses} buses, so your registration uses the {fitPlan} plan, which fits them.";
    const translation = (locale: string) => {
      const po = readFileSync(join(import.meta.dirname, `../../web/src/locales/registration/${locale}.po`), "utf8");
      const at = po.indexOf(`msgid ${JSON.stringify(english)}`);
      expect(at, `${locale}: the note is in the registration catalog`).toBeGreaterThan(-1);
      return JSON.parse(
        po
          .slice(at)
          .split("\n")[1]!
          .replace(/^msgstr /, ""),
      ) as string;
    };
    expect(translation("es")).toBe(
      "{busCount} autobuses superan el límite de {maxBuses} autobuses del plan {limitPlan}, así que su registro usa el plan {fitPlan}, que los admite.",
    );
    expect(translation("ar")).toContain("{fitPlan}");
    expect(translation("ar")).not.toContain("buses exceed");
  });

  it("the flight-trip refund summary (a lowered cost): English as before; Spanish with its amounts", () => {
    const refunds = [
      { childName: "Ava Martin", cents: 3_000 },
      ...Array.from({ length: 6 }, (_, index) => ({ childName: `Kid ${index}`, cents: 1_000 })),
    ];
    expect(text("en", FLIGHT_TRIP_REFUSALS.confirmRefunds(refunds.slice(0, 1), "USD"))).toBe(
      "The new cost is below what 1 family has paid: saving refunds $30.00 (Ava Martin $30.00) to the cards it was paid with.",
    );
    expect(text("en", FLIGHT_TRIP_REFUSALS.confirmRefunds(refunds, "USD"))).toBe(
      "The new cost is below what 7 families have paid: saving refunds $90.00 (Ava Martin $30.00, Kid 0 $10.00, Kid 1 $10.00, Kid 2 $10.00, Kid 3 $10.00, and 2 more) to the cards it was paid with.",
    );
    expect(text("es", FLIGHT_TRIP_REFUSALS.confirmRefunds(refunds, "USD"))).toBe(
      "El nuevo costo es inferior a lo que 7 familias han pagado: al guardar se reembolsan 90,00 US$ (Ava Martin 30,00 US$, Kid 0 10,00 US$, Kid 1 10,00 US$, Kid 2 10,00 US$, Kid 3 10,00 US$ y 2 más) a las tarjetas con que se pagó.".replaceAll(
        " US$",
        "\u00a0US$",
      ),
    );
  });

  it("the currency's locked and Stripe-mismatch refusals", () => {
    expect(text("en", PAYMENT_REFUSALS.currencyLocked("SEK"))).toBe(
      "The currency cannot change any more: the school has invoices or priced field trips in SEK.",
    );
    expect(text("en", PAYMENT_REFUSALS.currencyConnectMismatch("EUR"))).toBe(
      "Your Stripe account pays out in EUR: the school's currency must match it.",
    );
    expect(text("es", PAYMENT_REFUSALS.currencyConnectMismatch("EUR"))).toBe(
      "Su cuenta de Stripe paga en EUR: la moneda de la escuela debe coincidir.",
    );
  });

  it("over HTTP: a locked currency is refused in Arabic", async () => {
    const t = await createTestApp();
    try {
      const { admin } = await schoolWithInvoice(t);
      const { cookie, session } = await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
      // Payment settings ask for the password again (sudo): as the caller's session has it.
      await markReauthenticated(t.db, session.id, t.clock.now());
      const input = { feePercentage: 5, feeApplicationType: "term_based", currency: "EUR" };
      const english = await mutate(t.app, "schoolAdmin.paymentSettings.update", input, { cookie });
      const arabic = await mutate(t.app, "schoolAdmin.paymentSettings.update", input, {
        cookie: `${cookie}; schoolride_locale=ar`,
      });
      expect(english.status).toBe(409);
      expect(english.error?.message).toBe(text("en", PAYMENT_REFUSALS.currencyLocked("USD")));
      expect(arabic.status).toBe(409);
      expect(arabic.error?.message).toBe(
        "لم يعد بالإمكان تغيير العملة: لدى المدرسة فواتير أو رحلات مدرسية مسعّرة بعملة USD.",
      );
    } finally {
      await t.close();
    }
  });
});

describe("how an invoice was paid, and Enroll Now's health notes", () => {
  it("paidByText and statusDetail: English as before, the method in the reader's language, the reference as typed", () => {
    expect(paidByText("cheque")).toBe("Paid by cheque");
    expect(paidByText(null)).toBe("Paid online");
    const paid = { status: "paid", paymentMethod: "cheque" as const, paymentReference: "004512", voidReason: null };
    expect(statusDetail(paid)).toBe("Paid by cheque · 004512");
    expect(statusDetail(paid, en)).toBe("Paid by cheque · 004512");
    expect(statusDetail(paid, es)).toBe("Pagada con cheque · 004512");
    expect(statusDetail({ ...paid, paymentMethod: "bank_transfer" }, ar)).toBe("مدفوعة بتحويل بنكي · 004512");
    expect(translated(es, PAYMENT_METHOD_LABELS.cash)).toBe("efectivo");
  });

  it("the allergies prefill is labelled in the reader's language, the notes as the parent typed them", () => {
    const child = { allergyInfo: "Peanuts", specialNeeds: "Wheelchair" };
    expect(medicalNotesOf(child, en)).toBe("Allergies: Peanuts\nSpecial needs: Wheelchair");
    expect(medicalNotesOf(child, es)).toBe("Alergias: Peanuts\nNecesidades especiales: Wheelchair");
    expect(medicalNotesOf({ allergyInfo: "Peanuts", specialNeeds: null }, ar)).toBe("الحساسية: Peanuts");
  });
});

describe("the CSV imports' reports", () => {
  let t: TestApp;
  let schoolId: string;
  let admin: { id: string; role: "school_admin" };
  beforeEach(async () => {
    t = await createTestApp();
    t.clock.set(new Date("2026-03-02T12:00:00Z"));
    schoolId = (await createSchool(t.db, { timeZone: "America/Chicago" })).id;
    admin = (await createUser(t.db, "school_admin", { schoolId })) as never;
  });
  afterEach(() => t.close());

  it("English as before; every problem of a stops, riders and pupils file in Spanish, the values as typed", async () => {
    const english = await callerFor(t, admin);
    const spanish = await callerFor(t, admin, "es");
    const routeId = (await english.schoolAdmin.routes.create({ route: routeForm("North") })).id;
    const stops = "name,latitude,longitude,time\r\nOak,91,0,07:00\r\nElm,41.88,-87.63,7am\r\n";
    const input = { routeId, csv: stops };
    expect((await english.schoolAdmin.routes.importStops.preview(input)).rows.map((row) => row.problems)).toEqual([
      [IMPORT_PROBLEMS.badCoordinates],
      [IMPORT_PROBLEMS.badTime],
    ]);
    expect((await spanish.schoolAdmin.routes.importStops.preview(input)).rows.map((row) => row.problems)).toEqual([
      ["La latitud debe estar entre -90 y 90 y la longitud entre -180 y 180, en grados decimales"],
      ["Ingrese la hora como HH:MM (24 horas)"],
    ]);
    expect((await spanish.schoolAdmin.routes.importStops.preview({ routeId, csv: "name\r\nOak\r\n" })).error).toBe(
      "El encabezado debe nombrar las columnas nombre, latitud, longitud, hora",
    );

    const parentId = (await createUser(t.db, "parent", { schoolId })).id;
    const twin = { schoolId, parentId, name: "Sam Twin", age: 9, school: "Maple", emergencyContact: "555" };
    await t.db.insert(children).values([
      { ...twin, grade: "1st Grade" },
      { ...twin, grade: "3rd Grade" },
    ]);
    const ridersFile = "child,route,stop,weekdays,from\r\nSam Twin,North,Oak,Mon,\r\nNobody,South,Oak,Mon,\r\n";
    const englishRiders = await english.schoolAdmin.riders.import.preview({ csv: ridersFile });
    expect(englishRiders.rows.map((row) => row.problems)).toEqual([
      [
        problemIn(
          "en",
          IMPORT_PROBLEMS.ambiguousChild("Sam Twin", [
            { grade: "1st Grade", age: 9 },
            { grade: "3rd Grade", age: 9 },
          ]),
        ),
        'North has no stop called "Oak"',
      ],
      ['No child of the school is called "Nobody"', 'No route is called "South"'],
    ]);
    expect(englishRiders.rows[0]!.problems[0]).toBe(
      '2 children are called "Sam Twin" (1st Grade, age 9; 3rd Grade, age 9): assign this one in the app',
    );
    const spanishRiders = await spanish.schoolAdmin.riders.import.preview({ csv: ridersFile });
    expect(spanishRiders.rows.map((row) => row.problems)).toEqual([
      [
        `2 niños se llaman "Sam Twin" (${text("es", { id: "pdf.routeSheet.grade" }, { grade: 1 })}, 9 años; ${text("es", { id: "pdf.routeSheet.grade" }, { grade: 3 })}, 9 años): asigne a este en la aplicación`,
        'North no tiene ninguna parada llamada "Oak"',
      ],
      ['Ningún niño de la escuela se llama "Nobody"', 'Ninguna ruta se llama "South"'],
    ]);
    expect(spanishRiders.rows[0]!.problems[0]).not.toContain("Grade");

    const pupils = csvDocument(
      ["Pupil", "Age", "Grade", "Guardian 1 name", "Guardian 1 email", "Allergies"],
      [["Ada", 8, "3rd Grade", "", "not-an-email", "x".repeat(1001)]],
    );
    const englishPupils = await english.schoolAdmin.pupils.import.preview({ csv: pupils });
    expect(englishPupils.rows[0]!.problems).toEqual([
      problemIn("en", PUPIL_PROBLEMS.guardianName(1)),
      problemIn("en", PUPIL_PROBLEMS.guardianEmail(1)),
      "Allergies is longer than 1000 characters",
    ]);
    expect(englishPupils.rows[0]!.problems[0]).toBe("Guardian 1 name is required (at most 120 characters)");
    expect((await spanish.schoolAdmin.pupils.import.preview({ csv: pupils })).rows[0]!.problems).toEqual([
      "El nombre del tutor 1 es obligatorio (como máximo 120 caracteres)",
      "El correo electrónico del tutor 1 no es una dirección válida",
      "Las alergias superan los 1000 caracteres",
    ]);
  });

  it("an apply refused over HTTP names the first problems in Arabic", async () => {
    const { cookie } = await sessionCookieFor(t.db, t.deps.config, admin, t.clock.now());
    const ridersFile = "child,route,stop,weekdays,from\r\nNobody,South,Oak,Mon,\r\n";
    const english = await mutate(t.app, "schoolAdmin.riders.import.commit", { csv: ridersFile }, { cookie });
    expect(english.status).toBe(400);
    expect(english.error?.message).toBe(
      'Nothing was imported: 1 row has problems. Line 2: No child of the school is called "Nobody"; No route is called "South".',
    );
    const arabic = await mutate(
      t.app,
      "schoolAdmin.riders.import.commit",
      { csv: ridersFile },
      { cookie: `${cookie}; schoolride_locale=ar` },
    );
    expect(arabic.status).toBe(400);
    expect(arabic.error?.message).toBe(
      'لم يُستورد شيء: صف واحد به مشكلات. السطر 2: لا يوجد طفل في المدرسة باسم "Nobody"; لا يوجد مسار باسم "South".',
    );
  });

  it("the route editor's candidates carry their grade in the reader's language (the stored value as it is)", async () => {
    const parentId = (await createUser(t.db, "parent", { schoolId })).id;
    await t.db.insert(children).values({
      schoolId,
      parentId,
      name: "Maya Lopez",
      age: 9,
      grade: "4th Grade",
      school: "Maple",
      emergencyContact: "555",
    });
    const english = await (await callerFor(t, admin)).schoolAdmin.riders.candidates({ search: "maya" });
    expect(english.children[0]).toMatchObject({ grade: "4th Grade", gradeLabel: "4th Grade" });
    const spanish = await (await callerFor(t, admin, "es")).schoolAdmin.riders.candidates({ search: "maya" });
    expect(spanish.children[0]?.grade).toBe("4th Grade");
    expect(spanish.children[0]?.gradeLabel).toBe(text("es", { id: "pdf.routeSheet.grade" }, { grade: 4 }));
    expect(spanish.children[0]?.gradeLabel).not.toContain("Grade");
    const arabic = await (await callerFor(t, admin, "ar")).schoolAdmin.riders.candidates({ search: "maya" });
    expect(arabic.children[0]?.gradeLabel).not.toContain("Grade");
  });
});

describe("a super admin without a saved language (ADR 0084)", () => {
  it("keeps the request's language when the session is read again; a saved one wins", async () => {
    const t = await createTestApp();
    try {
      const superAdmin = await createUser(t.db, "super_admin");
      const { cookie } = await sessionCookieFor(t.db, t.deps.config, superAdmin, t.clock.now());
      expect((await query(t.app, "auth.me", undefined, { cookie })).data).toMatchObject({ locale: "en" });
      const spanish = await query(t.app, "auth.me", undefined, { cookie: `${cookie}; schoolride_locale=es` });
      expect(spanish.data).toMatchObject({ locale: "es" });
      const arabic = await query(t.app, "auth.me", undefined, { cookie, headers: { "accept-language": "ar" } });
      expect(arabic.data).toMatchObject({ locale: "ar" });
      await (await callerFor(t, superAdmin)).superAdmin.account.setLocale({ locale: "sv" });
      const saved = await query(t.app, "auth.me", undefined, { cookie: `${cookie}; schoolride_locale=es` });
      expect(saved.data).toMatchObject({ locale: "sv" });
      // A school's people keep the rule of ADR 0078: own, else the school's default (not the request's).
      const school = await createSchool(t.db);
      await t.db.update(schools).set({ defaultLocale: "vi" }).where(eq(schools.id, school.id));
      const parent = await createUser(t.db, "parent", { schoolId: school.id });
      const parentCookie = (await sessionCookieFor(t.db, t.deps.config, parent, t.clock.now())).cookie;
      expect(
        (await query(t.app, "auth.me", undefined, { cookie: `${parentCookie}; schoolride_locale=es` })).data,
      ).toMatchObject({ locale: "vi" });
    } finally {
      await t.close();
    }
  });
});

describe("an invoice list's status detail", () => {
  it("is in the reader's language", async () => {
    const t = await createTestApp();
    try {
      const { admin, parent, id } = await schoolWithInvoice(t);
      const api = await callerFor(t, admin);
      await api.schoolAdmin.invoices.markPaid({ invoiceId: id, method: "cheque", reference: "004512" });
      const english = await api.schoolAdmin.invoices.list({ page: 1 });
      expect(english.rows[0]?.statusDetail).toBe("Paid by cheque · 004512");
      const spanish = await (await callerFor(t, admin, "es")).schoolAdmin.invoices.list({ page: 1 });
      expect(spanish.rows[0]?.statusDetail).toBe("Pagada con cheque · 004512");
      const parentList = await (await callerFor(t, parent, "ar")).parent.invoices.list({ page: 1 });
      expect(parentList.rows[0]?.statusDetail).toBe("مدفوعة بشيك · 004512");
      expect(await t.db.$count(invoices)).toBe(1);
    } finally {
      await t.close();
    }
  });
});
