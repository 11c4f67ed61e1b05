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

/** `YYYY-MM-DD` plus `days`, and its weekday's short name as the Repeat checkboxes say it. */
const shifted = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (date: string) => ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][new Date(`${date}T00:00:00Z`).getUTCDay()]!;

test("New Trip: Repeat's weekday and Until follow the departure date until the admin sets them", async ({ page }) => {
  await signIn(page, "school_admin");
  const dialog = await openDialog(page, "/school-admin/trips", "New Trip", "New Trip");
  await dialog.getByLabel("Route Name").fill("Weekday Follow Route");
  await dialog.getByLabel("Bus Number").fill("31");
  await dialog.getByLabel("Driver Name").fill("Pat Follow");
  await dialog.getByLabel("Repeat").check();
  const opening = await dialog.getByLabel("Departure Date").inputValue();
  const days = dialog.locator("fieldset label:has(input[value])");
  const tickedDays = async () => (await days.filter({ has: page.locator("input:checked") }).allTextContents()).map((text) => text.trim()).sort();
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
