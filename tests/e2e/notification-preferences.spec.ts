import { expect, test } from "@playwright/test";
import { expectNoSeriousViolation } from "./a11y-support.ts";
import { expectNoHorizontalScroll, newParent, signIn, unique } from "./support.ts";

/**
 * Issue 29 item 4 (ADR 0066), on a phone (375 × 812): a new parent of the demo school opens My
 * Account's Notifications (quiet defaults), changes a kind's channels, the lead time and quiet
 * hours, saves, and finds them after a reload; equal quiet times are refused with a clear message.
 */
test("a parent's notification preferences at 375 px: quiet defaults, saved, kept after a reload", async ({
  browser,
  page: admin,
}) => {
  test.slow(); // the invitation's password hash on a shared machine
  await signIn(admin, "school_admin");
  const { page } = await newParent(
    browser,
    admin,
    { name: "Noa Notified", email: `prefs.${unique()}@example.com`, password: "noa's own passphrase 29" },
    { width: 375, height: 812 },
  );
  await page.goto("/parent/account");
  const section = page.getByRole("form", { name: "Notifications" });
  await expect(section.getByRole("button", { name: "Save notifications" })).toBeVisible();
  const kind = (name: string) => section.getByRole("group", { name });

  // The quiet defaults: push for the bus, e-mail for invoices, nothing extra for the school's messages.
  await expect(kind("The bus is a few minutes away").getByLabel("Push")).toBeChecked();
  await expect(kind("A new invoice").getByLabel("E-mail")).toBeChecked();
  await expect(kind("Messages from the school").getByLabel("Push")).not.toBeChecked();
  await expect(kind("A run is cancelled").getByText("Safety message: comes through quiet hours")).toBeVisible();
  await expect(section.getByLabel("Tell me when the bus is")).toHaveValue("5");
  await expect(section.getByLabel("From")).toHaveCount(0);
  await expect(section.getByLabel("Gather non-urgent notices into a daily digest")).not.toBeChecked();

  await kind("Messages from the school").getByLabel("Push").check();
  await kind("A new invoice").getByLabel("E-mail").uncheck();
  await section.getByLabel("Tell me when the bus is").selectOption("10");
  await section.getByLabel("No push during quiet hours").check();
  await section.getByLabel("From").fill("21:30");
  await section.getByLabel("Until").fill("21:30");
  await section.getByRole("button", { name: "Save notifications" }).click();
  await expect(section.getByText("Quiet hours must start and end at different times")).toBeVisible();
  await section.getByLabel("Until").fill("06:45");
  await expect(section.getByText(/In school time \(.+\)\. Safety messages still come through/)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousViolation(page, "parent: notification preferences at 375 px");
  await page.screenshot({ path: "test-results/notification-preferences-375.png", fullPage: true });
  await section.getByRole("button", { name: "Save notifications" }).click();
  await expect(page.getByText("Your notification choices were saved.")).toBeVisible();

  await page.reload();
  const again = page.getByRole("form", { name: "Notifications" });
  await expect(again.getByRole("group", { name: "Messages from the school" }).getByLabel("Push")).toBeChecked();
  await expect(again.getByRole("group", { name: "A new invoice" }).getByLabel("E-mail")).not.toBeChecked();
  await expect(again.getByLabel("Tell me when the bus is")).toHaveValue("10");
  await expect(again.getByLabel("No push during quiet hours")).toBeChecked();
  await expect(again.getByLabel("From")).toHaveValue("21:30");
  await expect(again.getByLabel("Until")).toHaveValue("06:45");
});

/**
 * Issue 29 item 4 (ADR 0075), on a desktop (1280 × 800): the daily digest switch, with what it
 * gathers and when, marks the kinds that wait for it, and is kept after a reload.
 */
test("the daily digest switch at 1280 px: explained, marks the kinds it gathers, saved", async ({
  browser,
  page: admin,
}) => {
  test.slow(); // the invitation's password hash on a shared machine
  await signIn(admin, "school_admin");
  const { page } = await newParent(
    browser,
    admin,
    { name: "Dee Digest", email: `digest.${unique()}@example.com`, password: "dee's own passphrase 29" },
    { width: 1280, height: 800 },
  );
  await page.goto("/parent/account");
  const section = page.getByRole("form", { name: "Notifications" });
  const digest = section.getByLabel("Gather non-urgent notices into a daily digest");
  await expect(digest).not.toBeChecked();
  await expect(digest).toHaveAccessibleDescription(/once a day at 17:00, school time.*payment receipts/);
  await expect(section.getByText("Push and e-mail wait for your daily digest")).toHaveCount(0);
  await digest.check();
  const waits = (name: string) =>
    section.getByRole("group", { name }).getByText("Push and e-mail wait for your daily digest");
  await expect(waits("Payment receipts")).toBeVisible();
  await expect(waits("The bus is running late")).toHaveCount(0);
  await expect(
    section.getByText(/Pushes held by quiet hours are sent together as one push when they end/),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousViolation(page, "parent: notification preferences with the digest at 1280 px");
  await page.screenshot({ path: "test-results/notification-preferences-1280.png", fullPage: true });
  await section.getByRole("button", { name: "Save notifications" }).click();
  await expect(page.getByText("Your notification choices were saved.")).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole("form", { name: "Notifications" }).getByLabel("Gather non-urgent notices into a daily digest"),
  ).toBeChecked();
});
