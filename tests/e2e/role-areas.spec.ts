import { type Browser, expect, type Page, test } from "@playwright/test";
import { callMutation, clippedDateTimeFields, emailsBrokenMidWord, newParent, signIn, unique } from "./support.ts";

/** Issue 25: the school admin and parent areas, tried at a desk (1280 px) and on a phone (375 px). */

const DESK = { width: 1280, height: 900 };
/** A calendar day `days` from today (the demo school's zone is within hours of the browser's). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const PHONE = { width: 375, height: 800 };

/** Reads a tRPC query as the signed-in browser does. */
async function callQuery(page: Page, path: string, input?: unknown) {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const response = await page.request.get(`/api/trpc/${path}${query}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: { json: unknown } } }).result.data.json;
}

async function signedIn(browser: Browser, role: "school_admin" | "parent", viewport = DESK): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await signIn(page, role);
  return page;
}

async function openDialog(page: Page, path: string, button: string, title: string) {
  await page.goto(path);
  await page.getByRole("button", { name: button, exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("every date and time field of the school admin's forms shows its whole value, AM/PM included, at 1280 and 375 px", async ({
  page,
}) => {
  await signIn(page, "school_admin");
  for (const viewport of [DESK, PHONE]) {
    await page.setViewportSize(viewport);
    const trip = await openDialog(page, "/school-admin/trips", "New Trip", "New Trip");
    await trip.getByLabel("Departure Time").fill("14:30");
    await trip.getByLabel("Estimated Arrival").fill("15:45");
    await trip.getByLabel("Repeat").check();
    await expect(trip.getByLabel("Until")).toBeVisible();
    expect(await clippedDateTimeFields(page), `New Trip at ${viewport.width}px`).toEqual([]);

    const flight = await openDialog(page, "/school-admin/flight-trips", "Create Trip", "Create Flight Trip");
    await flight.getByLabel("Departure Time").fill("14:30");
    await flight.getByLabel("Return Time").fill("23:45");
    expect(await clippedDateTimeFields(page), `Create Flight Trip at ${viewport.width}px`).toEqual([]);

    await openDialog(page, "/school-admin/invoices", "Create Invoice", "Create Invoice");
    expect(await clippedDateTimeFields(page), `Create Invoice at ${viewport.width}px`).toEqual([]);
  }
});

/** `YYYY-MM-DD` plus `days`, and its weekday's short name as the Repeat checkboxes say it. */
const shifted = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (date: string) =>
  ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][new Date(`${date}T00:00:00Z`).getUTCDay()]!;

test("New Trip: Repeat's weekday and Until follow the departure date until the admin sets them", async ({ page }) => {
  await signIn(page, "school_admin");
  const dialog = await openDialog(page, "/school-admin/trips", "New Trip", "New Trip");
  await dialog.getByLabel("Route Name").fill("Weekday Follow Route");
  await dialog.getByLabel("Bus Number").fill("31");
  await dialog.getByLabel("Driver Name").fill("Pat Follow");
  await dialog.getByLabel("Repeat").check();
  const opening = await dialog.getByLabel("Departure Date").inputValue();
  const days = dialog.locator("fieldset label:has(input[value])");
  const tickedDays = async () =>
    (await days.filter({ has: page.locator("input:checked") }).allTextContents()).map((text) => text.trim()).sort();
  expect(await tickedDays()).toEqual([weekdayOf(opening)]);

  // Two days later: the weekday and Until move with it (before, the opening weekday stayed ticked).
  const later = shifted(opening, 30 + 2);
  await dialog.getByLabel("Departure Date").fill(later);
  expect(await tickedDays()).toEqual([weekdayOf(later)]);
  await expect(dialog.getByLabel("Until")).toHaveValue(later);

  // Once the admin ticks a weekday, the choice is theirs: another date leaves it alone.
  const extra = weekdayOf(shifted(later, 1));
  await days.filter({ hasText: extra }).getByRole("checkbox").check();
  await dialog.getByLabel("Until").fill(shifted(later, 13));
  await dialog.getByLabel("Departure Date").fill(shifted(later, 7));
  expect(await tickedDays()).toEqual([weekdayOf(later), extra].sort());
  await expect(dialog.getByLabel("Until")).toHaveValue(shifted(later, 13));

  // From a week later to Until: that weekday and the next, once each week → one week left, 2 trips.
  await dialog.getByRole("button", { name: "Create Trip" }).click();
  await expect(page.getByText("2 trips created successfully!")).toBeVisible();
});

test("a double click on the trip confirmation's Delete deletes once and shows one toast", async ({ page }) => {
  await signIn(page, "school_admin");
  const route = `Double Click Loop ${unique()}`;
  const date = shifted(new Date().toISOString().slice(0, 10), 20);
  const trip = {
    routeName: route,
    routeType: "pickup",
    busNumber: "44",
    driverName: "Dee Click",
    departureDate: date,
    departureTime: "07:30",
    arrivalTime: "08:15",
    stops: 3,
    studentsCount: 12,
    status: "scheduled",
  };
  await callMutation(page, "schoolAdmin.trips.create", { trip });
  // Every delete call, also two batched into one request (…/schoolAdmin.trips.delete,schoolAdmin.trips.delete).
  const deletes: string[] = [];
  page.on("request", (request) => {
    for (const procedure of new URL(request.url()).pathname.split("/").at(-1)!.split(","))
      if (procedure === "schoolAdmin.trips.delete") deletes.push(procedure);
  });
  await page.goto(`/school-admin/trips?view=day&date=${date}&search=${encodeURIComponent(route)}`);
  await page
    .getByRole("button", { name: `Delete ${route} bus 44` })
    .first()
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Trip" });
  await confirm.getByRole("button", { name: "Delete" }).dblclick();
  await expect(page.getByText("Trip deleted successfully!")).toHaveCount(1);
  await expect(page.getByText("No trips found")).toBeVisible();
  // Time for a second toast to show, had there been a second delete.
  await page.waitForTimeout(1_000);
  await expect(page.getByText("Trip deleted successfully!")).toHaveCount(1);
  await expect(page.getByText("Failed to delete trip. Please try again.")).toHaveCount(0);
  expect(deletes).toHaveLength(1);
});

test("the Cancel Flight Trip dialog's safe button says Keep Trip, and keeps it", async ({ page, browser }) => {
  const title = `Keep Trip Museum ${unique()}`;
  await signIn(page, "school_admin");
  const { id: tripId } = (await callMutation(page, "schoolAdmin.flightTrips.create", {
    trip: {
      title,
      departureAirport: "ORD",
      arrivalAirport: "DCA",
      departureDate: day(40),
      departureTime: "08:30",
      returnDate: day(42),
      returnTime: "17:45",
      airline: "United Airlines",
      costPerStudent: 120,
      deposit: null,
      description: null,
      status: "scheduled",
      enrollmentDeadline: day(20),
      capacity: null,
    },
  })) as { id: string };
  // The demo parent enrols a child: the open Checkout makes Delete a cancellation with refunds.
  const parent = await signedIn(browser, "parent");
  const { children } = (await callQuery(parent, "parent.children.list")) as { children: { id: string }[] };
  await callMutation(parent, "parent.flightTrips.enroll", {
    tripId,
    enrollment: {
      childId: children[0]!.id,
      emergencyContact: "Pat Rivera",
      emergencyPhone: "+1 217 555 0100",
      acceptTerms: true,
    },
  });

  await page.goto("/school-admin/flight-trips");
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Cancel Flight Trip" });
  // The dialog's chunk loads on the first click: a loaded CI machine can take more than 5 s.
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole("button")).toHaveText(["Keep Trip", "Cancel Trip and Refund"]);
  await dialog.getByRole("button", { name: "Keep Trip" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("article", { name: title })).toBeVisible();
  // Leave nothing open for the other journeys: the trip is cancelled (its Checkout expired).
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await dialog.getByRole("button", { name: "Cancel Trip and Refund" }).click();
  await expect(dialog).toHaveCount(0);
});

test("a notification keeps its line breaks and says who sent it, in both areas' lists and dashboards", async ({
  page,
  browser,
}) => {
  const title = `Two lines ${unique()}`;
  const message = "Bus 12 is running late.\nPickup at 7:45 instead.";
  await signIn(page, "school_admin");
  await page.goto("/school-admin/notifications");
  await page.getByRole("button", { name: "Send Notification" }).click();
  const send = page.getByRole("dialog", { name: "Send Notification" });
  await send.getByLabel("Title").fill(title);
  await send.getByLabel("Message").fill(message);
  await send.getByLabel("Parents on a route").check();
  await send.getByLabel("Route", { exact: true }).fill("North Loop");
  await send.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText(/Sent to \d+ parents?\./)).toBeVisible();

  // What the app sends on its own is from the school (the demo's alerts to the admin have no sender).
  // Searched for: the other journeys' payments put newer money notices (ADR 0041) on the first page.
  await page.goto("/school-admin/notifications?search=Bus+7+running+late");
  const alert = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Bus 7 running late" }) });
  await expect(alert).toContainText("From Maple Grove Primary");
  // The dashboard's newest three: the app's notices to the admin (the demo's alerts, the money notices of ADR 0041) are all from the school.
  await page.goto("/school-admin");
  const latest = page.getByRole("region", { name: "Alerts and Notifications" }).getByRole("listitem");
  await expect(latest.first()).toBeVisible();
  for (const item of await latest.all()) await expect(item).toContainText("From Maple Grove Primary");

  for (const viewport of [DESK, PHONE]) {
    const parent = await signedIn(browser, "parent", viewport);
    const recent = parent.getByRole("listitem").filter({ hasText: title });
    await expect(recent).toContainText("From Morgan Lee");
    // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out (its line breaks) is what is checked
    expect(await recent.getByText(/^Bus 12 is running late/).innerText()).toBe(message);
    await parent.goto("/parent/notifications");
    const item = parent.getByRole("listitem").filter({ has: parent.getByRole("heading", { name: title }) });
    await expect(item).toContainText("From Morgan Lee");
    // innerText is the text as laid out: the line break is on screen, not folded into a space.
    // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out (its line breaks) is what is checked
    expect(await item.getByText(/^Bus 12 is running late/).innerText()).toBe(message);
    await parent.context().close();
  }
});

test("on a phone every notifications and invoices tab is whole on screen, Trip Updates included", async ({
  browser,
}) => {
  const parent = await signedIn(browser, "parent", PHONE);
  for (const path of ["/parent/notifications", "/parent/invoices"]) {
    await parent.goto(path);
    const tabs = parent.getByRole("tablist").getByRole("tab");
    await expect(tabs.first()).toBeVisible();
    if (path === "/parent/notifications") await expect(parent.getByRole("tab", { name: /Trip Updates/ })).toBeVisible();
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x, `${path} ${await tab.textContent()}`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${path} ${await tab.textContent()}`).toBeLessThanOrEqual(PHONE.width);
    }
  }
});

