import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DESKTOP, expectNoSeriousViolation, PHONE } from "./a11y-support.ts";
import { expectNoHorizontalScroll, signIn } from "./support.ts";

/**
 * Issue 31: the demo school's reports (four weeks of completed runs seeded with their last stops and
 * taps): charts drawn, every figure in a table, a CSV per table, no serious axe violation at 375 and
 * 1280 px, no sideways scroll on a phone, and a print layout without the shell.
 */
test("the school admin's reports: charts, tables, CSV, axe at both widths, print", async ({ page }) => {
  // Two axe scans of a long page, a download and a PDF: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  await signIn(page, "school_admin");
  await page.getByRole("link", { name: "Reports" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  const onTime = page.getByRole("figure", { name: "On-time rate by day" });
  await expect(onTime).toContainText(
    /\d+ of \d+ completed runs \(\d+%\) reached their last stop at most 5 minutes after it was due/,
  );
  // uPlot's chunk arrives and draws: a canvas in each chart with figures.
  await expect(onTime.locator("canvas").first()).toBeVisible();
  await expect(page.getByRole("figure", { name: "Riders by day" }).locator("canvas").first()).toBeVisible();
  await expect(page.getByRole("table", { name: "On-time performance per route" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Late runs, the latest first" })).toContainText("min");
  await page.screenshot({ path: "test-results/reports-1280.png", fullPage: true });
  await expectNoSeriousViolation(page, "reports at 1280 px");

  // A table's CSV: its header and formula-safe cells.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "CSV of on-time performance per route" }).click();
  const file = await (await download).path();
  expect(readFileSync(file, "utf8").split("\r\n")[0]).toBe(
    '"Route","Completed runs","On time","On-time rate","Late","Cancelled"',
  );

  // One route: the figures follow the filter.
  // The demo's own North Loop by its id: the live journeys make routes of the same name for their runs.
  const route = page.getByRole("combobox", { name: /^Route/ });
  await route.selectOption({ value: "demo-route-12-pickup" });
  await expect(route.locator("option:checked")).toHaveText("North Loop · Pickup");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText(/· North Loop · on time means/)).toBeVisible();

  await page.setViewportSize(PHONE);
  await expect(onTime.locator("canvas").first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: "test-results/reports-375.png", fullPage: true });
  await expectNoSeriousViolation(page, "reports at 375 px");

  // Print: the shell, the filters and the buttons are left off the paper.
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Main" }).first()).toBeHidden();
  await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeHidden();
  await expect(page.getByRole("form", { name: "Range and route" })).toBeHidden();
  await expect(page.getByRole("table", { name: "On-time performance per route" })).toBeVisible();
  await page.screenshot({ path: "test-results/reports-print.png", fullPage: true });
  await page.pdf({ path: "test-results/reports.pdf", format: "A4" });
});
