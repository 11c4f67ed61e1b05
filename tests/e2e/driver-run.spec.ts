import { expect, type Page, type Request, test } from "@playwright/test";
import { DESKTOP, expectNoSeriousViolation, PHONE } from "./a11y-support.ts";
import { liveRunToday, NORTH_LOOP } from "./live-run.ts";
import { DEMO_PASSWORD, e2eDatabase, expectNoHorizontalScroll, fillLogin } from "./support.ts";

/**
 * Issue 28, the driver's run on a phone (375 × 812), with Chromium's geolocation override as the
 * bus: a driver starts today's North Loop pickup run (the journey's own, made for today by
 * live-run.ts, so it runs on any day and hour; Nora rides it), the phone's position moves
 * along the route's corners (Mill St & Ogden Ave → Mill St & 5th Ave, Nora's stop, → Columbia St &
 * Franklin Ave), Nora is tapped Boarded; then the phone loses its signal: a correction (Absent, then
 * Boarded again) and more positions wait in the queue, survive a reload, and arrive once and in
 * order when the signal returns (read in the e2e server's database). Axe on the open run, screenshots
 * at both widths, then End run and its summary.
 */

test.use({ viewport: PHONE, permissions: ["geolocation"] });

/** North Loop's corners, on the pickup. */
const CORNERS = NORTH_LOOP;
/** A city fix: the engine allows for it when it judges the speed between two fixes. */
const ACCURACY = 50;
/** The phone sends about every 5 s while moving (share-position.ts). */
const MOVING_SEND_MS = 5_000;

type Item = { kind: "position" | "tap"; clientId: string; at: number; status?: string };

/** The points from `from` to `to` in `hops` equal steps (a bus at city speed, one step per send). */
function along(from: (typeof CORNERS)[number], to: (typeof CORNERS)[number], hops: number) {
  return Array.from({ length: hops }, (_, step) => ({
    latitude: from.latitude + ((to.latitude - from.latitude) * (step + 1)) / hops,
    longitude: from.longitude + ((to.longitude - from.longitude) * (step + 1)) / hops,
    accuracy: ACCURACY,
  }));
}

/** Moves the phone one step per sending interval (Chromium stamps a fix when it is set: a bus at city speed). */
async function drive(page: Page, points: { latitude: number; longitude: number; accuracy: number }[]) {
  for (const point of points) {
    await page.waitForTimeout(MOVING_SEND_MS + 600);
    await page.context().setGeolocation(point);
  }
}

