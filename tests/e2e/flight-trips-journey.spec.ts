import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { area, createFlightTrip } from "./flight-trip-steps.ts";
import { expect, test } from "./i18n-marks.ts";
import { unique } from "./support.ts";

/**
 * Issue 15 end to end, through both areas' screens only: the demo admin creates a trip with a
 * deposit; the demo parent (on a phone) enrols a child and pays the deposit (Partial), then the
 * balance (Paid); the admin's list shows the child Confirmed and Paid, and the roster CSV holds the
 * child with the contacts and notes the parent gave.
 */

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
  await createFlightTrip(admin, { title, cost: "380", deposit: "80", capacity: "12" });
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
  await dialog.getByLabel("Emergency Contact Phone").fill("(217) 555-0199");
  await dialog.getByLabel("Medical Information").fill("Asthma: inhaler in the front pocket");
  await dialog.getByLabel("Dietary Restrictions").fill("Vegetarian");
  await dialog.getByLabel(/I agree to the trip's terms/).check();
  await dialog.getByRole("button", { name: "Enroll & Pay Now" }).click();
  await payOnCheckout(parent, "$80.00");
  const ava = () =>
    studentRow(
      parent.getByRole("listitem").filter({ has: parent.getByRole("heading", { level: 2, name: title }) }),
      "Ava Rivera",
    );
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
  for (const value of ["Confirmed", "Paid", "Alex Rivera", "Asthma: inhaler in the front pocket", "Vegetarian"])
    expect(row).toContain(value);
  expect(row).toContain('"(217) 555-0199"'); // the number as people read it (stored as +12175550199)
});
