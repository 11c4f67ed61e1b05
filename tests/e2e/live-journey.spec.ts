import { mkdirSync } from "node:fs";
import type { Browser, Page, Request } from "@playwright/test";
import { LIVE_TEXTS, overLine } from "#shared/live-texts.ts";
import { i18nFor } from "#worker/i18n/texts.ts";
import { approachText, attendanceText } from "#worker/services/live/texts.ts";
import { PHONE } from "./a11y-support.ts";
import { expect, markable, test } from "./i18n-marks.ts";
import { type Corner, type LiveRun, liveRunToday } from "./live-run.ts";
import { DEMO_PASSWORD, expectNoHorizontalScroll, fillLogin } from "./support.ts";

/**
 * Issue 28's journey, on two phones (375 × 812): a driver starts today's pickup run and drives it,
 * their position being Chromium's geolocation override moved along the route's real corners; the
 * parent of a child on the run watches from Today's rides: the bus moves on the map and its
 * position's age starts again, the ETA to the child's stop comes within five minutes and the parent
 * is told so, the driver taps Boarded at the stop and the parent reads it, the bus reaches the school
 * (the run's last stop) and the parent reads that the child was dropped off there. The run is the
 * journey's own, made for today (live-run.ts): it runs on any day, at any hour. Tagged @core: it runs
 * on the Worker too, where the live endpoints are the run's Durable Object.
 */

/** Where the journey's screenshots go (SHOTS_DIR, so two worktrees running it keep theirs apart). */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-journey";
/** A phone's fix in the city. */
const ACCURACY = 20;
/** The phone sends about every 5 s while moving (share-position.ts): one step per interval. */
const STEP_MS = 5_600;

/** A fix at a corner. */
const at = (corner: Corner) => ({ latitude: corner.latitude, longitude: corner.longitude, accuracy: ACCURACY });
/** The point `share` of the way from `from` to `to` (beyond `to` past 1, before `from` below 0). */
const toward = (from: Corner, to: Corner, share: number) => ({
  latitude: from.latitude + (to.latitude - from.latitude) * share,
  longitude: from.longitude + (to.longitude - from.longitude) * share,
  accuracy: ACCURACY,
});

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The pattern of a text whose variable part (an ETA, a time) may be anything `pattern` matches. */
const textWith = (sentence: string, variable: string, pattern: string) =>
  literal(sentence).replace(literal(variable), pattern);
/** A time as formatTime writes it ("7:42 AM"). */
const TIME = "\\d{1,2}:\\d{2} [AP]M";
/** The time at the end of an attendance sentence ("… at 7:42 AM."). */
const timeOf = (sentence: string) => sentence.slice(sentence.lastIndexOf(" at ") + 4, -1);

async function phone(browser: Browser, geolocation: boolean) {
  const context = await browser.newContext({
    viewport: PHONE,
    ...(geolocation ? { permissions: ["geolocation"] } : {}),
  });
  return context.newPage();
}

