import { expect, type Locator, type Page, test } from "@playwright/test";
import { FLIGHT_TRIP_MESSAGES } from "#shared/flight-trip-texts.ts";
import { INVOICE_MESSAGES } from "#shared/invoice-texts.ts";
import { MESSAGES } from "#shared/messages.ts";
import { TRIP_MESSAGES } from "#shared/trip-texts.ts";
import { callMutation, DEMO, DEMO_PASSWORD, unique } from "./support.ts";

/**
 * Issue 16 item 3: the four keyboard-only journeys. Nothing here uses the mouse or Playwright's
 * form shortcuts (no click, fill, check or selectOption): only Tab, Shift+Tab, Enter, Space, the
 * arrow keys, Escape and typed text. Locators only look (focus, text, visibility). At each key point
 * the focused element is asserted and its focus indicator is checked to be drawn.
 */

// Dates and times are typed segment by segment, as en-US shows them (mm/dd/yyyy, hh:mm AM).
test.use({ locale: "en-US", viewport: { width: 1280, height: 800 } });

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails naming where the focus went. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 60 } = {}) {
  await expect(target).toBeVisible();
  const element = await target.elementHandle();
  const visited: string[] = [];
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    // One round trip a press: null once the target has the focus, else what has it.
    const elsewhere = await element!.evaluate((wanted) => {
      const focused = document.activeElement;
      if (focused === wanted) return null;
      return focused
        ? `${focused.tagName.toLowerCase()} "${(focused.getAttribute("aria-label") ?? focused.textContent ?? "").trim().slice(0, 30)}"`
        : "nothing";
    });
    if (elsewhere === null) return;
    visited.push(elsewhere);
  }
  throw new Error(`Tab never reached the target; the focus visited: ${visited.join(" → ")}`);
}

/**
 * Tab to the next control. A date or time field takes one Tab per part (month, day, year), so the
 * next control may be a few presses away.
 */
async function next(page: Page, target: Locator) {
  await tabTo(page, target, { max: 4 });
  await expectFocusVisible(target);
}

/** The focused element has the focus and a focus indicator one can see (an outline or a ring). */
async function expectFocusVisible(target: Locator) {
  await expect(target).toBeFocused();
  const indicator = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== "none" &&
      Number.parseFloat(style.outlineWidth) > 0 &&
      !/rgba\(.*, 0\)$/.test(style.outlineColor);
    const ring = style.boxShadow !== "none" && !/^rgba\(0, 0, 0, 0\)[^,]*$/.test(style.boxShadow);
    return {
      focusVisible: element.matches(":focus-visible"),
      drawn: outline || ring,
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
    };
  });
  expect(indicator.focusVisible, "the browser shows the focus (:focus-visible)").toBe(true);
  expect(indicator.drawn, `an outline or a ring is drawn (outline: ${indicator.outline})`).toBe(true);
}

/**
 * Chooses a native select's option with the browser's type-ahead: its label's first letter (one key,
 * so no pause between keys can restart the search), which here no other option starts with.
 */
async function typeAhead(page: Page, select: Locator, label: string) {
  await expectFocusVisible(select);
  await page.keyboard.type(label.charAt(0));
  await expect(select.locator("option:checked")).toHaveText(label);
}

/** Chooses a native select's option with the down arrow, however many options come before it. */
async function arrowTo(page: Page, select: Locator, label: string) {
  await expectFocusVisible(select);
  const options = await select.locator("option").count();
  for (
    let presses = 0;
    presses < options && (await select.locator("option:checked").textContent()) !== label;
    presses++
  )
    await page.keyboard.press("ArrowDown");
  await expect(select.locator("option:checked")).toHaveText(label);
}

/** Types a `YYYY-MM-DD` into a focused date input, segment by segment (mm, dd, yyyy). */
async function typeDate(page: Page, input: Locator, isoDay: string) {
  await expectFocusVisible(input);
  const [year, month, day] = isoDay.split("-");
  await page.keyboard.type(`${month}${day}${year}`);
  await expect(input).toHaveValue(isoDay);
}

