import { expect, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll, signIn, unique } from "./support.ts";

/**
 * Issue 25 item 14: the demo admin sends a notification to all parents and finds it in the Sent tab
 * with "0 of N read"; the demo parent, on a phone, reads it; the admin's count moves to "1 of N read".
 * The tab is a table at 1280 px and cards at 375 px, with no horizontal scroll. SHOTS_DIR=<dir> also
 * saves screenshots of both widths.
 */

async function shoot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

test("a school admin sees what was sent and how many have read it; a parent's read moves the count", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // An unbroken 90-character word too: the row wraps it instead of widening the page.
  const title = `Picture day ${unique()} ${"W".repeat(90)}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "school_admin");
  await page.goto("/school-admin/notifications");
  await page.getByRole("button", { name: "Send Notification" }).click();
  const dialog = page.getByRole("dialog", { name: "Send Notification" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Message").fill("Wear the school jumper on Friday.");
  await dialog.getByLabel("All parents").check();
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  const toast = page.getByText(/Sent to \d+ parents?\./);
  await expect(toast).toBeVisible();
  const recipients = Number(/Sent to (\d+)/.exec((await toast.textContent()) ?? "")![1]);
  expect(recipients).toBeGreaterThan(0);

  // The Sent tab (school admins only): one row for the send, nobody has read it yet.
  await page.getByRole("tab", { name: "Sent" }).click();
  await expect(page).toHaveURL(/tab=sent/);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("All parents");
  await expect(row).toContainText(`0 of ${recipients} read`);
  await expect(row.getByRole("cell").nth(2)).toHaveText(String(recipients));
  await expectNoHorizontalScroll(page);
  await shoot(page, "sent-1280");

  // Searchable like the other lists.
  await page.getByLabel("Search sent notifications").fill(title);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole("row")).toHaveCount(2); // the header and the send

  // The parent, on a phone, reads it.
  const parentContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const parent = await parentContext.newPage();
  await signIn(parent, "parent");
  await parent.goto("/parent/notifications");
  await expect(parent.getByRole("tab", { name: "Sent" })).toHaveCount(0);
  await parent.getByRole("button", { name: `Mark "${title}" as read` }).click();
  await expect(parent.getByText("Notification marked as read.")).toBeVisible();
  await parentContext.close();

  // The admin's count moves (on the next load of the list).
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText(`1 of ${recipients} read`);

  // At 375 px: cards, every field readable, no horizontal scroll.
  await page.setViewportSize({ width: 375, height: 812 });
  const card = page.getByRole("list", { name: "Sent notifications" }).getByRole("listitem").filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`1 of ${recipients} read`);
  await expect(card).toContainText("All parents");
  await expectNoHorizontalScroll(page);
  await page.getByLabel("Search sent notifications").fill("");
  await expect(page).not.toHaveURL(/search=/);
  await shoot(page, "sent-375");
});
