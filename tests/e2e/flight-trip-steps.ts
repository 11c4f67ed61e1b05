import { type Browser, expect, type Page } from "@playwright/test";
import { FLIGHT_TRIP_MESSAGES } from "#shared/flight-trip-texts.ts";
import { signIn } from "./support.ts";

/** A calendar day `days` from today in the browser's calendar (the demo school's zone is within hours of it). */
export const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A demo role signed in, in its own browser context of the given size. */
export async function area(
  browser: Browser,
  role: "school_admin" | "parent",
  viewport: { width: number; height: number },
): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await signIn(page, role);
  return page;
}

/** The admin's Create Trip dialog filled and sent (on Flight Trips): 40 days out, enrolment closing in 20. */
export async function createFlightTrip(
  admin: Page,
  trip: { title: string; cost: string; deposit?: string; capacity?: string },
) {
  await admin.goto("/school-admin/flight-trips");
  await admin.getByRole("button", { name: "Create Trip" }).first().click();
  const create = admin.getByRole("dialog", { name: "Create Flight Trip" });
  await create.getByLabel("Trip Title").fill(trip.title);
  await create.getByLabel("Departure Airport").fill("IAH");
  await create.getByLabel("Arrival Airport").fill("MCO");
  await create.getByLabel("Departure Date").fill(day(40));
  await create.getByLabel("Departure Time").fill("09:15");
  await create.getByLabel("Return Date").fill(day(42));
  await create.getByLabel("Return Time").fill("18:30");
  await create.getByLabel("Airline").fill("Southwest");
  await create.getByLabel("Cost per Student ($)").fill(trip.cost);
  if (trip.deposit) await create.getByLabel("Deposit ($, optional)").fill(trip.deposit);
  await create.getByLabel("Enrolment Deadline").fill(day(20));
  if (trip.capacity) await create.getByLabel("Capacity (optional)").fill(trip.capacity);
  await create.getByRole("button", { name: "Create Trip" }).click();
  await expect(admin.getByText(FLIGHT_TRIP_MESSAGES.created.description)).toBeVisible();
}