/** Types a `HH:MM` (24 h) into a focused time input (hh, mm, AM/PM). */
async function typeTime(page: Page, input: Locator, time: string) {
  await expectFocusVisible(input);
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  await page.keyboard.type(
    `${String(twelve).padStart(2, "0")}${String(minutes).padStart(2, "0")}${hours < 12 ? "A" : "P"}`,
  );
  await expect(input).toHaveValue(time);
}

/** Replaces a focused text or number input's value. */
async function retype(page: Page, input: Locator, text: string) {
  await expectFocusVisible(input);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
  await expect(input).toHaveValue(text);
}

/** Signs in from the role's login page with the keyboard: Tab to the e-mail, type, Tab, type the password, Enter. */
async function keyboardSignIn(page: Page, role: keyof typeof DEMO) {
  const account = DEMO[role];
  await page.goto(account.login);
  const email = page.getByLabel("Email", { exact: true });
  await expect(email).toBeEnabled(); // the prerendered form is live
  await tabTo(page, email);
  await expectFocusVisible(email);
  await page.keyboard.type(account.email);
  await page.keyboard.press("Tab");
  await expectFocusVisible(page.getByLabel("Password", { exact: true }));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(account.home);
}

/** Follows a link of the area's sidebar with the keyboard. */
async function openFromSidebar(page: Page, name: string, heading: string) {
  const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
  await tabTo(page, link);
  await expectFocusVisible(link);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** Tabs to a button, checks its focus ring, presses Enter and returns the dialog it opens. */
async function openDialog(page: Page, opener: Locator, name: string, max = 60) {
  await tabTo(page, opener, { max });
  await expectFocusVisible(opener);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Submits an incomplete form from its submit button: the focus lands on `field`, described by `message`. */
async function submitIncomplete(page: Page, submit: Locator, field: Locator, message: string) {
  await tabTo(page, submit);
  await expectFocusVisible(submit);
  await page.keyboard.press("Enter");
  await expectFocusVisible(field);
  await expect(field).toHaveAccessibleDescription(message);
}

test("keyboard only: a school admin signs in from /login/school with the skip link, Tab, typing and Enter", async ({
  page,
}) => {
  await page.goto(DEMO.school_admin.login);
  const email = page.getByLabel("Email", { exact: true });
  await expect(email).toBeEnabled();
  // The first Tab shows the skip link; Enter takes the focus to the page's content, the next Tab to the form.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expectFocusVisible(skip);
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  await tabTo(page, email, { max: 3 });
  await expectFocusVisible(email);
  // Sign In with nothing typed: the message, and the focus back on the first empty field.
  const signInButton = page.getByRole("button", { name: "Sign In" });
  await tabTo(page, signInButton, { max: 5 });
  await expectFocusVisible(signInButton);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert")).toHaveText(MESSAGES.fillAllFields);
  await expectFocusVisible(email);
  await page.keyboard.type(DEMO.school_admin.email);
  await page.keyboard.press("Tab");
  const password = page.getByLabel("Password", { exact: true });
  await expectFocusVisible(password);
  await page.keyboard.type(DEMO_PASSWORD);
  // Remember me is a real checkbox: Space ticks it.
  await page.keyboard.press("Tab");
  const remember = page.getByRole("checkbox", { name: "Remember me" });
  await expectFocusVisible(remember);
  await page.keyboard.press("Space");
  await expect(remember).toBeChecked();
  await next(page, signInButton);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(DEMO.school_admin.home);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // In the signed-in area too, the first Tab is a skip link past the header and the sidebar.
  await page.keyboard.press("Tab");
  const areaSkip = page.getByRole("link", { name: "Skip to content" });
  await expectFocusVisible(areaSkip);
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

test("keyboard only: a school admin creates a trip in the New Trip dialog", async ({ page }) => {
  test.setTimeout(90_000);
  const route = `Keyboard Loop ${unique()}`;
  await keyboardSignIn(page, "school_admin");
  await openFromSidebar(page, "Trip Management", "Trip Management");
  const newTrip = page.getByRole("button", { name: "New Trip" });
  const dialog = await openDialog(page, newTrip, "New Trip");
  // The dialog starts at its first field.
  const routeName = dialog.getByLabel("Route Name");
  await expectFocusVisible(routeName);
  await page.keyboard.type(route);
  // A submit with a required field empty puts the focus on that field, with its message.
  const create = dialog.getByRole("button", { name: "Create Trip" });
  const busNumber = dialog.getByLabel("Bus Number");
  await submitIncomplete(page, create, busNumber, TRIP_MESSAGES.busNumber);
  // Back to Route Type (Shift+Tab), a native select: the down arrow picks Dropoff.
  const routeType = dialog.getByLabel("Route Type");
  await tabTo(page, routeType, { backwards: true, max: 2 });
  await arrowTo(page, routeType, "Dropoff");
  await next(page, busNumber);
  await page.keyboard.type("K7");
  await next(page, dialog.getByLabel("Driver Name"));
  await page.keyboard.type("Kim Keys");
  const date = dialog.getByLabel("Departure Date");
  await next(page, date);
  // The school's today (the default), typed again: the date field takes typed digits.
  await typeDate(page, date, await date.inputValue());
  await next(page, dialog.getByLabel("Departure Time"));
  await typeTime(page, dialog.getByLabel("Departure Time"), "07:10");
  await next(page, dialog.getByLabel("Estimated Arrival"));
  await typeTime(page, dialog.getByLabel("Estimated Arrival"), "07:55");
  await next(page, dialog.getByLabel("Total Stops"));
  await retype(page, dialog.getByLabel("Total Stops"), "6");
  await next(page, dialog.getByLabel("Estimated Students"));
  await retype(page, dialog.getByLabel("Estimated Students"), "31");
  await next(page, dialog.getByLabel("Status"));
  await typeAhead(page, dialog.getByLabel("Status"), "Scheduled");
  // The focus stays in the dialog: past its last control it comes back to its first.
  await tabTo(page, create);
  await next(page, dialog.getByRole("button", { name: "Close" }));
  await tabTo(page, create, { backwards: true });
  await page.keyboard.press("Enter");
  await expect(page.getByText(TRIP_MESSAGES.created.description)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The focus is back on the button that opened the dialog, and the trip is listed.
  await expectFocusVisible(newTrip);
  const row = page.getByRole("row").filter({ hasText: route });
  await expect(row).toContainText("Bus K7");
  await expect(row).toContainText("Kim Keys");
  await expect(row).toContainText("31 students · 6 stops");
  await expect(row).toContainText("Dropoff");
});

/** `YYYY-MM-DD` plus `days` calendar days. */
const plusDays = (isoDay: string, days: number) =>
  new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test("keyboard only: a school admin creates an invoice for a parent", async ({ page }) => {
  test.setTimeout(90_000);
  const description = `Keyboard bus pass ${unique()}`;
  await keyboardSignIn(page, "school_admin");
  await openFromSidebar(page, "Invoices", "Invoices & Payments");
  const open = page.getByRole("button", { name: "Create Invoice" });
  const dialog = await openDialog(page, open, "Create Invoice");
  // Escape closes the dialog and gives the focus back to its opener; Enter opens it again.
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expectFocusVisible(open);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  // Submitting the empty form puts the focus on the first field in error, the recipient.
  const submit = dialog.getByRole("button", { name: "Create Invoice" });
  const recipient = dialog.getByLabel("Recipient");
  await submitIncomplete(page, submit, recipient, INVOICE_MESSAGES.recipient);
  // Find the demo parent (the search asks the server), then pick them in the select.
  const find = dialog.getByLabel("Find a parent");
  await tabTo(page, find, { backwards: true, max: 2 });
  await page.keyboard.type(DEMO.parent.email);
  const option = `${DEMO.parent.name} (${DEMO.parent.email})`;
  await expect(recipient.getByRole("option")).toHaveText(["Choose a parent…", option]);
  await next(page, recipient);
  await typeAhead(page, recipient, option);
  await tabTo(page, dialog.getByLabel("Description"), { max: 2 }); // past "Enter a user ID instead"
  await page.keyboard.type(description);
  await next(page, dialog.getByLabel("Base Amount ($)"));
  await page.keyboard.type("42.50");
  const preview = dialog.getByTestId("invoice-total-preview");
  await expect(preview).toContainText("Base $42.50");
  // The total with the school's fee, as the list will show it.
  const total = /Total: (\$[\d,.]+)/.exec((await preview.textContent()) ?? "")![1]!;
  const issueDate = dialog.getByLabel("Issue Date");
  await next(page, issueDate);
  const dueDate = dialog.getByLabel("Due Date");
  await next(page, dueDate);
  const due = plusDays(await issueDate.inputValue(), 20);
  await typeDate(page, dueDate, due);
  await tabTo(page, submit, { max: 6 });
  await page.keyboard.press("Enter");
  await expect(page.getByText(INVOICE_MESSAGES.created)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expectFocusVisible(open);
  // The list shows it: search for it with the keyboard.
  const search = page.getByLabel("Search invoices");
  await tabTo(page, search);
  await page.keyboard.type(description);
  const row = page.getByRole("row").filter({ hasText: description });
  await expect(row).toContainText(DEMO.parent.name);
  await expect(row).toContainText(total);
  await expect(row).toContainText(
    new Date(`${due}T12:00:00Z`).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    }),
  );
});

test("keyboard only: a parent enrols a child in a field trip and pays on the Checkout page", async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  // The trip, made by the school admin through the API (the journey under test is the parent's).
  const title = `Keyboard Science Fair ${unique()}`;
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await adminPage.goto("/");
  await callMutation(adminPage, "auth.login", {
    role: "school_admin",
    email: DEMO.school_admin.email,
    password: DEMO_PASSWORD,
    remember: false,
  });
  const today = new Date().toISOString().slice(0, 10);
  await callMutation(adminPage, "schoolAdmin.flightTrips.create", {
    trip: {
      title,
      departureAirport: "ORD",
      arrivalAirport: "SFO",
      departureDate: plusDays(today, 50),
      departureTime: "08:00",
      returnDate: plusDays(today, 52),
      returnTime: "19:00",
      airline: "United",
      costPerStudent: 95,
      deposit: null,
      description: null,
      status: "scheduled",
      enrollmentDeadline: plusDays(today, 30),
      capacity: null,
    },
  });
  await admin.close();

  await keyboardSignIn(page, "parent");
  await openFromSidebar(page, "Flight Trips", "Flight Trips");
  // Past the other trips' buttons (other specs add trips) to this trip's Enroll Now.
  const dialog = await openDialog(
    page,
    page.getByRole("button", { name: `Enroll Now in ${title}` }),
    `Enroll in ${title}`,
    200,
  );
  // Submitting at once puts the focus on the first field in error, Select Child.
  const submit = dialog.getByRole("button", { name: "Enroll & Pay Now" });
  const child = dialog.getByLabel("Select Child");
  await submitIncomplete(page, submit, child, FLIGHT_TRIP_MESSAGES.child);
  await arrowTo(page, child, "Leo Rivera");
  // The account's emergency contact fills these in; replaced from the keyboard for this trip.
  await next(page, dialog.getByLabel("Emergency Contact", { exact: true }));
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Alex Rivera");
  await next(page, dialog.getByLabel("Emergency Contact Phone"));
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("(217) 555-0199");
  await next(page, dialog.getByLabel("Medical Information"));
  await page.keyboard.type("None");
  await next(page, dialog.getByLabel("Dietary Restrictions"));
  await page.keyboard.type("No nuts");
  // The terms: a real checkbox, ticked with Space.
  const terms = dialog.getByRole("checkbox", { name: /I agree to the trip's terms/ });
  await next(page, terms);
  await page.keyboard.press("Space");
  await expect(terms).toBeChecked();
  await tabTo(page, submit, { max: 2 });
  await expectFocusVisible(submit);
  await page.keyboard.press("Enter");
  // The local Checkout page: its Pay button is reachable with Tab and pressed with Enter.
  await expect(page).toHaveURL(/\/dev\/stripe\/checkout\/cs_/);
  const pay = page.getByRole("button", { name: "Pay $95.00" });
  await tabTo(page, pay, { max: 10 });
  await expectFocusVisible(pay);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/parent\/flight-trips/);
  await expect(page.getByText("Payment received")).toBeVisible();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: title }) });
  const leo = card.getByRole("listitem").filter({ hasText: "Leo Rivera" });
  await expect(leo).toContainText("Confirmed");
  await expect(leo).toContainText("Paid $95.00 of $95.00");
});
