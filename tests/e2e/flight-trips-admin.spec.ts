import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { FLIGHT_TRIP_MESSAGES } from "#shared/flight-trip-texts.ts";
import { closeToast, expectNoHorizontalScroll, signIn, unique } from "./support.ts";

test("the demo admin creates a flight trip with a deposit, edits it, exports its roster and deletes it", async ({
  page,
}) => {
  await signIn(page, "school_admin");
  await page.getByRole("link", { name: "Flight Trips" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Flight Trips" })).toBeVisible();
  // The demo school's upcoming trip (seeded with a deposit).
  await expect(page.getByRole("heading", { name: "Washington DC Museums" })).toBeVisible();

  const title = `Science Museum ${unique()}`;
  await page.getByRole("button", { name: "Create Trip" }).first().click();
  const create = page.getByRole("dialog", { name: "Create Flight Trip" });
  // The form's rules, before anything is sent.
  await create.getByRole("button", { name: "Create Trip" }).click();
  await expect(create.getByText(FLIGHT_TRIP_MESSAGES.title)).toBeVisible();
  await create.getByLabel("Trip Title").fill(title);
  await create.getByLabel("Departure Airport").fill("ORD");
  await create.getByLabel("Arrival Airport").fill("MCO");
  await create.getByLabel("Departure Date").fill("2027-05-10");
  await create.getByLabel("Departure Time").fill("07:45");
  await create.getByLabel("Return Date").fill("2027-05-09");
  await create.getByLabel("Return Time").fill("19:00");
  await create.getByLabel("Airline").fill("United");
  await create.getByLabel("Cost per Student ($)").fill("320.5");
  await create.getByLabel("Deposit ($, optional)").fill("75");
  // A deadline in the past is refused (the server says the same).
  await create.getByLabel("Enrolment Deadline").fill("2020-01-01");
  await create.getByLabel("Capacity (optional)").fill("24");
  await create.getByRole("button", { name: "Create Trip" }).click();
  await expect(create.getByText(FLIGHT_TRIP_MESSAGES.deadlinePast)).toBeVisible();
  await expect(create.getByText(FLIGHT_TRIP_MESSAGES.returnAfterDeparture)).toBeVisible();
  await create.getByLabel("Enrolment Deadline").fill("2027-04-20");
  await create.getByLabel("Return Date").fill("2027-05-12");
  await create.getByRole("button", { name: "Create Trip" }).click();
  // The toast can cover the new card's Edit on a slow machine: close it.
  await closeToast(page, FLIGHT_TRIP_MESSAGES.created.description);

  const card = page.getByRole("article", { name: title });
  await expect(card).toContainText("ORD → MCO · United");
  await expect(card).toContainText("$320.50");
  await expect(card).toContainText("$75.00");
  await expect(card).toContainText("0 / 24 seats");
  await expect(card).toContainText("No students enrolled yet.");

  // Edit: the saved values come back into the form; the new ones are shown.
  await card.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Flight Trip" });
  await expect(edit.getByLabel("Cost per Student ($)")).toHaveValue("320.5");
  await edit.getByLabel("Deposit ($, optional)").fill("100");
  await edit.getByLabel("Capacity (optional)").fill("");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  // The toast can cover the card's Export roster on a slow machine: close it.
  await closeToast(page, FLIGHT_TRIP_MESSAGES.updated.description);
  await expect(card).toContainText("$100.00");
  await expect(card).toContainText("0 enrolled");

  // Export roster: a CSV named after the trip, with the roster's columns.
  const downloading = page.waitForEvent("download");
  await card.getByRole("button", { name: `Export roster of ${title}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^roster-science-museum-.+-2027-05-10\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toContain('"Student","Grade","Enrolment Status","Payment Status"');

  // Phone width: cards, no horizontal scroll.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(card).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Delete an empty trip: the spec's confirmation, then it is gone.
  await card.getByRole("button", { name: `Delete ${title}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Flight Trip" });
  await expect(confirm).toContainText(FLIGHT_TRIP_MESSAGES.confirmDelete);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(FLIGHT_TRIP_MESSAGES.deleted.description)).toBeVisible();
  await expect(card).toHaveCount(0);
});
