import { expect, test } from "@playwright/test";
import { closeToast, expectNoHorizontalScroll, signIn, unique } from "./support.ts";

/**
 * Issue 12's journey: the demo school admin schedules a repeating trip in week view, marks today's
 * trip departed, sends a notification to one route, and the demo parent (whose child rides North
 * Loop) finds both in their notifications.
 */
test("a school admin schedules a repeating trip, marks today's departed and notifies a route; the parent reads both", async ({
  page,
  browser,
}) => {
  // Two browsers and a dozen steps: on a loaded machine it comes close to the default 30 s.
  test.setTimeout(60_000);
  const tag = unique();
  await signIn(page, "school_admin");
  await expect(page.getByRole("heading", { name: "Maple Grove Primary" })).toBeVisible();
  await expect(page.getByText("Based on completed trips")).toBeVisible();

  await page.getByRole("link", { name: "Trip Management" }).click();
  await expect(page.getByRole("heading", { name: "Trip Management" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Week", pressed: true })).toBeVisible();

  await page.getByRole("button", { name: "New Trip" }).click();
  const dialog = page.getByRole("dialog", { name: "New Trip" });
  // The spec's defaults.
  await expect(dialog.getByLabel("Departure Time")).toHaveValue("07:30");
  await expect(dialog.getByLabel("Estimated Arrival")).toHaveValue("08:15");
  await expect(dialog.getByLabel("Total Stops")).toHaveValue("1");
  const today = await dialog.getByLabel("Departure Date").inputValue();
  await dialog.getByLabel("Route Name").fill("North Loop");
  await dialog.getByLabel("Bus Number").fill(`E${tag.slice(-3)}`);
  await dialog.getByLabel("Driver Name").fill(`Driver ${tag}`);
  await dialog.getByLabel("Estimated Students").fill("12");
  // What is allowed, said in words (issue 25); text inputs stop at the schema's length.
  await expect(dialog.getByLabel("Route Name")).toHaveAttribute("maxlength", "120");
  await expect(dialog.getByLabel("Bus Number")).toHaveAttribute("maxlength", "40");
  await dialog.getByLabel("Total Stops").fill("2.5");
  // Arrival before departure is refused in the form.
  await dialog.getByLabel("Estimated Arrival").fill("07:00");
  await dialog.getByRole("button", { name: "Create Trip" }).click();
  await expect(dialog.getByText("Enter a whole number of stops, 1 or more")).toBeVisible();
  await dialog.getByLabel("Total Stops").fill("3");
  await dialog.getByRole("button", { name: "Create Trip" }).click();
  await expect(dialog.getByText("Estimated arrival must be after the departure time")).toBeVisible();
  await dialog.getByLabel("Estimated Arrival").fill("08:15");
  // Repeat on today's weekday and the next, for a week.
  await dialog.getByLabel("Repeat").check();
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  await dialog.getByLabel(names[(weekday + 1) % 7]!, { exact: true }).check();
  const until = new Date(Date.parse(`${today}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel("Until").fill(until);
  await dialog.getByRole("button", { name: "Create Trip" }).click();
  // The toast can cover today's trip's Departed in the table on a slow machine: close it.
  await closeToast(page, "3 trips created successfully!");

  // Today's new trip: one click marks it departed and tells the route's parents.
  const departed = page
    .getByRole("button", { name: new RegExp(`Mark North Loop bus E${tag.slice(-3)} departed`) })
    .first();
  await departed.click();
  await expect(page.getByText("Parents on the route have been notified.")).toBeVisible();
  await expect(
    page.getByRole("button", { name: new RegExp(`Mark North Loop bus E${tag.slice(-3)} arrived`) }).first(),
  ).toBeVisible();

  // Send Notification to the North Loop route.
  await page.getByRole("link", { name: "Notifications" }).first().click();
  await page.getByRole("button", { name: "Send Notification" }).click();
  const send = page.getByRole("dialog", { name: "Send Notification" });
  await send.getByLabel("Title").fill(`Early pickup ${tag}`);
  await send.getByLabel("Message").fill("Tomorrow's pickup is 10 minutes early.");
  await send.getByLabel("Parents on a route").check();
  await send.getByLabel("Route", { exact: true }).fill("North Loop");
  await send.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText(/Sent to \d+ parents?\./)).toBeVisible();

  // The demo parent's notifications hold both.
  const parent = await (await browser.newContext()).newPage();
  await signIn(parent, "parent");
  await parent
    .getByRole("link", { name: /^Notifications/ })
    .first()
    .click();
  await expect(parent.getByRole("heading", { name: `Early pickup ${tag}` })).toBeVisible();
  await expect(parent.getByText(new RegExp(`North Loop \\(bus E${tag.slice(-3)}\\) has departed`))).toBeVisible();
  await expect(parent.getByRole("button", { name: "Send Notification" })).toHaveCount(0);
  // Mark one read: it leaves the Unread tab.
  await parent.getByRole("button", { name: `Mark "Early pickup ${tag}" as read` }).click();
  await expect(parent.getByText("Notification marked as read.")).toBeVisible();
  await parent.getByRole("tab", { name: /Unread/ }).click();
  await expect(parent.getByRole("heading", { name: `Early pickup ${tag}` })).toHaveCount(0);
});

test("a trip scheduled from an empty list's own button leaves the focus in the page's content", async ({ page }) => {
  const route = `Empty Loop ${unique()}`;
  await signIn(page, "school_admin");
  // A search that matches nothing: the empty list offers "Schedule a Trip".
  await page.goto(`/school-admin/trips?search=${encodeURIComponent(route)}`);
  const schedule = page.getByRole("button", { name: "Schedule a Trip" });
  await schedule.click();
  const dialog = page.getByRole("dialog", { name: "New Trip" });
  await dialog.getByLabel("Route Name").fill(route);
  await dialog.getByLabel("Bus Number").fill("E1");
  await dialog.getByLabel("Driver Name").fill("Erin Empty");
  await dialog.getByRole("button", { name: "Create Trip" }).click();
  await expect(dialog).toHaveCount(0);
  // The trip now matches the search, so the empty state and its button are gone; the focus is in the content.
  await expect(page.getByRole("row").filter({ hasText: route })).toBeVisible();
  await expect(schedule).toHaveCount(0);
  await expect(page.locator("main")).toBeFocused();
});

test("the school admin's pages fit a phone screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, "school_admin");
  for (const path of [
    "/school-admin",
    "/school-admin/trips",
    "/school-admin/notifications",
    "/school-admin/flight-trips",
    "/school-admin/invoices",
  ]) {
    await page.goto(path);
    await expect(page.locator("main h1")).toBeVisible();
    await expectNoHorizontalScroll(page);
  }
});
