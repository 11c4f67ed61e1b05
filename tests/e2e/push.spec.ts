import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolation } from "./a11y-support.ts";
import { liveRunToday, NORTH_LOOP } from "./live-run.ts";
import { callMutation, DEMO_PASSWORD, fillLogin, signIn } from "./support.ts";

/**
 * Issue 29 items 3 and 5 (ADR 0068): a parent turns push on in Chromium (in local mode the
 * subscription comes from the local push service `npm start` runs); the bus comes within 5 minutes of
 * the child's stop and the push reaches the local push service, decrypted, with the right title and
 * link, and the dev page beside the mailbox lists it; the subscription then expires at the push
 * service, and the next push (the child's Boarded) prunes it: the device leaves My Account's list.
 */

const STOP = "Mill St & 5th Ave";
const CHILD = "Noor Haddad";
type Received = { endpoint: string; title: string; body: string; url: string; tag: string };

async function receivedFor(page: Page, runId: string): Promise<Received[]> {
  const response = await page.request.get("/dev/push/received.json");
  expect(response.status()).toBe(200);
  return ((await response.json()) as Received[]).filter((push) => push.url === `/parent/rides/${runId}`);
}

async function postBatch(driver: Page, runId: string, items: unknown[]) {
  const response = await driver.request.post(`/api/live/runs/${runId}/batch`, {
    headers: { "content-type": "application/json", origin: new URL(driver.url()).origin },
    data: { items },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test("a parent turns push on; the bus 5 minutes from the stop arrives as a push with its title and link; an expired subscription is pruned", async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(120_000);
  // The stops a minute apart from now: the bus is due at Noor's within 5 minutes of the start.
  const today = await liveRunToday({
    corners: NORTH_LOOP,
    childStop: 2,
    childName: CHILD,
    leadMinutes: 1,
    minutesApart: 1,
  });
  const runId = today.runId;
  const childStop = today.stops[today.childStop]!;
  expect(childStop.name).toBe(STOP);

  // The parent turns push on in this browser (notifications allowed, as a person would when asked).
  await context.grantPermissions(["notifications"]);
  await page.goto("/login/parent");
  await fillLogin(page, today.parent.email, DEMO_PASSWORD);
  await expect(page).toHaveURL("/parent");
  await page.goto("/parent/account");
  const card = page.getByRole("region", { name: "Push on this device" });
  await expect(card.getByText("Push is off in this browser.")).toBeVisible();
  await expect(card.getByText("None yet.")).toBeVisible();
  await card.getByRole("button", { name: "Turn on push on this device" }).click();
  await expect(card.getByText(/^Push is on in this browser/)).toBeVisible();
  const devices = card.getByRole("listitem");
  await expect(devices).toHaveCount(1);
  await expect(devices).toContainText(/Chrome on \w+/);
  await expect(devices).toContainText("This device");
  await expectNoSeriousViolation(page, "parent: My Account with push on");

  // The driver starts the run and the bus comes within 5 minutes of Noor's stop.
  const driverContext = await browser.newContext();
  const driver = await driverContext.newPage();
  await driver.goto("/login/driver");
  await fillLogin(driver, today.driver.email, DEMO_PASSWORD);
  await expect(driver).toHaveURL("/driver");
  await callMutation(driver, "driver.live.startRun", { runId, busId: null });
  // About 400 m north of the stop, heading for it: a minute or two away.
  await postBatch(driver, runId, [
    {
      kind: "position",
      clientId: `e2e-push-${runId}-1`,
      at: Date.now(),
      latitude: childStop.latitude + 400 / 111_195,
      longitude: childStop.longitude,
      accuracy: 10,
      speed: 8,
      heading: 180,
    },
  ]);

  // The push reached the local push service, decrypted: its title, its text and the run's link.
  await expect
    .poll(async () => (await receivedFor(page, runId)).map((push) => push.title))
    .toContain("Bus approaching");
  const approach = (await receivedFor(page, runId)).find((push) => push.title === "Bus approaching")!;
  expect(approach.body).toMatch(new RegExp(`^North Loop \\(bus \\w+\\) is .* from ${STOP}\\.$`));
  expect(approach.url).toBe(`/parent/rides/${runId}`);
  // The dev page beside the mailbox lists it.
  await page.goto("/dev/push");
  const listed = page
    .getByRole("article")
    .filter({ hasText: approach.endpoint })
    .filter({ hasText: "Bus approaching" });
  await expect(listed.first()).toBeVisible();
  await expect(listed.first().getByRole("link", { name: `/parent/rides/${runId}` })).toBeVisible();

  // The browser's subscription expires at the push service: the next push (Noor boards) gets 410,
  // and the device is pruned.
  const expired = await page.request.post("/dev/push/expire", {
    headers: { "content-type": "application/json", origin: new URL(page.url()).origin },
    data: { endpoint: approach.endpoint },
  });
  expect(expired.status()).toBe(200);
  const run = (await (await driver.request.get(`/api/live/runs/${runId}`)).json()) as {
    run: { riders: { childId: string; name: string; stopId: string }[] };
  };
  const noor = run.run.riders.find((rider) => rider.name === CHILD)!;
  await postBatch(driver, runId, [
    {
      kind: "tap",
      clientId: `e2e-push-${runId}-tap`,
      at: Date.now(),
      childId: noor.childId,
      stopId: noor.stopId,
      status: "boarded",
      latitude: childStop.latitude,
      longitude: childStop.longitude,
    },
  ]);
  await page.goto("/parent/account");
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByRole("region", { name: "Push on this device" }).getByText("None yet.").isVisible();
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await expect(
    page.getByRole("region", { name: "Push on this device" }).getByText("Push is off in this browser."),
  ).toBeVisible();
  // Nothing reached the expired subscription.
  expect((await receivedFor(page, runId)).filter((push) => push.title.includes("boarded"))).toEqual([]);
  await driverContext.close();
});

test("a push delivered to the app's service worker shows its title, text and link as a notification", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext();
  await context.grantPermissions(["notifications"]);
  const page = await context.newPage();
  await signIn(page, "parent");
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);

  // What a push service hands the browser, delivered the way DevTools' Push button does.
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => registrations.filter((r) => !r.isDeleted).length).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  const registration = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`)!;
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: registration.registrationId,
    data: JSON.stringify({
      title: "Bus approaching",
      body: "North Loop (bus 12) is about 5 min from Mill St & 5th Ave.",
      url: "/parent/rides/e2e-run",
      tag: "busApproaching:e2e",
    }),
  });

  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        url: (notification.data as { url?: string } | null)?.url,
      })),
    );
  await expect.poll(shown).toEqual([
    {
      title: "Bus approaching",
      body: "North Loop (bus 12) is about 5 min from Mill St & 5th Ave.",
      tag: "busApproaching:e2e",
      url: "/parent/rides/e2e-run",
    },
  ]);
  await cdp.detach();
  await context.close();
});

test("logout ends push on this device: the next person to sign in here gets none of the last one's pushes", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext();
  await context.grantPermissions(["notifications"]);
  const page = await context.newPage();
  await signIn(page, "parent");
  await page.goto("/parent/account");
  const card = page.getByRole("region", { name: "Push on this device" });
  await card.getByRole("button", { name: "Turn on push on this device" }).click();
  await expect(card.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
  const devices = await card.getByRole("listitem").count();

  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL("/");
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes("push"))))
    .toEqual([]);
  // The public header offers Log In again once the session has ended.
  await expect(page.getByRole("link", { name: "Log In" }).first()).toBeVisible();

  await signIn(page, "parent");
  await page.goto("/parent/account");
  await expect(card.getByText("Push is off in this browser.")).toBeVisible();
  // The server forgot the device too (the list is the server's).
  await expect(card.getByRole("listitem")).toHaveCount(devices - 1);
  await context.close();
});
