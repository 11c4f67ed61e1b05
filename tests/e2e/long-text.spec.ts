import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { callMutation, expectNoHorizontalScroll, newParent, signIn, unique } from "./support.ts";

/**
 * Issue 25, item 3: long unbroken text (a name, a route, an allergy note with no space in it) wraps
 * or is cut with its whole value on the page, and never widens a screen. Every free-text field of
 * every school admin and parent form takes a 500-character word, and the screens that list what
 * was saved at the fields' longest hold it, at 1280 and 375 px, with no horizontal scroll.
 */

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
];
const WORD = "W".repeat(500);
const tag = unique().toUpperCase();
/** One unbroken word of `length` characters, told apart by its letter and this run's tag. */
const word = (letter: string, length: number) => `${tag}${letter.repeat(length - tag.length)}`;

const LONG = {
  parentName: word("N", 120),
  route: word("R", 120),
  bus: word("B", 40),
  driver: word("D", 120),
  child: word("C", 120),
  school: word("S", 160),
  allergies: word("A", 1000),
  specialNeeds: word("P", 1000),
  contact: word("E", 200),
  invoice: word("I", 200),
  voidReason: word("O", 500),
  reference: word("K", 120),
  title: word("T", 120),
  message: word("M", 2000),
  trip: word("F", 120),
  airport: word("X", 80),
  airline: word("L", 80),
  description: word("Q", 2000),
  medical: word("Z", 1000),
  dietary: word("V", 1000),
};
const PASSWORD = "a long-text parent's passphrase";
const EMAIL = `long.text.${tag.toLowerCase()}@example.com`;

/** A calendar day `days` from today in the demo school's zone. */
const schoolDay = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" }).format(new Date(Date.now() + days * 86_400_000));

/** The demo school gets a parent, a child, a trip, an invoice, a notification and a field trip, each with its fields at their longest. */
async function seedLongText(browser: Browser) {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, "school_admin");
  const trip = {
    routeName: LONG.route,
    routeType: "pickup",
    busNumber: LONG.bus,
    driverName: LONG.driver,
    departureDate: schoolDay(0),
    departureTime: "23:00",
    arrivalTime: "23:30",
    stops: 3,
    studentsCount: 10,
    status: "scheduled",
  };
  await callMutation(admin, "schoolAdmin.trips.create", { trip });
  const parent = await newParent(browser, admin, { name: LONG.parentName, email: EMAIL, password: PASSWORD });
  const child = {
    name: LONG.child,
    age: 9,
    grade: "3rd Grade",
    school: LONG.school,
    busRoute: LONG.route,
    busNumber: LONG.bus,
    allergyInfo: LONG.allergies,
    specialNeeds: LONG.specialNeeds,
    emergencyContact: LONG.contact,
  };
  const { id: childId } = (await callMutation(parent.page, "parent.children.create", { child })) as { id: string };
  // Due three weeks ago, before any other invoice of the demo school: the first of the admin's
  // dashboard's Unpaid Invoices and the parent's Upcoming Payment, whenever this runs.
  await callMutation(admin, "schoolAdmin.invoices.create", {
    recipientId: parent.id,
    description: LONG.invoice,
    baseAmount: 25,
    issueDate: schoolDay(-21),
    dueDate: schoolDay(-21),
  });
  // Corrected invoices (ADR 0041), due later: one pending for the correction forms, one voided with the
  // longest reason, one paid by cheque with the longest reference.
  const invoice = {
    recipientId: parent.id,
    description: LONG.invoice,
    baseAmount: 25,
    issueDate: schoolDay(0),
    dueDate: schoolDay(15),
  };
  await callMutation(admin, "schoolAdmin.invoices.create", invoice);
  const voided = (await callMutation(admin, "schoolAdmin.invoices.create", invoice)) as { id: string };
  await callMutation(admin, "schoolAdmin.invoices.void", { invoiceId: voided.id, reason: LONG.voidReason });
  const cheque = (await callMutation(admin, "schoolAdmin.invoices.create", invoice)) as { id: string };
  await callMutation(admin, "schoolAdmin.invoices.markPaid", {
    invoiceId: cheque.id,
    method: "cheque",
    reference: LONG.reference,
  });
  await callMutation(admin, "schoolAdmin.notifications.send", {
    title: LONG.title,
    message: LONG.message,
    type: "info",
    category: "trip",
    audience: { kind: "parent", parentId: parent.id },
    email: false,
  });
  const { id: tripId } = (await callMutation(admin, "schoolAdmin.flightTrips.create", {
    trip: {
      title: LONG.trip,
      departureAirport: LONG.airport,
      arrivalAirport: LONG.airport,
      departureDate: schoolDay(40),
      departureTime: "08:00",
      returnDate: schoolDay(44),
      returnTime: "18:00",
      airline: LONG.airline,
      costPerStudent: 500,
      deposit: null,
      description: LONG.description,
      status: "scheduled",
      enrollmentDeadline: schoolDay(20),
      capacity: null,
    },
  })) as { id: string };
  await callMutation(parent.page, "parent.flightTrips.enroll", {
    tripId,
    enrollment: {
      childId,
      emergencyContact: LONG.contact,
      emergencyPhone: "+1 217 555 0100",
      medicalInfo: LONG.medical,
      dietaryRestrictions: LONG.dietary,
      acceptTerms: true,
    },
  });
  await admin.context().close();
  await parent.page.context().close();
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  await seedLongText(browser);
});

