import { expect, type Locator, type Page, test } from "@playwright/test";
import { DESKTOP, expectNoSeriousViolation, PHONE } from "./a11y-support.ts";
import { expectNoHorizontalScroll, signIn } from "./support.ts";

/**
 * Issue 30, right to left: each role's screens in Arabic mirror — the sidebar on the right, the
 * phone bar starting from the right, tables reading right to left, a dialog's close button on its
 * left, the map's controls on the right — with no sideways scroll at 375 px and axe clean at both
 * widths. The demo accounts keep their own language: `?lang=ar` shows a page in Arabic without
 * choosing it, so the other journeys (signed in as the same people) stay English.
 * Screenshots go to test-results/rtl outside CI, to look at.
 */

const shoot = async (page: Page, name: string) => {
  if (!process.env.CI) await page.screenshot({ path: `test-results/rtl/${name}.png` });
};

/** The page in Arabic, settled: right to left, its heading shown, nothing loading. */
async function openInArabic(page: Page, path: string) {
  await page.goto(`${path}${path.includes("?") ? "&" : "?"}lang=ar`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /…$/ })).toHaveCount(0);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, "the element is laid out").not.toBeNull();
  return found!;
}

/** Both widths: no sideways scroll on the phone, axe clean at each, a screenshot of each. */
async function checkBothWidths(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousViolation(page, `${name} in Arabic at 375 px`);
  await shoot(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousViolation(page, `${name} in Arabic at 1280 px`);
  await shoot(page, `${name}-1280`);
}

/** The desktop sidebar sits on the right; on the phone the bar's first item is its rightmost. */
async function expectMirroredShell(page: Page) {
  await page.setViewportSize(DESKTOP);
  const sidebar = await box(page.getByRole("navigation", { name: "الرئيسية" }));
  expect(sidebar.x, "the sidebar is on the right").toBeGreaterThan(DESKTOP.width / 2);
  await page.setViewportSize(PHONE);
  const cells = page.locator("[data-bottom-bar] li");
  const first = await box(cells.first());
  const last = await box(cells.last());
  expect(first.x, "the phone bar starts from the right").toBeGreaterThan(last.x);
}

test("the school admin's screens mirror in Arabic: shell, tables, dialogs and the route map", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "school_admin");

  await openInArabic(page, "/school-admin");
  await expectMirroredShell(page);
  await checkBothWidths(page, "school-dashboard");

  await openInArabic(page, "/school-admin/invoices");
  await page.setViewportSize(DESKTOP);
  const headers = page.getByRole("columnheader");
  await expect(headers.first()).toBeVisible();
  const firstColumn = await box(headers.first());
  const lastColumn = await box(headers.last());
  expect(firstColumn.x, "the table's first column is on the right").toBeGreaterThan(lastColumn.x);
  await checkBothWidths(page, "school-invoices");

  // A dialog: its close button on the left, its fields right-aligned.
  await page.setViewportSize(DESKTOP);
  await page.getByRole("button", { name: "إنشاء فاتورة" }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const frame = await box(dialog);
  const close = await box(dialog.getByRole("button", { name: "إغلاق" }).first());
  expect(close.x + close.width / 2, "the close button is on the dialog's left").toBeLessThan(frame.x + frame.width / 2);
  await expectNoSeriousViolation(page, "Create Invoice in Arabic at 1280 px");
  await shoot(page, "school-invoice-dialog-1280");
  await page.setViewportSize(PHONE);
  await expectNoHorizontalScroll(page);
  await shoot(page, "school-invoice-dialog-375");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // The route editor's map: zoom on the right, the scale's numbers still left to right.
  await openInArabic(page, "/school-admin/routes/demo-route-12-pickup");
  await page.setViewportSize(DESKTOP);
  const map = page.locator(".leaflet-container").first();
  await expect(map).toBeVisible();
  const zoom = await box(map.locator(".leaflet-control-zoom"));
  const area = await box(map);
  expect(zoom.x, "the zoom buttons are on the map's right").toBeGreaterThan(area.x + area.width / 2);
  await expect(map.locator(".leaflet-control-scale")).toHaveAttribute("dir", "ltr");
  await checkBothWidths(page, "school-route-editor");
});

test("the parent's and the driver's phone screens mirror in Arabic", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signIn(page, "parent");
  await openInArabic(page, "/parent");
  await expectMirroredShell(page);
  await checkBothWidths(page, "parent-dashboard");
  for (const [path, name] of [
    ["/parent/children", "parent-children"],
    ["/parent/invoices", "parent-invoices"],
    ["/parent/flight-trips", "parent-flight-trips"],
  ] as const) {
    await openInArabic(page, path);
    await checkBothWidths(page, name);
  }

  const context = await browser.newContext({ viewport: PHONE });
  const driver = await context.newPage();
  await signIn(driver, "driver");
  await openInArabic(driver, "/driver");
  await expectNoHorizontalScroll(driver);
  await expectNoSeriousViolation(driver, "/driver in Arabic at 375 px");
  await shoot(driver, "driver-home-375");
  await context.close();
});
