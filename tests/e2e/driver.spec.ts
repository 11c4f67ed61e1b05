import { expect, test } from "@playwright/test";
import { DESKTOP, expectNoSeriousViolation, PHONE } from "./a11y-support.ts";
import { driverWithoutRuns, liveRunToday, NORTH_LOOP } from "./live-run.ts";
import { DEMO_PASSWORD, expectNoHorizontalScroll, fillLogin, offerInstall } from "./support.ts";

/**
 * ADR 0057, on a phone (375 × 812): a driver with today's North Loop run on bus 12 (the journey's
 * own, made for today by live-run.ts: any day, any hour) signs in at /login/driver, sees Today's
 * runs, opens the run and reads its stops in order with their riders: Nora at Mill St & 5th Ave, her
 * peanut allergy visible. A driver without a run reads that none is assigned. Axe at both widths.
 */
test.use({ viewport: PHONE });

test("on a phone, the driver sees today's runs and a run's stops and riders", async ({ page }) => {
  test.setTimeout(90_000);
  const run = await liveRunToday({ corners: NORTH_LOOP, childStop: 2, childName: "Nora Quinn", allergy: "Peanuts" });
  await page.goto("/login/driver");
  await fillLogin(page, run.driver.email, DEMO_PASSWORD);
  await expect(page).toHaveURL("/driver");
  await expect(page.getByRole("heading", { level: 1, name: "Today's runs" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousViolation(page, "driver: today's runs at 375 px");
  const runs = page.getByRole("list", { name: "Today's runs" });
  await expect(runs.getByRole("link")).toHaveCount(1);
  await expect(runs.getByRole("link").first()).toContainText("North Loop");
  await expect(runs.getByRole("link").first()).toContainText("Bus 12");
  await runs.getByRole("link").first().click();
  await expect(page).toHaveURL(`/driver/runs/${run.runId}`);

  const stops = page.getByRole("list", { name: "Stops in order" });
  await expect(stops).toBeVisible();
  const ava = stops.getByRole("listitem").filter({ hasText: "Nora Quinn" }).first();
  await expect(ava).toContainText("Allergy: Peanuts");
  // At work on a run, the app offers nothing that could come up under a thumb (ADR 0090); on the
  // runs' page it offers to install.
  await offerInstall(page);
  const install = page.getByRole("region", { name: "Install SchoolRide" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(install).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousViolation(page, "driver: a run at 375 px");
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousViolation(page, "driver: a run at 1280 px");
  await page.getByRole("link", { name: "Today's runs" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Today's runs" })).toBeVisible();
  await expect(install).toBeVisible();
});

test("a driver without a run today reads that none is assigned", async ({ page }) => {
  const driver = await driverWithoutRuns();
  await page.goto("/login/driver");
  await fillLogin(page, driver.email, DEMO_PASSWORD);
  await expect(page).toHaveURL("/driver");
  await expect(page.getByText("No runs are assigned to you today.")).toBeVisible();
});

test("the other sign-in pages link to the driver's", async ({ page }) => {
  await page.goto("/login/parent");
  await page.getByRole("navigation", { name: "Other logins" }).getByRole("link", { name: "Driver Login" }).click();
  await expect(page.getByRole("heading", { name: "Driver Login" })).toBeVisible();
});