test("at 1280 px the trip toolbar keeps Export on the search box's row", async ({ page }) => {
  await page.setViewportSize(DESK);
  await signIn(page, "school_admin");
  for (const view of ["week", "day"]) {
    await page.goto(`/school-admin/trips?view=${view}`);
    const search = (await page.getByLabel("Search trips").boundingBox())!;
    for (const name of ["Filter", "Export"]) {
      const button = (await page.getByRole("button", { name, exact: true }).boundingBox())!;
      // Bottom-aligned with the search box, not wrapped under it.
      expect(
        Math.abs(button.y + button.height - (search.y + search.height)),
        `${name} in the ${view} view`,
      ).toBeLessThanOrEqual(2);
      expect(button.x + button.width).toBeLessThanOrEqual(DESK.width);
    }
  }
});

test("a parent's e-mail wraps only before its @ and dots in the school's invoice table and cards", async ({
  page,
  browser,
}) => {
  await signIn(page, "school_admin");
  const tag = unique();
  const email = `transportation.coordinator.${tag}@very-long-school-district-name.example`;
  const parent = await newParent(browser, page, {
    name: `Wrap Parent ${tag}`,
    email,
    password: "wrap parent passphrase",
  });
  const description = `Wrap test ${tag}`;
  await callMutation(page, "schoolAdmin.invoices.create", {
    recipientId: parent.id,
    description,
    baseAmount: 20,
    issueDate: day(0),
    dueDate: day(15),
  });
  for (const viewport of [DESK, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto(`/school-admin/invoices?search=${encodeURIComponent(description)}`);
    const shown = page.locator("main").getByText(email).filter({ visible: true });
    await expect(shown).toHaveCount(1);
    expect(await emailsBrokenMidWord(shown), `at ${viewport.width}px`).toEqual([]);
    // On the phone it does wrap (the card is narrower than the address): at its dots and @.
    if (viewport === PHONE) expect((await shown.boundingBox())!.height).toBeGreaterThan(20);
  }
});

test("back from Checkout, the paid invoice is highlighted with the day it was paid and its receipt", async ({
  page,
  browser,
}) => {
  await signIn(page, "school_admin");
  const tag = unique();
  const { page: parent, id } = await newParent(
    browser,
    page,
    { name: `Payer ${tag}`, email: `payer.${tag}@example.com`, password: "payer's own passphrase" },
    PHONE,
  );
  const { id: invoiceId, invoiceNumber } = (await callMutation(page, "schoolAdmin.invoices.create", {
    recipientId: id,
    description: `Spring term ${tag}`,
    baseAmount: 40,
    issueDate: day(0),
    dueDate: day(15),
  })) as { id: string; invoiceNumber: string };

  await parent.goto("/parent/invoices");
  await parent.getByRole("button", { name: "Pay" }).click();
  await expect(parent).toHaveURL(/\/dev\/stripe\/checkout\/cs_/);
  await parent.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(parent).toHaveURL("/parent/invoices");

  const notice = parent.getByRole("status").filter({ hasText: `${invoiceNumber} is paid.` });
  await expect(notice).toContainText(/Paid on [A-Z][a-z]{2} \d{1,2}, \d{4}\./);
  await expect(notice.getByRole("link", { name: "Download receipt" })).toHaveAttribute(
    "href",
    `/api/invoices/${invoiceId}/pdf`,
  );
  const paidOn = /Paid on ([^.]+)\./.exec((await notice.textContent())!)![1]!;
  // The card on the phone, the row at a desk: marked, Paid, with the day.
  const card = parent.getByRole("listitem").and(parent.locator("[aria-current=true]"));
  await expect(card).toContainText(invoiceNumber);
  await expect(card).toContainText(`Paid on ${paidOn}`);
  // Highlighted: outlined in green, on a green background.
  await expect(card).toHaveCSS("outline-style", "solid");
  await expect(card).not.toHaveCSS("background-color", "rgb(255, 255, 255)");
  await parent.setViewportSize(DESK);
  const row = parent.getByRole("row").and(parent.locator("[aria-current=true]"));
  await expect(row).toContainText(invoiceNumber);
  await expect(row).toContainText(`Paid on ${paidOn}`);
  await expect(row).toHaveCSS("outline-style", "solid");
  await expect(row.getByRole("button", { name: "Pay" })).toHaveCount(0);
  const receipt = await parent.request.get(`/api/invoices/${invoiceId}/pdf`);
  expect(receipt.headers()["content-type"]).toContain("application/pdf");
});

test("the parent's phone bar names field trips Flight Trips, as the sidebar does, on one line", async ({ browser }) => {
  const parent = await signedIn(browser, "parent", PHONE);
  const bar = parent.getByRole("navigation", { name: "Main" });
  const link = bar.getByRole("link", { name: "Flight Trips" });
  await expect(link).toHaveText("Flight Trips");
  await expect(bar.getByText("Trips", { exact: true })).toHaveCount(0);
  expect(await link.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  // On one line: its words' boxes share a top.
  const lines = await link.evaluate((element) => {
    const text = [...element.childNodes].find((node) => node.nodeType === Node.TEXT_NODE)!;
    const range = document.createRange();
    range.selectNodeContents(text);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
  await link.click();
  await expect(parent).toHaveURL("/parent/flight-trips");
});
