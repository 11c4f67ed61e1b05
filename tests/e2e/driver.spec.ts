import { expect, test } from "@playwright/test";
import { DESKTOP, expectNoSeriousViolation, PHONE } from "./a11y-support.ts";
import { expectNoHorizontalScroll, signIn } from "./support.ts";

/**
 * ADR 0057, on a phone (375 × 812): the demo driver (Dana Brooks, bus 12's North Loop) signs in at
 * /login/driver, sees Today's runs (on a school day), opens a run and reads its stops in order with
 * their riders: Ava at Mill St & 5th Ave, her peanut allergy visible. Axe at both widths.
 */
test.use({ viewport: PHONE });

test("on a phone, the driver sees today's runs and a run's stops and riders", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "driver");
  await expect(page.getByRole("heading", { level: 1, name: "Today's runs" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousViolation(page, "driver: today's runs at 375 px");
  const runs = page.getByRole("list", { name: "Today's runs" });
  const weekday = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "America/Chicago" }).format(
    new Date(),
  );
  if (["Sat", "Sun"].includes(weekday)) {
    // The demo routes run Monday to Friday: no run today.
    await expect(page.getByText("No runs are assigned to you today.")).toBeVisible();
    return;
  }
  await expect(runs.getByRole("link")).toHaveCount(2);
  await expect(runs.getByRole("link").first()).toContainText("North Loop");
  await expect(runs.getByRole("link").first()).toContainText("Bus 12");
  await runs.getByRole("link").first().click();

  const stops = page.getByRole("list", { name: "Stops in order" });
  await expect(stops).toBeVisible();
  const ava = stops.getByRole("listitem").filter({ hasText: "Ava Rivera" }).first();
  await expect(ava).toContainText("Allergy: Peanuts");
  await expectNoHorizontalScroll(page);
  await expectNoSeriousViolation(page, "driver: a run at 375 px");
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousViolation(page, "driver: a run at 1280 px");
  await page.getByRole("link", { name: "Today's runs" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Today's runs" })).toBeVisible();
});

test("the other sign-in pages link to the driver's", async ({ page }) => {
  await page.goto("/login/parent");
  await page.getByRole("navigation", { name: "Other logins" }).getByRole("link", { name: "Driver Login" }).click();
  await expect(page.getByRole("heading", { name: "Driver Login" })).toBeVisible();
});
