import { expect, type Locator, type Page, test } from "@playwright/test";
import { TODAYS_RIDES_REFRESH_MS } from "#shared/parent-dashboard.ts";
import { expectNoHorizontalScroll, signIn, unique } from "./support.ts";

/**
 * Issue 14's journey on a phone (375 × 812): the demo admin schedules today's trips on a new route,
 * two buses; the demo parent adds a child on one of them from the route suggestions and sees the ride Scheduled on the
 * dashboard; the admin marks it departed and the dashboard, polling, shows Departed without a
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

test("on a phone, the parent follows today's ride from Scheduled to Departed, reads a notification and pays from the dashboard", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = unique();
  const route = `Lakeside ${tag}`;
  const bus = `P${tag.slice(-4)}`;
  const child = `Noor Rivera ${tag}`;

  // The admin, in their own browser: a trip today on a new route (the form's default date is today).
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await signIn(admin, "school_admin");
  await admin.goto("/school-admin/trips");
  // Two buses on the route (issue 25): the child rides the first, so the second is never theirs.
  for (const number of [bus, `${bus}X`]) {
    await admin.getByRole("button", { name: "New Trip" }).click();
    const form = admin.getByRole("dialog", { name: "New Trip" });
    await form.getByLabel("Route Name").fill(route);
    await form.getByLabel("Bus Number").fill(number);
    await form.getByLabel("Driver Name").fill(`Driver ${tag}`);
    await form.getByRole("button", { name: "Create Trip" }).click();
    await expect(admin.getByText("Trip created successfully!").first()).toBeVisible();
    await expect(form).toBeHidden();
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

  // Add the child on the new route, chosen from the field's suggestions.
  await page.goto("/parent/children");
  await page.getByRole("button", { name: "Add Child" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Child" });
  await dialog.getByLabel("Full Name").fill(child);
  await dialog.getByLabel("Age").fill("8");
  await dialog.getByLabel("Grade").selectOption("3rd Grade");
  const routeField = dialog.getByLabel("Bus Route");
  const suggestions = page.locator(`datalist#${await routeField.getAttribute("list")} option`);
  await expect(suggestions.first()).toBeAttached();
  const offered = await suggestions.evaluateAll((options) =>
    options.map((option) => (option as HTMLOptionElement).value),
  );
  expect(offered).toContain(route);
  await routeField.fill(offered.find((name) => name === route)!);
  await dialog.getByLabel("Bus Number").fill(bus);
  await dialog.getByLabel("Emergency Contact").fill("Jamie Rivera, 555 0100");
  await dialog.getByRole("button", { name: "Add Child" }).click();
  await expect(page.getByText("Child added successfully!")).toBeVisible();

  // The dashboard: the child's card and today's ride on their bus (not the other bus's), Scheduled, at the school's time.
  await page.goto("/parent");
  const cards = page.getByRole("list", { name: "Your children" });
  await expect(cards.getByRole("listitem").filter({ hasText: child })).toContainText(`Route ${route} · Bus ${bus}`);
  const ride = page.getByRole("list", { name: `${child}'s rides today` }).getByTestId("todays-ride");
  await expect(ride).toHaveCount(1);
  await expect(ride).toContainText("7:30 AM – 8:15 AM");
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
  await expect(notifications.getByText("Bus departed")).toBeVisible();
  const before = await bellCount(page);
  expect(before).toBeGreaterThan(0);
  const markRead = notifications.getByRole("button", { name: '"Bus departed"', exact: false }).first();
  await expectThumbSized(markRead);
  await markRead.click();
  await expect(page.getByText("Notification marked as read.")).toBeVisible();
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
