import { readFile } from "node:fs/promises";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { FLIGHT_TRIP_MESSAGES } from "#shared/flight-trip-texts.ts";
import { signIn, unique } from "./support.ts";

/**
 * Issue 15 end to end, through both areas' screens only: the demo admin creates a trip with a
 * deposit; the demo parent (on a phone) enrols a child and pays the deposit (Partial), then the
 * balance (Paid); the admin's list shows the child Confirmed and Paid, and the roster CSV holds the
 * child with the contacts and notes the parent gave.
 */

/** A calendar day `days` from today in the browser's calendar (the demo school's zone is within hours of it). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function area(browser: Browser, role: "school_admin" | "parent", viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await signIn(page, role);
  return page;
}

const studentRow = (card: Locator, name: string) => card.getByRole("listitem").filter({ hasText: name });

async function payOnCheckout(page: Page, amount: string) {
  await expect(page).toHaveURL(/\/dev\/stripe\/checkout\/cs_/);
  await page.getByRole("button", { name: `Pay ${amount}` }).click();
  await expect(page).toHaveURL(/\/parent\/flight-trips/);
  await expect(page.getByText("Payment received")).toBeVisible();
}

test("the admin creates a trip with a deposit; the parent enrols and pays deposit then balance; the admin sees Confirmed and Paid, and the roster holds the child", {
  tag: "@core",
}, async ({ browser }) => {
  const title = `Space Center ${unique()}`;
  const admin = await area(browser, "school_admin", { width: 1280, height: 800 });
  await admin.goto("/school-admin/flight-trips");
  await admin.getByRole("button", { name: "Create Trip" }).first().click();
  const create = admin.getByRole("dialog", { name: "Create Flight Trip" });
  await create.getByLabel("Trip Title").fill(title);
  await create.getByLabel("Departure Airport").fill("IAH");
  await create.getByLabel("Arrival Airport").fill("MCO");
  await create.getByLabel("Departure Date").fill(day(40));
  await create.getByLabel("Departure Time").fill("09:15");
  await create.getByLabel("Return Date").fill(day(42));
  await create.getByLabel("Return Time").fill("18:30");
  await create.getByLabel("Airline").fill("Southwest");
  await create.getByLabel("Cost per Student ($)").fill("380");
  await create.getByLabel("Deposit ($, optional)").fill("80");
  await create.getByLabel("Enrolment Deadline").fill(day(20));
  await create.getByLabel("Capacity (optional)").fill("12");
  await create.getByRole("button", { name: "Create Trip" }).click();
  await expect(admin.getByText(FLIGHT_TRIP_MESSAGES.created.description)).toBeVisible();
  await expect(admin.getByRole("article", { name: title })).toContainText("0 / 12 seats");

  // The parent, on a phone: Enroll Now, then the deposit on the local Checkout page.
  const parent = await area(browser, "parent", { width: 375, height: 812 });
  await parent.goto("/parent/flight-trips");
  const card = parent.getByRole("listitem").filter({ has: parent.getByRole("heading", { level: 2, name: title }) });
  await expect(card).toContainText("$380.00");
  await card.getByRole("button", { name: `Enroll Now in ${title}` }).click();
  const dialog = parent.getByRole("dialog", { name: `Enroll in ${title}` });
  await dialog.getByLabel("Select Child").selectOption({ label: "Ava Rivera" });
  await dialog.getByLabel("Emergency Contact", { exact: true }).fill("Alex Rivera");
  await dialog.getByLabel("Emergency Contact Phone").fill("+1 555 0199");
  await dialog.getByLabel("Medical Information").fill("Asthma: inhaler in the front pocket");
  await dialog.getByLabel("Dietary Restrictions").fill("Vegetarian");
  await dialog.getByLabel(/I agree to the trip's terms/).check();
  await dialog.getByRole("button", { name: "Enroll & Pay Now" }).click();
  await payOnCheckout(parent, "$80.00");
  const ava = () => studentRow(parent.getByRole("listitem").filter({ has: parent.getByRole("heading", { level: 2, name: title }) }), "Ava Rivera");
  await expect(ava()).toContainText("Partial");

  // The admin sees the seat taken and the deposit paid.
  await admin.reload();
  const adminCard = admin.getByRole("article", { name: title });
  await expect(adminCard).toContainText("1 / 12 seats");
  await expect(studentRow(adminCard, "Ava Rivera")).toContainText("Confirmed");
  await expect(studentRow(adminCard, "Ava Rivera")).toContainText("Partial");

  // The balance.
  await ava().getByRole("button", { name: "Make Payment for Ava Rivera" }).click();
  await payOnCheckout(parent, "$300.00");
  await expect(ava()).toContainText("Paid $380.00 of $380.00");

  await admin.reload();
  await expect(studentRow(adminCard, "Ava Rivera")).toContainText("Confirmed");
  await expect(studentRow(adminCard, "Ava Rivera")).toContainText("Paid");

  // The roster CSV holds the child with what the parent gave.
  const downloading = admin.waitForEvent("download");
  await adminCard.getByRole("button", { name: `Export roster of ${title}` }).click();
  const csv = await readFile((await (await downloading).path())!, "utf8");
  const row = csv.split("\r\n").find((line) => line.startsWith('"Ava Rivera"'));
  expect(row).toBeDefined();
  for (const value of ["Confirmed", "Paid", "Alex Rivera", "Asthma: inhaler in the front pocket", "Vegetarian"]) expect(row).toContain(value);
  expect(row).toContain("'+1 555 0199"); // a cell starting with + is kept from being read as a formula
});
