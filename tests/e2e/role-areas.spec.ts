import { expect, type Page, test } from "@playwright/test";
import { clippedDateTimeFields, signIn } from "./support.ts";

/** Issue 25: the school admin and parent areas, tried at a desk (1280 px) and on a phone (375 px). */

const DESK = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 800 };

async function openDialog(page: Page, path: string, button: string, title: string) {
  await page.goto(path);
  await page.getByRole("button", { name: button, exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("every date and time field of the school admin's forms shows its whole value, AM/PM included, at 1280 and 375 px", async ({ page }) => {
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
