import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { METRICS_MESSAGES } from "#shared/metrics-constants.ts";
import { expectNoSeriousViolation } from "./a11y-support.ts";
import { expectNoHorizontalScroll, signIn } from "./support.ts";

/**
 * Issue 31 item 3, ADR 0072: the super admin's platform metrics — the range in the URL, the charts
 * (uPlot, loaded with the page's first figures), a CSV per table, a phone without sideways scrolling,
 * and a printout without the app's frame or controls. The figures themselves are checked against
 * hand-computed ones in tests/node/platform-metrics.test.ts; other journeys add schools and payments
 * as this runs, so here only their shape.
 */
test("the super admin reads the platform metrics, exports a table and prints the page", async ({ page }) => {
  await signIn(page, "super_admin");
  await page.goto("/super-admin");
  await page.getByRole("link", { name: "Metrics" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Platform Metrics" })).toBeVisible();
  await expect(page.getByText("Monthly recurring revenue").first()).toBeVisible();
  for (const name of ["Recurring revenue", "Schools by plan and status", "Weekly active parents and drivers"])
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Payments and platform fees" })).toBeVisible();
  // Twelve weeks by default, a row each; the charts drew (uPlot arrived).
  await expect(page.getByRole("table", { name: "Weekly active parents and drivers" }).getByRole("row")).toHaveCount(13);
  await expect(page.locator("figure canvas")).toHaveCount(6);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export recurring revenue by plan as CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^platform-recurring-revenue-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = (await readFile((await download.path())!, "utf8")).split("\r\n");
  expect(csv[0]).toBe('"Plan","Price per month","Active schools","Monthly recurring revenue"');
  expect(csv[1]).toMatch(/^"Starter","\$199\.00","\d+","\$[\d,]+\.00"$/);

  await page.screenshot({ path: test.info().outputPath("metrics-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath("metrics-375.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Print: the content only.
  await page.emulateMedia({ media: "print" });
  // The sidebar and the phone's bottom bar (hidden from the accessibility tree too, so by their markup).
  const navigation = page.locator('nav[aria-label="Main"]');
  await expect(navigation).toHaveCount(2);
  for (const nav of await navigation.all()) await expect(nav).toBeHidden();
  await expect(page.locator("header").first()).toBeHidden();
  await expect(page.getByRole("search", { name: "Date range" })).toBeHidden();
  await expect(page.getByRole("button", { name: /as CSV$/ }).first()).toBeHidden();
  await expect(page.getByRole("table", { name: "Payments and platform fees by week paid" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("metrics-print.png"), fullPage: true });
  await page.pdf({ path: test.info().outputPath("metrics.pdf"), format: "A4" });
  await page.emulateMedia({ media: "screen" });

  // A range in the URL: five weeks; a reversed one is refused before any request.
  await page.goto("/super-admin/metrics?from=2026-03-02&to=2026-04-05");
  await expect(page.getByRole("table", { name: "Weekly active parents and drivers" }).getByRole("row")).toHaveCount(6);
  await expectNoSeriousViolation(page, "platform metrics with a range");
  await page.getByLabel("From").fill("2026-05-01");
  await expect(page.getByRole("alert")).toHaveText(METRICS_MESSAGES.reversed);
});
