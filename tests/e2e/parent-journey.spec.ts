import { expect, type Locator, type Page, test } from "@playwright/test";
import { TODAYS_RIDES_REFRESH_MS } from "#shared/parent-dashboard.ts";
import {
  callMutation,
  closeToast,
  expectNoHorizontalScroll,
  SCHOOL_ZONE,
  signIn,
  unique,
  untilClearOfMidnight,
} from "./support.ts";

/**
 * Issue 14's journey on a phone (375 × 812), with issue 27's routes: the demo admin makes a route
 * for each of two buses (the same name) running today; the demo parent adds a child, the school
 * assigns it to the first bus's stop, and the parent sees the stop on the card and the run Scheduled
 * on the dashboard; the admin marks it departed and the dashboard, polling, shows Departed without a
 * reload; the parent reads a notification (the bell drops by one) and pays the Upcoming Payment
 * from the dashboard through the local Checkout.
 */
test.use({ viewport: { width: 375, height: 812 } });

/** Thumb-sized: at least 44 CSS pixels tall (and wide). */
async function expectThumbSized(target: Locator) {
  const box = await target.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);
}

/** The bell's unread count, from its accessible name ("Notifications, 3 unread"). */
async function bellCount(page: Page): Promise<number> {
  // The header's bell is the one link to the inbox that names itself by aria-label.
  const bell = page.locator('a[href="/parent/notifications"][aria-label^="Notifications"]');
  const name = (await bell.getAttribute("aria-label")) ?? "";
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

/**
 * The journey makes today's run and follows it until Departed: it starts with 5 minutes of the
 * school's day left at least (else it waits for the next day), so the run departs after now and the
 * day does not change under it.
 */
const DAY_LEFT_MS = 5 * 60_000;

/** The school's today and the time of day in minutes. */
function schoolClock() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: SCHOOL_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  return {
    today: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const clock = (minutes: number) =>
  `${Math.floor(minutes / 60) % 12 || 12}:${String(minutes % 60).padStart(2, "0")} ${minutes < 720 ? "AM" : "PM"}`;

/** Reads a tRPC query as the signed-in browser does. */
async function callQuery(page: Page, path: string) {
  const response = await page.request.get(`/api/trpc/${path}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: { json: unknown } } }).result.data.json;
}

test("on a phone, the parent follows today's ride from Scheduled to Departed, reads a notification and pays from the dashboard", async ({
  page,
  browser,
}) => {
  const wait = untilClearOfMidnight(DAY_LEFT_MS);
  test.setTimeout(90_000 + wait);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const tag = unique();
  const route = `Lakeside ${tag}`;
  const bus = `P${tag.slice(-4)}`;
  const child = `Noor Rivera ${tag}`;
  const stop = `Lakeside Dr & Elm St ${tag}`;
  // Today's run, still to come (a run is made for a departure after now): half an hour on, 45 minutes long.
  const { today, minutes: now } = schoolClock();
  const departs = Math.min(now + 30, 23 * 60 + 57);
  const arrives = Math.min(departs + 45, 23 * 60 + 59);
  expect(departs, "the school's day has a few minutes left for a run").toBeGreaterThan(now);

  // The admin, in their own browser: two buses, a route for each (the same name), runs from today.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, "school_admin");
  const routes: { id: string; stopIds: string[] }[] = [];
  for (const number of [bus, `${bus}X`]) {
    const created = (await callMutation(admin, "schoolAdmin.buses.create", {
      bus: { number, seats: 40, plate: null },
    })) as { id: string };
    const { id } = (await callMutation(admin, "schoolAdmin.routes.create", {
      route: {
        name: route,
        direction: "pickup",
        colour: "#1f77b4",
        busId: created.id,
        driverName: `Driver ${tag}`,
        activeFrom: today,
        activeTo: null,
        weekdays: [0, 1, 2, 3, 4, 5, 6],
      },
    })) as { id: string };
    const { stopIds } = (await callMutation(admin, "schoolAdmin.routes.stops.set", {
      routeId: id,
      version: 0,
      stops: [
        { name: stop, latitude: 41.7712, longitude: -88.1508, time: hhmm(departs), distanceMeters: 0 },
        { name: `School ${tag}`, latitude: 41.7801, longitude: -88.1567, time: hhmm(arrives), distanceMeters: 1200 },
      ],
    })) as { stopIds: string[] };
    routes.push({ id, stopIds });
  }

  // The parent, on a phone, with a clock the test can move (the dashboard's poll is a timer).
  await page.clock.install();
  await signIn(page, "parent");
  await expect(page.getByRole("heading", { name: "Parent Dashboard", level: 1 })).toBeVisible();
  await expectNoHorizontalScroll(page);
  for (const tile of ["Children", "Notifications", "Invoices", "Flight Trips"])
    await expectThumbSized(
      page.getByRole("navigation", { name: "Your areas" }).getByRole("link", { name: new RegExp(`^${tile}`) }),
    );

  // Add the child: no route to type, the school assigns it.
  await page.goto("/parent/children");
  await page.getByRole("button", { name: "Add Child" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Child" });
  await dialog.getByLabel("Full Name").fill(child);
  await dialog.getByLabel("Age").fill("8");
  await dialog.getByLabel("Grade").selectOption("3rd Grade");
  await dialog.getByLabel("Emergency Contact").fill("Jamie Rivera, 555 0100");
  await dialog.getByRole("button", { name: "Add Child" }).click();
  await expect(page.getByText("Child added successfully!")).toBeVisible();

  // The school assigns the child to the first bus's route.
  const lookup = (await callQuery(page, "parent.rides.lookup")) as { children: { id: string; name: string }[] };
  const childId = lookup.children.find((row) => row.name === child)!.id;
  await callMutation(admin, "schoolAdmin.riders.assign", {
    childId,
    stopId: routes[0]!.stopIds[0],
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    fromDate: today,
    toDate: null,
  });
  await admin.goto("/school-admin/trips");

  // The dashboard: the child's stop on the card, and today's run of their bus (not the other bus's), Scheduled.
  await page.goto("/parent");
  const cards = page.getByRole("list", { name: "Your children" });
  const childCard = cards.getByRole("listitem").filter({ hasText: child }).first();
  await expect(childCard).toContainText(stop);
  await expect(childCard).toContainText(`${clock(departs)} · Bus ${bus} · ${route}`);
  const ride = page.getByRole("list", { name: `${child}'s rides today` }).getByTestId("todays-ride");
  await expect(ride).toHaveCount(1);
  await expect(ride).toContainText(`${clock(departs)} – ${clock(arrives)}`);
  await expect(ride).toContainText(`${route} · Bus ${bus}`);
  await expect(ride).toContainText("Scheduled");
  await expectNoHorizontalScroll(page);

  // The admin marks it departed; the parent's page is not reloaded: the next poll shows it.
  await admin.getByRole("button", { name: `Mark ${route} bus ${bus} departed` }).click();
  await expect(admin.getByText("Parents on the route have been notified.")).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  await expect(ride).toContainText("Scheduled");
  await page.clock.fastForward(TODAYS_RIDES_REFRESH_MS + 1_000);
  await expect(ride).toContainText("Departed");
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await adminContext.close();

  // Read a notification from the dashboard: the bell drops by one.
  await page.reload();
  const notifications = page.getByRole("region", { name: "Recent Notifications" });
  // This route's notice (another journey's bus may have departed for the demo families meanwhile).
  const departed = notifications.getByRole("listitem").filter({ hasText: "Bus departed" }).filter({ hasText: route });
  await expect(departed).toBeVisible();
  const before = await bellCount(page);
  expect(before).toBeGreaterThan(0);
  const markRead = departed.getByRole("button", { name: '"Bus departed"', exact: false });
  await expectThumbSized(markRead);
  await markRead.click();
  // On a phone the toast spans the bottom, over the Upcoming Payment's Pay Now on a slow machine: close it.
  await closeToast(page, "Notification marked as read.");
  await expect.poll(() => bellCount(page)).toBe(before - 1);

  // Pay the Upcoming Payment from the dashboard through the local Checkout.
  const upcoming = page.getByTestId("upcoming-payment");
  const number = (await upcoming.locator("p").first().textContent())!.trim();
  expect(number).toMatch(/^INV-\d{4}-\d{3,}$/);
  const amount = /\$[\d,.]+/.exec((await upcoming.textContent()) ?? "")![0];
  const payNow = upcoming.getByRole("button", { name: "Pay Now" });
  await expectThumbSized(payNow);
  await payNow.click();
  await expect(page).toHaveURL(/\/dev\/stripe\/checkout\/cs_/);
  await page.getByRole("button", { name: `Pay ${amount}` }).click();
  await expect(page).toHaveURL(/\/parent\/invoices/);
  await expect(page.getByText("Payment received")).toBeVisible();
  await page.getByLabel("Search invoices").fill(number);
  // On a phone the table is a list of cards.
  const card = page.getByRole("list", { name: "Invoices" }).getByRole("listitem");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(number);
  await expect(card).toContainText("Paid");
  await expect(card.getByRole("button", { name: "Pay" })).toHaveCount(0);

  // Back on the dashboard it is under Recent Payments and no longer the Upcoming Payment.
  await page.goto("/parent");
  await expect(page.getByRole("list", { name: "Recent Payments" })).toContainText(number);
  await expect(page.getByTestId("upcoming-payment").filter({ hasText: number })).toHaveCount(0);
});