test("on a phone, the driver starts a run, shares the position, taps riders offline and ends the run", async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const run = await liveRunToday({ corners: NORTH_LOOP, childStop: 2, childName: "Nora Quinn", allergy: "Peanuts" });
  await page.goto("/login/driver");
  await fillLogin(page, run.driver.email, DEMO_PASSWORD);
  await expect(page).toHaveURL("/driver");
  // Every item the phone posts, in the order it posts them (a retry posts the same ids again).
  const posted: Item[] = [];
  page.on("request", (request: Request) => {
    if (request.method() !== "POST" || !request.url().includes("/batch")) return;
    const body = request.postDataJSON() as { items: Item[] };
    for (const item of body.items) if (!posted.some((seen) => seen.clientId === item.clientId)) posted.push(item);
  });

  await page.getByRole("list", { name: "Today's runs" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: "North Loop" })).toBeVisible();
  const runId = new URL(page.url()).pathname.split("/").at(-1)!;
  expect(runId).toBe(run.runId);
  await page.getByRole("button", { name: "Start run" }).click();
  const banner = page.getByRole("region", { name: "Location sharing" });
  await expect(banner).toContainText("Sharing your location while this run is open");
  await expect(banner).toContainText("All updates sent");

  // At Mill St & Ogden Ave (the first fix goes at once; Chromium stamps a fix when it is set, and
  // one from before the start is not the run's), then on to Nora's stop.
  await context.setGeolocation({
    latitude: CORNERS[1]!.latitude,
    longitude: CORNERS[1]!.longitude,
    accuracy: ACCURACY,
  });
  const stops = page.getByRole("list", { name: "Stops ahead" });
  await expect(stops.getByRole("listitem").first()).toContainText("Mill St & Ogden Ave");
  await drive(page, along(CORNERS[1]!, CORNERS[2]!, 3));
  const first = stops.getByRole("listitem").first();
  await expect(first).toContainText("At this stop");
  await expect(first).toContainText("Mill St & 5th Ave");
  await expect(first).toContainText("Allergy: Peanuts");
  const ava = first.getByRole("group", { name: "Nora Quinn at Mill St & 5th Ave" });
  const boarded = ava.getByRole("button", { name: "Boarded" });
  const absent = ava.getByRole("button", { name: "Absent" });
  const box = await boarded.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(48);
  await boarded.click();
  await expect(boarded).toHaveAttribute("aria-pressed", "true");
  await expect(banner).toContainText("All updates sent");
  await expectNoHorizontalScroll(page);
  await expectNoSeriousViolation(page, "driver: an open run at 375 px");
  await page.screenshot({ path: "test-results/driver-run-375.png", fullPage: true });
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousViolation(page, "driver: an open run at 1280 px");
  await page.screenshot({ path: "test-results/driver-run-1280.png", fullPage: true });
  await page.setViewportSize(PHONE);

  // No signal: a correction and the drive on wait in the queue, shown at once and counted.
  await context.setOffline(true);
  await absent.click();
  await expect(absent).toHaveAttribute("aria-pressed", "true");
  await boarded.click();
  await expect(boarded).toHaveAttribute("aria-pressed", "true");
  await expect(first.getByText("Waiting to send")).toBeVisible();
  await drive(page, along(CORNERS[2]!, CORNERS[3]!, 2));
  await expect(banner).toContainText(/[3-9] updates waiting for signal/);
  await page.screenshot({ path: "test-results/driver-run-offline-375.png", fullPage: true });

  // A reload with the batches still failing (the page itself loads): the queue is read back from storage.
  const waiting = Number(/(\d+) updates waiting/.exec((await banner.textContent()) ?? "")![1]);
  await page.route("**/api/live/runs/*/batch", (route) => route.abort("internetdisconnected"));
  await context.setOffline(false);
  await page.reload();
  await expect(banner).toContainText(new RegExp(`(${waiting}|${waiting + 1}) updates waiting for signal`));
  await expect(page.getByRole("button", { name: "Boarded", pressed: true })).toBeVisible();

  // The signal returns: everything arrives, in the order it was made, once.
  await page.unroute("**/api/live/runs/*/batch");
  await expect(banner).toContainText("All updates sent", { timeout: 40_000 });
  const db = await e2eDatabase();
  const positions = await db.execute({
    sql: "select client_id, device_at from run_positions where run_id = ? order by rowid",
    args: [runId],
  });
  // Each position stored once, in the order the phone made them (its fixes' own times rising).
  const sentPositions = posted.filter((item) => item.kind === "position");
  expect(sentPositions.length).toBeGreaterThanOrEqual(7);
  expect(positions.rows.map((row) => row.client_id)).toEqual(sentPositions.map((item) => item.clientId));
  const times = sentPositions.map((item) => item.at);
  expect(times).toEqual(times.toSorted((a, b) => a - b));
  const taps = posted.filter((item) => item.kind === "tap").map((item) => item.status);
  expect(taps).toEqual(["boarded", "absent", "boarded"]);
  const attendance = await db.execute({
    sql: "select status, client_id from attendance where run_id = ?",
    args: [runId],
  });
  expect(attendance.rows).toHaveLength(1);
  expect(attendance.rows[0]).toMatchObject({
    status: "boarded",
    client_id: posted.filter((item) => item.kind === "tap").at(-1)!.clientId,
  });
  const visits = await db.execute({
    sql: "select stop_id from run_stop_visits where run_id = ? order by arrived_at",
    args: [runId],
  });
  expect(visits.rows.map((row) => row.stop_id)).toEqual(run.stops.slice(1, 4).map((stop) => stop.id));
  db.close();
  await expect(page.getByRole("list", { name: "Stops ahead" }).getByRole("listitem").first()).toContainText(
    "Columbia St & Franklin Ave",
  );

  // End run (confirmed): sharing stops, a summary.
  await page.getByRole("button", { name: "End run" }).click();
  const dialog = page.getByRole("alertdialog", { name: "End this run?" });
  await expectNoSeriousViolation(page, "driver: End run at 375 px");
  await dialog.getByRole("button", { name: "End run" }).click();
  await expect(page.getByRole("heading", { name: /^Run ended at/ })).toBeVisible();
  await expect(page.getByText("Location sharing stopped: this run has ended.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Location sharing" })).toHaveCount(0);
  const summary = page.getByRole("region", { name: /^Run ended/ });
  await expect(summary).toContainText("Stops reached3 of 6");
  await expect(summary).toContainText("Boarded1");
  await page.screenshot({ path: "test-results/driver-run-ended-375.png", fullPage: true });
});
