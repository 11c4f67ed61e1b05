import { expect, type Page, test } from "@playwright/test";
import { DESKTOP, expectNoSeriousViolation, PHONE } from "./a11y-support.ts";
import { shootBothWidths, translation } from "./i18n-support.ts";
import { driverWithoutRuns } from "./live-run.ts";
import { createSuperAdmin, DEMO_PASSWORD, expectNoHorizontalScroll, fillLogin, unique } from "./support.ts";

/**
 * Issue 30 item 2 (ADR 0084): the driver and the super admin choose their own language on a page of
 * their own (right to left in Arabic, nothing sideways at 375 px, thumb-sized targets, axe clean),
 * and a language chosen with the sign-in page's switcher is the one a user without a saved language
 * enters in, and keeps. The expected words are read from the catalogs.
 */
/** Both widths: no sideways scroll at 375 px, the list and the button at least 44 px high, axe clean. */
async function checkLanguagePage(page: Page, what: string) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    if (size === PHONE) await expectNoHorizontalScroll(page);
    const main = page.getByRole("main");
    for (const target of [main.getByRole("combobox"), main.getByRole("button")]) {
      const box = await target.boundingBox();
      expect(box?.height, `${what}: a target's height at ${size.width} px`).toBeGreaterThanOrEqual(44);
    }
    await expectNoSeriousViolation(page, `${what} at ${size.width} px`);
  }
}

/** Chooses Arabic on the page's form and saves: the page loads again, right to left. */
async function chooseArabic(page: Page) {
  const main = page.getByRole("main");
  await main.getByRole("combobox", { name: "Language" }).selectOption("ar");
  await main.getByRole("button", { name: "Save language" }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1, name: translation("account", "ar", "Language") })).toBeVisible();
}

test.describe("every role chooses its language", () => {
  test("a driver, on a phone: More → Language, Arabic saved; the driver's screens follow it", async ({ browser }) => {
    const driver = await driverWithoutRuns();
    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    await page.goto("/login/driver");
    await fillLogin(page, driver.email, DEMO_PASSWORD);
    await expect(page).toHaveURL("/driver");
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "More" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Language" }).click();
    await expect(page).toHaveURL("/driver/language");
    await expect(page.getByRole("heading", { level: 1, name: "Language" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("combobox", { name: "Language" })).toHaveValue("en");
    await checkLanguagePage(page, "/driver/language in English");
    await shootBothWidths(page, "language", "driver-en", { fullPage: true });

    await page.setViewportSize(PHONE);
    await chooseArabic(page);
    await checkLanguagePage(page, "/driver/language in Arabic");
    await shootBothWidths(page, "language", "driver-ar", { fullPage: true });
    await expect(page.getByRole("main").getByRole("combobox")).toHaveValue("ar");

    // Saved on the driver's record: another device, without this one's cookie, signs in to Arabic.
    const other = await (await browser.newContext({ viewport: PHONE })).newPage();
    await other.goto("/login/driver");
    await fillLogin(other, driver.email, DEMO_PASSWORD);
    await expect(other).toHaveURL("/driver");
    await expect(other.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(
      other.getByRole("heading", { level: 1, name: translation("driver", "ar", "Today's runs") }),
    ).toBeVisible();
    await expectNoHorizontalScroll(other);
    await other.context().close();
    await page.context().close();
  });

  test("a super admin: Language in the sidebar, Arabic saved", async ({ browser }) => {
    const email = `sa-language-${unique()}@example.com`;
    createSuperAdmin(email, "Noor Language", DEMO_PASSWORD);
    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await page.goto("/login/superadmin");
    await fillLogin(page, email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/super-admin(\/security)?$/);
    await page.getByRole("navigation").getByRole("link", { name: "Language" }).first().click();
    await expect(page).toHaveURL("/super-admin/language");
    await expect(page.getByRole("heading", { level: 1, name: "Language" })).toBeVisible();
    await checkLanguagePage(page, "/super-admin/language in English");
    await shootBothWidths(page, "language", "super-admin-en", { fullPage: true });

    await chooseArabic(page);
    await checkLanguagePage(page, "/super-admin/language in Arabic");
    await shootBothWidths(page, "language", "super-admin-ar", { fullPage: true });
    await page.context().close();
  });

  test("a user without a saved language picks Spanish on the sign-in page: they enter in Spanish, and keep it", async ({
    browser,
  }) => {
    const driver = await driverWithoutRuns();
    const page = await (await browser.newContext({ viewport: DESKTOP, locale: "en-US" })).newPage();
    await page.goto("/login/driver");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page
      .getByRole("banner")
      .getByLabel(translation("frame", "en", "Language"))
      .filter({ visible: true })
      .selectOption("es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.getByLabel(translation("frame", "es", "Email"), { exact: true }).fill(driver.email);
    await page.getByLabel(translation("frame", "es", "Password"), { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: translation("frame", "es", "Sign In") }).click();
    await expect(page).toHaveURL("/driver");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(
      page.getByRole("heading", { level: 1, name: translation("driver", "es", "Today's runs") }),
    ).toBeVisible();
    await page.goto("/driver/language");
    await expect(page.getByRole("main").getByRole("combobox")).toHaveValue("es");

    // Saved as the driver's: a browser that says English, on another device, signs them in to Spanish.
    const other = await (await browser.newContext({ viewport: DESKTOP, locale: "en-US" })).newPage();
    await other.goto("/login/driver");
    await fillLogin(other, driver.email, DEMO_PASSWORD);
    await expect(other).toHaveURL("/driver");
    await expect(other.locator("html")).toHaveAttribute("lang", "es");
    await other.context().close();
    await page.context().close();
  });
});