async function signInAs(page: Page, login: string, email: string, home: string) {
  await page.goto(login);
  await fillLogin(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(home);
}

/** The bus marker's place on the parent's map (Leaflet moves it by its transform). */
const markerPlace = (page: Page) =>
  page.locator(".bus-marker").evaluate((element) => (element as HTMLElement).style.transform);

test("@core a driver drives a run; the parent on a phone sees the bus come, the five-minute notice, boarded and dropped at school", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const run: LiveRun = await liveRunToday();
  const [first, childStop, school] = run.stops as [
    LiveRun["stops"][number],
    LiveRun["stops"][number],
    LiveRun["stops"][number],
  ];
  const child = run.child.name;
  const bus = { routeName: run.routeName, busNumber: run.busNumber };

  // The driver: today's run, Start.
  const driver = await phone(browser, true);
  const taps: { status: string; at: number }[] = [];
  driver.on("request", (request: Request) => {
    if (request.method() !== "POST" || !request.url().includes("/batch")) return;
    const body = request.postDataJSON() as { items: { kind: string; status?: string; at: number }[] };
    for (const item of body.items) if (item.kind === "tap") taps.push({ status: item.status!, at: item.at });
  });
  await signInAs(driver, "/login/driver", run.driver.email, "/driver");
  await driver.getByRole("list", { name: "Today's runs" }).getByRole("link").filter({ hasText: run.routeName }).click();
  await expect(driver).toHaveURL(`/driver/runs/${run.runId}`);
  await driver.getByRole("button", { name: "Start run" }).click();
  const banner = driver.getByRole("region", { name: "Location sharing" });
  await expect(banner).toContainText("Sharing your location while this run is open");
  // At the run's first stop, Columbia St & Franklin Ave.
  await driver.context().setGeolocation(at(first));
  await expect(banner).toContainText("All updates sent");
  let lastFix = Date.now();
  /** The next step of the bus, one sending interval after the last. */
  const moveTo = async (point: { latitude: number; longitude: number; accuracy: number }) => {
    const wait = lastFix + STEP_MS - Date.now();
    if (wait > 0) await driver.waitForTimeout(wait);
    await driver.context().setGeolocation(point);
    lastFix = Date.now();
  };

  // The parent: Today's rides opens the run live.
  const parent = await phone(browser, false);
  // What reaches the parent over the run's socket (on the Worker, the run's Durable Object): the
  // updates come that way, not by the polling fallback.
  let socketFrames = 0;
  parent.on("websocket", (socket) => {
    if (socket.url().endsWith(`/api/live/runs/${run.runId}/socket`))
      socket.on("framereceived", () => {
        socketFrames += 1;
      });
  });
  await signInAs(parent, "/login/parent", run.parent.email, "/parent");
  const ride = parent.getByTestId("todays-ride");
  await expect(ride).toHaveCount(1);
  await expect(ride).toContainText(`${run.routeName} · Bus ${run.busNumber}`);
  await ride.getByRole("link").click();
  await expect(parent).toHaveURL(`/parent/rides/${run.runId}`);
  await expect(
    parent.getByRole("heading", { level: 1, name: `${run.routeName} · Bus ${run.busNumber}` }),
  ).toBeVisible();
  await expect(parent.getByTestId("live-phase")).toHaveText(LIVE_TEXTS.open);
  const card = parent.getByRole("list", { name: "Your children on this run" }).getByRole("listitem");
  await expect(card).toContainText(`Bus to ${childStop.name}`);
  const eta = parent.getByTestId("live-eta");
  await expect(eta).toHaveText(markable(/^\d+–\d+ min$/));
  const age = parent.getByTestId("live-age");
  await expect(age).toContainText(markable(/Live\s*updated \d+ s ago/));
  const map = parent.getByRole("region", { name: `Map of the bus and ${childStop.name}` });
  await expect(map.locator(".bus-marker")).toHaveCount(1);

  // The bus moves off: its marker goes elsewhere on the map, and the position's age starts again.
  const atFirst = await markerPlace(parent);
  await expect(age).toContainText(markable(/updated ([2-9]|\d\d) s ago/));
  await moveTo(toward(first, childStop, 0.45));
  await expect.poll(() => markerPlace(parent)).not.toBe(atFirst);
  await expect(age).toContainText(markable(/updated [0-3] s ago/));
  await expect(eta).toHaveText(markable(/^\d+–\d+ min$/));

  // Most of the way to the child's stop: within five minutes of it, on the page and in a notice.
  const onTheWay = await markerPlace(parent);
  await moveTo(toward(first, childStop, 0.8));
  await expect.poll(() => markerPlace(parent)).not.toBe(onTheWay);
  await expect(eta).toHaveText(markable(/^(([1-5]–)?[1-5] min|Arriving)$/));
  await parent.screenshot({ path: `${SHOTS}/parent-live-mid-run-375.png`, fullPage: true });

  // At the child's stop: the driver taps Boarded; the parent reads where and when.
  await moveTo(at(childStop));
  const stopsAhead = driver.getByRole("list", { name: "Stops ahead" });
  await expect(stopsAhead.getByRole("listitem").first()).toContainText("At this stop");
  await expect(stopsAhead.getByRole("listitem").first()).toContainText(childStop.name);
  const boarded = stopsAhead
    .getByRole("group", { name: `${child} at ${childStop.name}` })
    .getByRole("button", { name: "Boarded" });
  await boarded.click();
  await expect(boarded).toHaveAttribute("aria-pressed", "true");
  await expect(banner).toContainText("All updates sent");
  await expectNoHorizontalScroll(driver);
  await driver.screenshot({ path: `${SHOTS}/driver-run-375.png`, fullPage: true });
  const boardedAt = new Date(taps.find((tap) => tap.status === "boarded")!.at);
  const boardedLine = attendanceText(child, "boarded", boardedAt, childStop.name, run.zone).message;
  await expect(parent.getByTestId("live-attendance")).toHaveText(boardedLine);
  await expect(card).toContainText(`The bus reached ${childStop.name}`);
  await expectNoHorizontalScroll(parent);
  await parent.screenshot({ path: `${SHOTS}/parent-live-boarded-375.png`, fullPage: true });

  // On to the school, the run's last stop: the child was dropped off there.
  await moveTo(toward(childStop, school, 0.5));
  await moveTo(at(school));
  const dropped = attendanceText(child, "dropped", new Date(), school.name, run.zone);
  const droppedLine = markable(new RegExp(`^${textWith(dropped.message, timeOf(dropped.message), TIME)}$`));
  await expect(parent.getByTestId("live-attendance")).toHaveText(droppedLine);
  // The status card says when the bus reached the school; its last position stays on the map, stale.
  const reached = overLine(
    i18nFor("en"),
    { endedAt: null, finish: { stopName: school.name, arrivedAt: new Date() } },
    run.zone,
  );
  await expect(parent.getByTestId("live-phase")).toHaveText(
    markable(new RegExp(`^${textWith(reached, timeOf(reached), TIME)}$`)),
  );
  await expect(map.locator(".bus-marker.is-stale")).toHaveCount(1);
  // The bell caught up without a reload: departed, approaching, boarded, dropped off.
  await expect(parent.getByRole("link", { name: "Notifications, 4 unread" })).toBeVisible();
  await parent.screenshot({ path: `${SHOTS}/parent-live-dropped-375.png`, fullPage: true });
  // The driver's phone still shows the child boarded (the drop at the school followed from it).
  const passed = driver.getByRole("group", { name: `${child} at ${childStop.name}` });
  await expect(passed.getByRole("button", { name: "Boarded" })).toHaveAttribute("aria-pressed", "true");
  await expect(passed.getByRole("button", { name: "Absent" })).toHaveAttribute("aria-pressed", "false");
  // At the school (no child's own stop), the driver reads that everyone on board gets off there.
  await expect(stopsAhead.getByRole("listitem").first()).toContainText("Everyone on board gets off here (1).");
  await driver.screenshot({ path: `${SHOTS}/driver-run-at-school-375.png`, fullPage: true });

  await expect(parent.getByText(LIVE_TEXTS.polling)).toHaveCount(0);
  // The state on connecting, then a frame per change: five positions and the tap (the drop at the
  // school comes with the last position).
  expect(socketFrames).toBeGreaterThanOrEqual(7);

  // The parent's notifications: the five-minute notice, boarded, dropped off at school.
  await parent.goto("/parent/notifications");
  const notices = parent.getByRole("listitem");
  const approach = {
    eta: { stopId: childStop.id, passed: false, minMinutes: 3, maxMinutes: 5 },
    ...approachText(bus, childStop.name, { stopId: childStop.id, passed: false, minMinutes: 3, maxMinutes: 5 }),
  };
  const approachNotice = notices.filter({ hasText: approach.title });
  await expect(approachNotice).toHaveCount(1);
  // Within five minutes: "3–5 min", "4 min"…, or arriving.
  const arriving = approachText(bus, childStop.name, { ...approach.eta, minMinutes: 0, maxMinutes: 0 }).message;
  await expect(approachNotice).toContainText(
    new RegExp(`${textWith(approach.message, "3–5 min", "([1-5]–)?[1-5] min")}|${literal(arriving)}`),
  );
  const boardedNotice = attendanceText(child, "boarded", boardedAt, childStop.name, run.zone);
  await expect(notices.filter({ hasText: boardedNotice.title })).toContainText(boardedNotice.message);
  await expect(notices.filter({ hasText: dropped.title })).toContainText(
    new RegExp(textWith(dropped.message, timeOf(dropped.message), TIME)),
  );
  await expectNoHorizontalScroll(parent);
  await parent.screenshot({ path: `${SHOTS}/parent-notifications-375.png`, fullPage: true });
  await driver.context().close();
  await parent.context().close();
});
