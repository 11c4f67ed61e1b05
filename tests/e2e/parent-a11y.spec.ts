import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support.ts";

/** Issue 14: axe finds no serious or critical violation on any parent page, on a phone and on a desktop. */
const PARENT_PAGES = [
  { path: "/parent", ready: "Parent Dashboard" },
  { path: "/parent/children", ready: "My Children" },
  { path: "/parent/notifications", ready: "Notifications" },
  { path: "/parent/invoices", ready: "My Invoices" },
  { path: "/parent/flight-trips", ready: "Flight Trips" },
  { path: "/parent/account", ready: "My Account" },
  { path: "/parent/change-password", ready: "Change Password" },
] as const;

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

/** The serious and critical violations, each as "rule: target (summary)" so a failure says what to fix. */
async function seriousViolations(page: Page) {
  await page.waitForLoadState("networkidle");
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")} (${node.failureSummary ?? ""})`));
}

for (const viewport of VIEWPORTS) {
  test.describe(`parent pages at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("axe finds no serious or critical violation on any parent page", async ({ page }) => {
      // One sign-in, eight axe runs.
      test.setTimeout(120_000);
      await signIn(page, "parent");
      for (const { path, ready } of PARENT_PAGES) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: ready })).toBeVisible();
        expect(await seriousViolations(page), path).toEqual([]);
      }
      // My Children with the Add dialog open.
      await page.goto("/parent/children");
      await page.getByRole("button", { name: "Add Child" }).click();
      await expect(page.getByRole("dialog", { name: "Add Child" })).toBeVisible();
      expect(await seriousViolations(page), "Add Child dialog").toEqual([]);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      if (viewport.width < 768) {
        // The shell's More menu, open.
        await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "More" }).click();
        await expect(page.getByRole("dialog", { name: "More" })).toBeVisible();
        expect(await seriousViolations(page), "More menu").toEqual([]);
      }
    });
  });
}

test("axe finds no serious or critical violation on the school admin dashboard", async ({ page }) => {
  await signIn(page, "school_admin");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await seriousViolations(page)).toEqual([]);
});
