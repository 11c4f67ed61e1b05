import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolation } from "./a11y-support.ts";
import { liveRunToday, NORTH_LOOP } from "./live-run.ts";
import { DEMO_PASSWORD, fillLogin, signIn } from "./support.ts";

/**
 * Issue 29 items 3 and 5 (ADR 0068): a parent turns push on in Chromium (in local mode the
 * subscription comes from the local push service `npm start` runs); the run simulator drives the bus
 * within 5 minutes of the child's stop and the push reaches the local push service, decrypted, with
 * the right title and link, and the dev page beside the mailbox lists it; the subscription then
 * expires at the push service, and the next push (the simulated driver's Boarded at the child's stop)
 * prunes it: the device leaves My Account's list.
 */

const STOP = "Mill St & Ogden Ave";
const CHILD = "Noor Haddad";
type Received = { endpoint: string; title: string; body: string; url: string; tag: string };

async function receivedFor(page: Page, runId: string): Promise<Received[]> {
  const response = await page.request.get("/dev/push/received.json");
  expect(response.status()).toBe(200);
  return ((await response.json()) as Received[]).filter((push) => push.url === `/parent/rides/${runId}`);
}

test("a parent turns push on; the simulated bus 5 minutes from the stop arrives as a push with its title and link; an expired subscription is pruned", async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(180_000);
  // A route of the journey's own with no driver, so the dev-only run simulator may drive today's run.
  const today = await liveRunToday({
    corners: NORTH_LOOP,
    childStop: 1,
    childName: CHILD,
    leadMinutes: 1,
    minutesApart: 1,
    assignDriver: false,
  });
  const runId = today.runId;
  expect(today.stops[today.childStop]!.name).toBe(STOP);

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

  // The school admin has the run simulator drive the route: it starts the run as its driver and the
  // bus heads for Noor's stop, a minute or so away on the simulated timetable.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, "school_admin");
  const simulate = (path: string) =>
    admin.request.post(`/dev/live${path}`, {
      headers: { "content-type": "application/json", origin: new URL(admin.url()).origin },
      data: { routeId: today.routeId },
    });
  const started = await simulate("/simulate");
  expect(started.status(), await started.text()).toBe(200);
  expect(await started.json()).toEqual({ runId });

  try {
    // The push reached the local push service, decrypted: its title, its text and the run's link.
    await expect
      .poll(async () => (await receivedFor(page, runId)).map((push) => push.title), { timeout: 30_000 })
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

    // The browser's subscription expires at the push service: the next push (the simulated driver
    // taps Noor Boarded at her stop) gets 410, and the device is pruned.
    const expired = await page.request.post("/dev/push/expire", {
      headers: { "content-type": "application/json", origin: new URL(page.url()).origin },
      data: { endpoint: approach.endpoint },
    });
    expect(expired.status()).toBe(200);
    await page.goto("/parent/account");
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByRole("region", { name: "Push on this device" }).getByText("None yet.").isVisible();
        },
        { timeout: 120_000, intervals: [2_000] },
      )
      .toBe(true);
    await expect(
      page.getByRole("region", { name: "Push on this device" }).getByText("Push is off in this browser."),
    ).toBeVisible();
    // Noor was boarded (what pruned the device), and nothing reached the expired subscription.
    const run = (await (await page.request.get(`/api/live/runs/${runId}`)).json()) as {
      run: { riders: { name: string; boarding: { status: string } | null }[] };
    };
    expect(run.run.riders.find((rider) => rider.name === CHILD)?.boarding?.status).toBe("boarded");
    expect((await receivedFor(page, runId)).filter((push) => push.title.includes("boarded"))).toEqual([]);
  } finally {
    await simulate("/simulate/stop");
    await adminContext.close();
  }
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
