import { expect, test } from "@playwright/test";
import { DESKTOP, expectNoSeriousViolation, PHONE } from "./a11y-support.ts";
import { expectNoHorizontalScroll, signIn } from "./support.ts";

/**
 * Issue 28 items 6 and 8: the school admin opens the Live board, presses "Simulate a run" (dev only:
 * the Node entry in local mode drives River Road's bus 7 through the live engine as its driver) and
 * sees the bus on the map and its run in the list, updating live over the socket; then replays it
 * and reads the attendance report. Axe and screenshots of all three at 375 and 1280 px. The
 * simulation is stopped at the end, so the journeys after this one find the demo as it was.
 */
test.afterEach(async ({ page }) => {
  await page.request.post("/dev/live/simulate/stop", { headers: { "content-type": "application/json" }, data: {} });
});

test("the admin simulates a run and watches the bus move on the live board", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page, "school_admin");
  await page.getByRole("link", { name: "Live board" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Live board" })).toBeVisible();
  await page.getByRole("button", { name: "Simulate a run (dev only)" }).click();

  const card = page
    .getByRole("region", { name: "Open runs" })
    .getByRole("listitem", { name: "River Road Pickup, bus 7" });
  await expect(card).toContainText("In Progress", { timeout: 20_000 });
  const freshness = card.getByTestId("freshness");
  await expect(freshness).toContainText(/updated \d+ s ago/, { timeout: 20_000 });
  await expect(card.getByTestId("last-stop")).toContainText("River Rd & Royce Rd", { timeout: 20_000 });
  // The bus on the map, and it moves: its marker's place changes between two positions.
  const bus = page.locator(".bus-marker", { hasText: "7" });
  await expect(bus).toBeVisible();
  const before = await bus.evaluate((element) => (element as HTMLElement).style.transform);
  await expect
    .poll(() => bus.evaluate((element) => (element as HTMLElement).style.transform), { timeout: 30_000 })
    .not.toBe(before);
  await expectNoSeriousViolation(page, "live board at 1280 px");
  await page.screenshot({ path: "test-results/live-board-1280.png", fullPage: true });

  await page.setViewportSize(PHONE);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousViolation(page, "live board at 375 px");
  await page.screenshot({ path: "test-results/live-board-375.png", fullPage: true });

  // The run replayed: the slider steps through its positions with the keyboard.
  await card.getByRole("link", { name: /Replay/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Replay: River Road/ })).toBeVisible();
  const slider = page.getByRole("slider");
  await expect(slider).toBeVisible();
  await slider.focus();
  await page.keyboard.press("Home");
  await expect(page.getByText(/position 1 of \d+/)).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText(/position 2 of \d+/)).toBeVisible();
  // Each stop is reached from the list with the keyboard (two close stops would share a spot on the
  // map, where they are drawn apart): picked, it is shown up close and marked on the map.
  const second = page.getByRole("region", { name: "Stops" }).getByRole("button").nth(1);
  await second.focus();
  await page.keyboard.press("Enter");
  await expect(second).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator(".stop-marker.is-selected")).toHaveText("2");
  await expectNoHorizontalScroll(page);
  await expectNoSeriousViolation(page, "run replay at 375 px");
  await page.screenshot({ path: "test-results/live-replay-375.png", fullPage: true });
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousViolation(page, "run replay at 1280 px");
  await page.screenshot({ path: "test-results/live-replay-1280.png", fullPage: true });

  // The attendance report of the day lists Leo on River Road.
  await page.goto("/school-admin/live/attendance");
  await expect(page.getByRole("heading", { level: 1, name: "Attendance" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Leo Rivera/ }).first()).toBeVisible();
  await expectNoSeriousViolation(page, "attendance at 1280 px");
  await page.screenshot({ path: "test-results/live-attendance-1280.png", fullPage: true });
  // On a phone, a card per rider instead of the table.
  await page.setViewportSize(PHONE);
  await expect(
    page
      .getByRole("list", { name: /Attendance on/ })
      .getByRole("listitem")
      .filter({ hasText: "Leo Rivera" })
      .first(),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousViolation(page, "attendance at 375 px");
  await page.screenshot({ path: "test-results/live-attendance-375.png", fullPage: true });
});
