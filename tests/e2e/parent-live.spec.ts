import { expect, type Page, test } from "@playwright/test";
import { LIVE_TEXTS } from "#shared/live-texts.ts";
import { formatDay, formatTime } from "#shared/school-time.ts";
import { DESKTOP, expectNoSeriousViolation, PHONE } from "./a11y-support.ts";
import { liveRunToday, NORTH_LOOP } from "./live-run.ts";
import { callMutation, DEMO_PASSWORD, expectNoHorizontalScroll, fillLogin } from "./support.ts";

/**
 * Issue 28 item 4, on a phone (375 × 812): a driver starts today's North Loop pickup run (the
 * journey's own, made for today by live-run.ts: any day, any hour) through the engine's endpoints
 * and posts a position; the parent of Ava, who rides it, opens the run from Today's
 * rides and reads, as text, Ava's stop, the ETA as a range and how old the position is, ticking; after
 * 60 s without a position the bus is "Last seen", not live; the map shows the bus and Ava's stop and
 * nothing else; after the driver's Boarded the page says where and when. Axe at both widths.
 */
test.use({ viewport: PHONE });

const ZONE = "America/Chicago";
const STOP = "Mill St & 5th Ave";
const CHILD = "Ava Rivera";
/** North of the route's first stop (Mill St & Bauer Rd), out of every stop's reach. */
const START = { latitude: 41.8005, longitude: -88.157 };

type DriverView = {
  stops: { id: string; name: string; latitude: number; longitude: number }[];
  riders: { childId: string; name: string; stopId: string }[];
};

async function postBatch(driver: Page, runId: string, items: unknown[]) {
  const response = await driver.request.post(`/api/live/runs/${runId}/batch`, {
    headers: { "content-type": "application/json", origin: new URL(driver.url()).origin },
    data: { items },
  });
  expect(response.status(), await response.text()).toBe(200);
  const answer = (await response.json()) as { acknowledged: string[]; refused: unknown[] };
  expect(answer.refused).toEqual([]);
  return answer;
}

