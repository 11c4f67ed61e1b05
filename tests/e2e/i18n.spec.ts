import { expect, test } from "@playwright/test";
import { DESKTOP, expectNoSeriousViolation, PHONE } from "./a11y-support.ts";
import { shootBothWidths, translation } from "./i18n-support.ts";
import { DEMO, DEMO_PASSWORD, expectNoHorizontalScroll, fillLogin, newParent } from "./support.ts";

/**
 * Issue 30 in the browser: the reader's language from the browser, the switcher, Arabic right to left
 * (axe clean, no sideways scroll at 375 px), a signed-in parent's pages in their language. The
 * expected words are read from the catalogs, so a better translation does not break the journey.
 */
test.describe("languages", () => {
  test("a visitor's browser says Spanish: the site is in Spanish; the switcher turns it to Arabic, right to left", async ({
    browser,
  }) => {
    // The browser's languages: Mexican Spanish first.
    const page = await (await browser.newContext({ locale: "es-MX" })).newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: translation("public", "es", "What We Do") })).toBeVisible();
    await shootBothWidths(page, "i18n", "home-es");

    await page.setViewportSize(DESKTOP);
    await header
      .getByLabel(translation("frame", "es", "Language"))
      .filter({ visible: true })
      .selectOption("ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(header.getByRole("link", { name: translation("public", "ar", "What We Do") })).toBeVisible();
    // The choice outlives the page: the next visit starts in Arabic, whatever the browser says.
    await page.goto("/services");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await shootBothWidths(page, "i18n", "services-ar");
    await page.context().close();
  });

  test("a parent chooses Arabic in My Account: saved, the dashboard mirrored, axe clean, nothing sideways at 375 px", async ({
    page,
    browser,
  }) => {
    // A parent of its own: the demo parent's language stays English for the other journeys.
    await page.goto(DEMO.school_admin.login);
    await fillLogin(page, DEMO.school_admin.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(DEMO.school_admin.home);
    const tag = Date.now().toString(36);
    const { page: parent } = await newParent(browser, page, {
      name: "Layla Haddad",
      email: `layla.${tag}@example.com`,
      password: `arabic-parent-${tag}`,
    });
    await parent.goto("/parent/account");
    await parent.getByRole("combobox", { name: "Language" }).selectOption("ar");
    await parent.getByRole("button", { name: "Save language" }).click();
    await expect(parent.locator("html")).toHaveAttribute("dir", "rtl");
    await parent.goto("/parent");
    await expect(parent.locator("html")).toHaveAttribute("lang", "ar");
    await expect(parent.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(parent.getByRole("heading", { level: 1 })).not.toHaveText(/Dashboard/);
    await parent.setViewportSize(PHONE);
    await expectNoHorizontalScroll(parent);
    await expectNoSeriousViolation(parent, "/parent in Arabic at 375 px");
    await parent.setViewportSize(DESKTOP);
    await expectNoSeriousViolation(parent, "/parent in Arabic at 1280 px");
    await shootBothWidths(parent, "i18n", "parent-ar");
    await parent.context().close();
  });
});