async function signedIn(
  browser: Browser,
  role: "school_admin" | "parent",
  viewport: { width: number; height: number },
) {
  const page = await (await browser.newContext({ viewport })).newPage();
  if (role === "school_admin") await signIn(page, role);
  else {
    await page.goto("/login/parent");
    await page.getByLabel("Email", { exact: true }).fill(EMAIL);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL("/parent");
  }
  return page;
}

/** Neither the page nor an open dialog scrolls sideways. */
async function expectFits(page: Page, what: string, dialog?: Locator) {
  await expectNoHorizontalScroll(page).catch((error: Error) => {
    throw new Error(`${what}: ${error.message}`);
  });
  if (dialog)
    expect(
      await dialog.evaluate((element) => element.scrollWidth - element.clientWidth),
      `${what}: the dialog scrolls sideways`,
    ).toBeLessThanOrEqual(0);
}

/** The screens listing what was saved, each with a long value it must show. */
async function checkLists(page: Page, width: number, screens: [path: string, shows: string][]) {
  for (const [path, shows] of screens) {
    await page.goto(path);
    await expect(page.getByText(shows).filter({ visible: true }).first(), `${path} at ${width}px`).toBeVisible();
    await expectFits(page, `${path} at ${width}px`);
  }
}

/** Opens a form, puts a 500-character word in each of its free-text fields and checks it fits; closes it unsaved. */
async function checkForm(page: Page, width: number, open: () => Promise<unknown>, name: string | RegExp) {
  await open();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  const fields = dialog
    .locator("textarea, input:is([type=text], [type=search], [type=tel], :not([type]))")
    .filter({ visible: true });
  expect(await fields.count(), `${name}: free-text fields`).toBeGreaterThan(0);
  for (const field of await fields.all()) await field.fill(WORD);
  await expectFits(page, `${name} at ${width}px`, dialog);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
}

