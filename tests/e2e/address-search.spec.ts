import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll, signIn } from "./support.ts";

/**
 * Issue 27: "Find an address" in the route editor (ADR 0054), against the journeys' stand-in
 * geocoder (fake-geocoder.ts); and the map keeps the stops in view when its size changes. Nothing
 * is saved: the demo's North Loop stays as it is for the other journeys.
 */

const SHOTS = process.env.ROUTES_SHOTS_DIR;

async function openNorthLoop(page: Page) {
  await signIn(page, "school_admin");
  await page.goto("/school-admin/routes");
  await page.getByRole("link", { name: "North Loop" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "North Loop" })).toBeVisible();
  // The map has drawn its stops.
  await expect(page.getByRole("button", { name: /^Stop 1: / })).toBeVisible();
}

/** Every stop marker lies inside the map's frame. */
async function expectStopsInView(page: Page) {
  const frame = await page.locator(".stop-map").boundingBox();
  const markers = page.getByRole("button", { name: /^Stop \d+: / });
  const count = await markers.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < count; index++) {
    const box = (await markers.nth(index).boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    expect(centre.x, `marker ${index + 1}`).toBeGreaterThanOrEqual(frame!.x);
    expect(centre.x, `marker ${index + 1}`).toBeLessThanOrEqual(frame!.x + frame!.width);
    expect(centre.y, `marker ${index + 1}`).toBeGreaterThanOrEqual(frame!.y);
    expect(centre.y, `marker ${index + 1}`).toBeLessThanOrEqual(frame!.y + frame!.height);
  }
}

const search = (page: Page): Locator => page.getByRole("combobox", { name: "Find an address" });

test("a school admin finds an address with the keyboard and a stop is added there", async ({ page }) => {
  await openNorthLoop(page);
  const stops = page.getByRole("list", { name: /^Stops of North Loop, in order$/ }).getByRole("listitem");
  const before = await stops.count();

  // Nothing found: said so, no list.
  await search(page).fill("nowhere");
  await search(page).press("Enter");
  await expect(page.getByText("No places found for “nowhere”.")).toBeVisible();
  await expect(page.getByRole("listbox", { name: "Places found" })).toBeHidden();

  // Found: a listbox of three; Down, Down, Enter adds the second as the last stop, named after it.
  await search(page).fill("Main Street");
  await search(page).press("Enter");
  const places = page.getByRole("listbox", { name: "Places found" });
  await expect(places.getByRole("option")).toHaveCount(3);
  await expect(search(page)).toHaveAttribute("aria-expanded", "true");
  await search(page).press("ArrowDown");
  await search(page).press("ArrowDown");
  await expect(places.getByRole("option").nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(search(page)).toHaveAttribute(
    "aria-activedescendant",
    (await places.getByRole("option").nth(1).getAttribute("id"))!,
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/address-search-1280.png`, fullPage: true });
  await search(page).press("Enter");
  await expect(places).toBeHidden();
  await expect(stops).toHaveCount(before + 1);
  const added = stops.last();
  await expect(added.getByLabel("Name")).toHaveValue("Main Street Promenade");
  await expect(added.getByLabel("Name")).toBeFocused();
  await expect(added.getByLabel("Latitude")).toHaveValue("41.7662");
  await expect(added.getByLabel("Longitude")).toHaveValue("-88.1587");
  await expect(page.getByRole("button", { name: `Stop ${before + 1}: Main Street Promenade` })).toBeVisible();

  // A click picks too; the house number Nominatim writes apart joins the street.
  await search(page).fill("Main Street");
  await page.getByRole("search", { name: "Find an address" }).getByRole("button", { name: "Search" }).click();
  await places.getByRole("option").first().click();
  await expect(stops).toHaveCount(before + 2);
  await expect(stops.last().getByLabel("Name")).toHaveValue("120 Main Street");

  // Escape closes the list.
  await search(page).fill("Library");
  await search(page).press("Enter");
  await expect(places).toBeVisible();
  await search(page).press("Escape");
  await expect(places).toBeHidden();
});

test("on a phone the search and its places fit the screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openNorthLoop(page);
  await search(page).fill("Main Street");
  await search(page).press("Enter");
  await expect(page.getByRole("listbox", { name: "Places found" }).getByRole("option")).toHaveCount(3);
  await expectNoHorizontalScroll(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/address-search-375.png`, fullPage: true });
});

test("the map keeps every stop in view when its size changes (a phone turned)", async ({ page }) => {
  await openNorthLoop(page);
  await expectStopsInView(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(async () => expectStopsInView(page)).toPass({ timeout: 5_000 });
  await page.setViewportSize({ width: 812, height: 375 });
  await expect(async () => expectStopsInView(page)).toPass({ timeout: 5_000 });
});