test("on a phone, the parent watches the bus come: the ETA, the position's age, stale, the map, boarded", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Today's North Loop pickup with Ava on it, the journey's own (live-run.ts): any day, any hour.
  const today = await liveRunToday({ corners: NORTH_LOOP, childStop: 2, childName: CHILD });
  const runId = today.runId;

  // The parent: before the start, the run says it has not started (and updates when it does).
  await page.clock.install();
  await page.goto("/login/parent");
  await fillLogin(page, today.parent.email, DEMO_PASSWORD);
  await expect(page).toHaveURL("/parent");
  await page.goto(`/parent/rides/${runId}`);
  await expect(page.getByTestId("live-phase")).toHaveText(LIVE_TEXTS.notStarted);

  // The driver's side, through the engine's endpoints (the driver's page has its own tests).
  const driverContext = await browser.newContext({ viewport: PHONE });
  const driver = await driverContext.newPage();
  await driver.goto("/login/driver");
  await fillLogin(driver, today.driver.email, DEMO_PASSWORD);
  await expect(driver).toHaveURL("/driver");
  const runs = driver.getByRole("list", { name: "Today's runs" });
  await runs.getByRole("link").filter({ hasText: "North Loop" }).first().click();
  await expect(driver).toHaveURL(`/driver/runs/${runId}`);
  await callMutation(driver, "driver.live.startRun", { runId, busId: null });
  const run = (await (await driver.request.get(`/api/live/runs/${runId}`)).json()) as { run: DriverView };
  const ava = run.run.riders.find((rider) => rider.name === CHILD)!;
  const avaStop = run.run.stops.find((stop) => stop.id === ava.stopId)!;
  expect(avaStop.name).toBe(STOP);
  await expect(page.getByTestId("live-phase")).toHaveText(LIVE_TEXTS.open);
  await postBatch(driver, runId, [
    {
      kind: "position",
      clientId: `e2e-live-${runId}-1`,
      at: Date.now(),
      ...START,
      accuracy: 10,
      speed: 8,
      heading: 180,
    },
  ]);

  // One that is not the parent's to watch says why not; Today's rides opens the run live.
  await page.goto("/parent/rides/not-a-run");
  await expect(page.getByText(LIVE_TEXTS.gone)).toBeVisible();
  await page.goto("/parent");
  await page.locator(`a[href="/parent/rides/${runId}"]`).click();
  await expect(page.getByRole("heading", { level: 1, name: /North Loop · Bus 12/ })).toBeVisible();
  await expect(page.getByTestId("live-phase")).toHaveText("The bus is on its way.");
  const card = page.getByRole("list", { name: "Your children on this run" }).getByRole("listitem");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(CHILD);
  await expect(card).toContainText(`Bus to ${STOP}`);
  await expect(page.getByTestId("live-eta")).toHaveText(/^(\d+–\d+ min|\d+ min|Arriving)$/);
  const age = page.getByTestId("live-age");
  await expect(age).toContainText(/Live\s*updated \d+ s ago/);

  // The map: the bus and Ava's stop, two markers and no other family's stop.
  const map = page.getByRole("region", { name: `Map of the bus and ${STOP}` });
  await expect(map).toBeVisible();
  await expect(map.locator(".leaflet-marker-icon")).toHaveCount(2);
  await expect(map.locator(".bus-marker")).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousViolation(page, "parent: live view at 375 px");
  await page.screenshot({ path: "test-results/parent-live-375.png", fullPage: true });

  // The age ticks; 60 s without a position, the bus is stale: "Last seen", never live.
  await page.clock.fastForward("00:20");
  await expect(age).toContainText(/updated [2-5]\d s ago/);
  await page.clock.fastForward("00:45");
  await expect(age).toContainText(/Not live\s*Last seen 1 min ago/);
  await expect(map.locator(".bus-marker.is-stale")).toHaveCount(1);

  // The driver taps Boarded at Ava's stop: the page says where and when.
  const tappedAt = Date.now();
  await postBatch(driver, runId, [
    {
      kind: "tap",
      clientId: `e2e-live-${runId}-tap`,
      at: tappedAt,
      childId: ava.childId,
      stopId: ava.stopId,
      status: "boarded",
      latitude: avaStop.latitude,
      longitude: avaStop.longitude,
    },
  ]);
  await expect(page.getByTestId("live-attendance")).toHaveText(
    `${CHILD} boarded at ${STOP} at ${formatTime(new Date(tappedAt), ZONE, "en")}.`,
  );
  await expect(card).toContainText(`The bus reached ${STOP}`);

  await page.setViewportSize(DESKTOP);
  await expectNoSeriousViolation(page, "parent: live view at 1280 px");
  await page.screenshot({ path: "test-results/parent-live-1280.png", fullPage: true });

  // The bell: the boarded notice, and a tap on it opens the live view.
  await page.goto("/parent/notifications");
  const notice = page
    .getByRole("listitem")
    .filter({ hasText: `${CHILD} boarded` })
    .first();
  await expect(notice).toContainText(`${CHILD} boarded at ${STOP}`);
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: "test-results/parent-live-notifications-375.png", fullPage: true });
  await notice.getByRole("link", { name: /Open the live ride/ }).click();
  await expect(page).toHaveURL(new RegExp(`/parent/rides/${runId}$`));
  await expect(page.getByTestId("live-attendance")).toBeVisible();

  await callMutation(driver, "driver.live.endRun", { runId });
  // Ended before the school: when it ended; the bus's last position stays on the map, as stale.
  await expect(page.getByTestId("live-phase")).toHaveText(/^The run ended at \d{1,2}:\d{2} [AP]M\.$/);
  await expect(page.locator(".bus-marker.is-stale")).toHaveCount(1);
  await page.screenshot({ path: "test-results/parent-live-ended-375.png", fullPage: true });
  await expect(page.getByTestId("live-attendance")).toBeVisible();
  await driverContext.close();

  // My Children: Ava's ride history has the run.
  await page.goto("/parent/children");
  const history = page.getByRole("region", { name: `${CHILD}'s ride history` });
  await expect(history.getByRole("listitem").first()).toContainText(
    `${formatDay(new Date(tappedAt), ZONE, "en")} · North Loop (pickup)Boarded${formatTime(new Date(tappedAt), ZONE, "en")} at ${STOP}`,
  );
  await history.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/parent-live-history-375.png" });
  await expectNoHorizontalScroll(page);

  // My Account's Notifications: the "bus is N minutes away" lead time, 5 until chosen, kept once saved (ADR 0066).
  await page.goto("/parent/account");
  const lead = page.getByLabel("Tell me when the bus is");
  await expect(lead).toHaveValue("5");
  await lead.selectOption("10");
  await page.getByRole("button", { name: "Save notifications" }).click();
  await expect(page.getByText("Your notification choices were saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Tell me when the bus is")).toHaveValue("10");
  await page.getByLabel("Tell me when the bus is").selectOption("5");
  await page.getByRole("button", { name: "Save notifications" }).click();
  await expect(page.getByText("Your notification choices were saved.").first()).toBeVisible();
});