for (const viewport of WIDTHS) {
  test(`school admin at ${viewport.width} px: the forms take a 500-character word, the lists hold the longest values`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const page = await signedIn(browser, "school_admin", viewport);
    const { width } = viewport;
    await checkLists(page, width, [
      ["/school-admin", LONG.parentName],
      [`/school-admin/trips?view=day&date=${schoolDay(0)}`, LONG.driver],
      ["/school-admin/flight-trips", LONG.trip],
      [`/school-admin/invoices?search=${tag}`, LONG.invoice],
      [`/school-admin/invoices?search=${tag}`, LONG.voidReason],
      [`/school-admin/invoices?search=${tag}`, LONG.reference],
      ["/school-admin/parents", LONG.parentName],
      ["/school-admin/notifications", "Notifications"],
      ["/school-admin/notifications?tab=sent", LONG.title],
    ]);

    // The day's table keeps Bus, Time, Status, Edit and Delete of the long trip on screen.
    await page.goto(`/school-admin/trips?view=day&date=${schoolDay(0)}`);
    const remove = page.getByRole("button", { name: `Delete ${LONG.route} bus ${LONG.bus}` }).filter({ visible: true });
    await remove.scrollIntoViewIfNeeded();
    const box = (await remove.boundingBox())!;
    expect(box.x + box.width, "Delete of the long trip").toBeLessThanOrEqual(width);
    if (width === 1280)
      expect(
        await page
          .getByRole("table")
          .evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth),
        "the day's table scrolls",
      ).toBeLessThanOrEqual(0);

    await checkForm(page, width, () => page.getByRole("button", { name: "New Trip" }).click(), "New Trip");
    await checkForm(
      page,
      width,
      () =>
        page
          .getByRole("button", { name: `Edit ${LONG.route} bus ${LONG.bus}` })
          .filter({ visible: true })
          .click(),
      "Edit Trip",
    );
    await page.goto("/school-admin/flight-trips");
    await checkForm(page, width, () => page.getByRole("button", { name: "Create Trip" }).click(), "Create Flight Trip");
    await checkForm(
      page,
      width,
      () => page.getByRole("button", { name: `Edit ${LONG.trip}` }).click(),
      "Edit Flight Trip",
    );
    await checkForm(
      page,
      width,
      () => page.getByRole("button", { name: `Notify parents of ${LONG.trip}` }).click(),
      "Notify Enrolled Parents",
    );
    await page.goto("/school-admin/notifications");
    await checkForm(
      page,
      width,
      () => page.getByRole("button", { name: "Send Notification" }).click(),
      "Send Notification",
    );
    await page.goto("/school-admin/invoices");
    await checkForm(page, width, () => page.getByRole("button", { name: "Create Invoice" }).click(), "Create Invoice");
    // The corrections of the long pending invoice, from its Manage menu.
    const correct = (item: RegExp) => async () => {
      await page
        .getByRole(width < 768 ? "listitem" : "row")
        .filter({ hasText: LONG.invoice })
        .getByRole("button", { name: /^Manage INV-/ })
        .first()
        .click();
      await page.getByRole("button", { name: item }).first().click();
    };
    await page.goto(`/school-admin/invoices?tab=pending&search=${tag}`);
    await checkForm(page, width, correct(/^Edit INV-/), /^Edit INV-/);
    await checkForm(page, width, correct(/^Mark INV-.* as paid$/), "Mark as Paid");
    await checkForm(page, width, correct(/^Void INV-/), "Void Invoice");
    await page.goto("/school-admin/parents");
    await checkForm(page, width, () => page.getByRole("button", { name: "Invite Parent" }).click(), "Invite Parent");
  });

  test(`parent at ${viewport.width} px: the forms take a 500-character word, the lists hold the longest values, Pay Now can be tapped`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const page = await signedIn(browser, "parent", viewport);
    const { width } = viewport;
    await checkLists(page, width, [
      ["/parent", LONG.child],
      ["/parent/children", LONG.allergies],
      ["/parent/flight-trips", LONG.trip],
      ["/parent/notifications", LONG.title],
      ["/parent/invoices", LONG.invoice],
      ["/parent/invoices", LONG.voidReason],
      ["/parent/invoices", LONG.reference],
      ["/parent/account", LONG.parentName],
    ]);
    // Nothing lies over Pay Now (a trial click fails if another element would take the tap).
    await page.goto("/parent");
    await page.getByRole("button", { name: "Pay Now" }).click({ trial: true, timeout: 5_000 });

    await page.goto("/parent/children");
    await checkForm(page, width, () => page.getByRole("button", { name: "Add Child" }).first().click(), "Add Child");
    await checkForm(page, width, () => page.getByRole("button", { name: `Edit ${LONG.child}` }).click(), "Edit Child");
    await page.goto("/parent/flight-trips");
    await checkForm(
      page,
      width,
      () => page.getByRole("button", { name: "Enroll Now in Washington DC Museums" }).click(),
      "Enroll in Washington DC Museums",
    );
    await page.getByRole("button", { name: `View Details for ${LONG.child}` }).click();
    const details = page.getByRole("dialog");
    await expect(details).toContainText(LONG.medical);
    await expectFits(page, `enrolment details at ${width}px`, details);
    await page.keyboard.press("Escape");
    // A confirmation naming the child and the trip.
    await page.getByRole("button", { name: `Opt Out ${LONG.child}` }).click();
    const optOut = page.getByRole("alertdialog");
    await expect(optOut).toContainText(LONG.trip);
    await expectFits(page, `Opt Out at ${width}px`, optOut);
    await optOut.getByRole("button", { name: "Cancel" }).click();
  });
}
