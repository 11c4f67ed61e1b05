import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support.ts";

const PHONE = { width: 375, height: 812 };
const PARENT_PAGES = [
  "/parent",
  "/parent/children",
  "/parent/notifications",
  "/parent/invoices",
  "/parent/account",
  "/parent/change-password",
];

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** The bell's unread figure, from its accessible name ("Notifications, 3 unread" or "Notifications"). */
async function unreadOnBell(page: Page) {
  const label =
    (await page
      .getByRole("banner")
      .getByRole("link", { name: /^Notifications/ })
      .getAttribute("aria-label")) ?? "";
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

test.describe("the shell on a phone (375 × 812)", () => {
  test.use({ viewport: PHONE });

  test("a bottom bar with thumb-sized items navigates and marks the current page; no parent page scrolls sideways or hides behind it", async ({
    page,
  }) => {
    await signIn(page, "parent");
    const nav = mainNav(page);
    const bar = (await nav.boundingBox())!;
    expect(bar.y + bar.height).toBe(PHONE.height);
    // Four destinations and More, each at least 44 px tall and wide, in one row.
    const cells = nav.locator(":scope > ul > li > :is(a, button)");
    await expect(cells).toHaveCount(5);
    for (const box of await Promise.all((await cells.all()).map((cell) => cell.boundingBox()))) {
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.width).toBeGreaterThanOrEqual(44);
      expect(box!.y).toBe(bar.y + 1);
    }
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "My Children" }).click();
    await expect(page).toHaveURL("/parent/children");
    await expect(nav.getByRole("link", { name: "My Children" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Invoices" }).click();
    await expect(page).toHaveURL("/parent/invoices");
    await expect(page.getByRole("heading", { level: 1, name: "My Invoices" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Flight Trips" })).toHaveAttribute("href", "/parent/flight-trips");

    for (const path of PARENT_PAGES) {
      await page.goto(path);
      await expect(page.locator("main h1")).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
      // Scrolled to the end, the page's last content ends above the bar.
      const gap = await page.evaluate(() => {
        window.scrollTo(0, document.scrollingElement!.scrollHeight);
        const main = document.querySelector("main")!.getBoundingClientRect();
        const shown = [...document.querySelectorAll('nav[aria-label="Main"]')].find(
          (nav) => getComputedStyle(nav).display !== "none",
        )!;
        return shown.getBoundingClientRect().top - main.bottom;
      });
      expect(gap, path).toBeGreaterThanOrEqual(0);
    }
  });

  test("More opens a menu from the keyboard; Escape closes it and gives the focus back; its links navigate", async ({
    page,
  }) => {
    await signIn(page, "parent");
    const more = mainNav(page).getByRole("button", { name: "More" });
    await more.focus();
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    const sheet = page.getByRole("dialog", { name: "More" });
    await expect(sheet).toBeVisible();
    // (Outside the modal sheet everything is hidden from assistive technology, More too.)
    await expect(page.locator('nav[aria-label="Main"] button[aria-haspopup="dialog"]')).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    for (const name of ["Notifications", "My Account", "Change Password"])
      await expect(sheet.getByRole("link", { name })).toBeVisible();
    await expect(sheet.getByRole("button", { name: "Logout" })).toBeVisible();
    // The focus is inside and stays inside (trapped) however far one tabs.
    for (let step = 0; step < 8; step += 1) {
      expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Escape");
    await expect(sheet).toHaveCount(0);
    await expect(more).toBeFocused();

    // Space opens it too; a link inside navigates and closes it.
    await page.keyboard.press(" ");
    await expect(sheet).toBeVisible();
    await sheet.getByRole("link", { name: "My Account" }).click();
    await expect(page).toHaveURL("/parent/account");
    await expect(sheet).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
    // The profile (its e-mail: the phone is the account journey's to change).
    await expect(page.getByText("parent@maple.example.com", { exact: true })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Change Password" }).click();
    await expect(page).toHaveURL("/parent/change-password");
  });

  test("reading a notification from the More menu lowers the bell's count", async ({ page }) => {
    await signIn(page, "parent");
    await mainNav(page).getByRole("button", { name: "More" }).click();
    await page.getByRole("dialog", { name: "More" }).getByRole("link", { name: "Notifications" }).click();
    await expect(page).toHaveURL("/parent/notifications");
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    const markRead = page.getByRole("button", { name: /^Mark ".*" as read$/ }).first();
    await expect(markRead).toBeVisible();
    await expect.poll(() => unreadOnBell(page)).toBeGreaterThan(0);
    const before = await unreadOnBell(page);
    await markRead.click();
    await expect(page.getByText("Notification marked as read.")).toBeVisible();
    await expect.poll(() => unreadOnBell(page)).toBe(before - 1);
  });

  test("school admins get the same bar: four destinations and More (super admins: polish.spec.ts)", async ({
    page,
  }) => {
    await signIn(page, "school_admin");
    await expect(mainNav(page).getByRole("link")).toHaveCount(4);
    await mainNav(page).getByRole("link", { name: "Trips" }).click();
    await expect(page).toHaveURL("/school-admin/trips");
    await mainNav(page).getByRole("button", { name: "More" }).click();
    const sheet = page.getByRole("dialog", { name: "More" });
    for (const name of ["Flight Trips", "Notifications", "Stripe Payments", "My Account", "Change Password"])
      await expect(sheet.getByRole("link", { name })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.evaluate(() => document.scrollingElement!.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
  });
});

test("on a desktop the sidebar lists the spec's items in order and the bottom bar is gone", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "parent");
  await expect(mainNav(page)).toHaveCount(1);
  await expect(mainNav(page).getByRole("link")).toHaveText([
    "Dashboard",
    "My Children",
    "Flight Trips",
    "Notifications",
    "Invoices",
    "My Account",
    "Change Password",
  ]);
  await expect(mainNav(page).getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByRole("button", { name: "More" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: /^Notifications/ })).toBeVisible();
});
