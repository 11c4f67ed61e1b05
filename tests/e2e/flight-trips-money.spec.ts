import { expect, type Page, test } from "@playwright/test";
import { FLIGHT_TRIP_MESSAGES } from "#shared/flight-trip-texts.ts";
import { area, createFlightTrip } from "./flight-trip-steps.ts";
import { unique } from "./support.ts";

/**
 * Issue 24 (MN1) on the screens: the parent (on a phone) pays for a trip in full; the admin lowers
 * the cost, is asked with the amounts, confirms, and the parent sees the difference refunded; the
 * admin cancels the trip, and the parent sees it Cancelled and Refunded with nothing more to pay.
 * SHOTS_DIR=… saves the screens at 375 and 1280 px for a person to look at.
 */

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

test("a lowered cost asks first and refunds the difference; a cancelled trip shows Cancelled and Refunded and asks for nothing", async ({
  browser,
}) => {
  const title = `Planetarium ${unique()}`;
  const admin = await area(browser, "school_admin", { width: 1280, height: 800 });
  await createFlightTrip(admin, { title, cost: "80" });

  // The parent pays the full $80.00.
  const parent = await area(browser, "parent", { width: 375, height: 812 });
  await parent.goto("/parent/flight-trips");
  const card = () =>
    parent.getByRole("listitem").filter({ has: parent.getByRole("heading", { level: 2, name: title }) });
  await card()
    .getByRole("button", { name: `Enroll Now in ${title}` })
    .click();
  const enrol = parent.getByRole("dialog", { name: `Enroll in ${title}` });
  await enrol.getByLabel("Select Child").selectOption({ label: "Ava Rivera" });
  await enrol.getByLabel("Emergency Contact", { exact: true }).fill("Alex Rivera");
  await enrol.getByLabel("Emergency Contact Phone").fill("(217) 555-0199");
  await enrol.getByLabel(/I agree to the trip's terms/).check();
  await enrol.getByRole("button", { name: "Enroll & Pay Now" }).click();
  await expect(parent).toHaveURL(/\/dev\/stripe\/checkout\/cs_/);
  await parent.getByRole("button", { name: "Pay $80.00" }).click();
  await expect(parent).toHaveURL(/\/parent\/flight-trips/);
  const ava = () => card().getByRole("listitem").filter({ hasText: "Ava Rivera" });
  await expect(ava()).toContainText("Paid $80.00 of $80.00");

  // The admin lowers the cost to $50.00: asked first, with the amount, then it is saved and refunded.
  await admin.reload();
  await admin.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = admin.getByRole("dialog", { name: "Edit Flight Trip" });
  await edit.getByLabel("Cost per Student ($)").fill("50");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Refund the difference?" });
  await expect(confirm).toContainText("saving refunds $30.00 (Ava Rivera $30.00)");
  await shot(admin, "confirm-refunds");
  await confirm.getByRole("button", { name: "Save and Refund" }).click();
  await expect(admin.getByText(FLIGHT_TRIP_MESSAGES.updated.description)).toBeVisible();

  await parent.reload();
  await expect(ava()).toContainText("Paid $50.00 of $50.00");
  await expect(ava()).toContainText("Paid");
  await expect(ava().getByRole("button", { name: /Make Payment/ })).toHaveCount(0);

  // The admin cancels (the trip has payments, so Delete cancels and refunds).
  await admin.getByRole("button", { name: `Delete ${title}` }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Cancel Trip and Refund" }).click();
  await expect(admin.getByText(FLIGHT_TRIP_MESSAGES.cancelled.description)).toBeVisible();
  const adminCard = admin.getByRole("article", { name: title });
  const adminAva = adminCard.getByRole("listitem").filter({ hasText: "Ava Rivera" });
  await expect(adminAva).toContainText("Cancelled");
  await expect(adminAva).toContainText("Refunded");
  await expect(adminCard).toContainText("0 enrolled");
  await shot(admin, "admin-cancelled");

  await parent.reload();
  await expect(ava()).toContainText("Cancelled");
  await expect(ava()).toContainText("Refunded");
  await expect(ava()).toContainText("$80.00 refunded to your card");
  await expect(ava()).not.toContainText("next payment");
  await expect(ava().getByRole("button", { name: /Make Payment|Opt Out/ })).toHaveCount(0);
  await shot(parent, "parent-cancelled");
  await parent.setViewportSize({ width: 1280, height: 800 });
  await shot(parent, "parent-cancelled");
  await admin.setViewportSize({ width: 375, height: 812 });
  await shot(admin, "admin-cancelled");
});
