import { expect, test } from "@playwright/test";
import { DEMO, signIn, unique, waitForEmail } from "../support.ts";

/**
 * The hourly cron through the Worker's own `scheduled` handler: `/__scheduled` (wrangler dev
 * --test-scheduled) runs it once. Its overdue sweep turns a pending invoice whose due date has
 * passed Overdue, gives the parent an in-app notice and writes the e-mail to the outbox; the e-mail
 * then goes through Miniflare's queue to the Worker's `queue` handler, which delivers it to the dev
 * mailbox. Against workerd only (the Node entry has no `/__scheduled`: its timer runs the cron when
 * it starts), on the fresh database of playwright.workerd.config.ts: each job runs once an hour, so
 * this must be the hour's first run there.
 */

/** `YYYY-MM-DD`, `days` from today in the browser's calendar (the demo school's zone is within hours of it). */
const day = (days: number) => {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

test("the hourly cron on workerd turns a past-due invoice Overdue; the parent gets the notice, and the e-mail through the queue", {
  tag: "@core",
}, async ({ page, browser }) => {
  // The admin issues an invoice that was due ten days ago: it starts Pending.
  await signIn(page, "school_admin");
  await page.goto("/school-admin/invoices");
  await expect(page.getByRole("heading", { level: 1, name: "Invoices & Payments" })).toBeVisible();
  const description = `Late bus pass ${unique()}`;
  await page.getByRole("button", { name: "Create Invoice" }).click();
  const create = page.getByRole("dialog", { name: "Create Invoice" });
  await create.getByLabel("Recipient").selectOption({ label: `${DEMO.parent.name} (${DEMO.parent.email})` });
  await create.getByLabel("Description").fill(description);
  await create.getByLabel("Base Amount ($)").fill("25");
  await create.getByLabel("Issue Date").fill(day(-20));
  await create.getByLabel("Due Date").fill(day(-10));
  await create.getByRole("button", { name: "Create Invoice" }).click();
  await expect(page.getByText("Invoice created successfully!")).toBeVisible();
  await page.getByLabel("Search invoices").fill(description);
  const table = page.getByRole("table", { name: "Invoices" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Pending");
  const number = (await table.getByRole("rowheader").locator("span").first().textContent())!.trim();
  expect(number).toMatch(/^INV-\d{4}-\d{3,}$/);

  // The cron runs once, in workerd.
  const ran = await page.request.get(`/__scheduled?cron=${encodeURIComponent("0 * * * *")}`);
  expect(ran.status(), await ran.text()).toBe(200);

  // The admin sees it Overdue.
  await page.reload();
  await page.getByLabel("Search invoices").fill(description);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(
    table,
    "the invoice turned Overdue (the overdue job must not have run before in this hour on this database)",
  ).toContainText("Overdue");

  // The e-mail left the outbox through the queue consumer.
  const mail = await waitForEmail(page, DEMO.parent.email, new RegExp(`invoice ${number} is overdue`));
  expect(mail.text).toContain("/parent/invoices");

  // The parent has the in-app notice and sees the invoice Overdue, still payable.
  const parent = await (await browser.newContext()).newPage();
  await signIn(parent, "parent");
  await parent.goto("/parent/notifications");
  await expect(
    parent.getByText(new RegExp(`Invoice ${number} for \\$[\\d.]+ was due on .+ and is now overdue\\.`)),
  ).toBeVisible();
  await parent.goto("/parent/invoices");
  await parent.getByLabel("Search invoices").fill(number);
  const invoices = parent.getByRole("table", { name: "Invoices" });
  await expect(invoices.getByRole("row")).toHaveCount(2);
  await expect(invoices).toContainText("Overdue");
  await expect(invoices.getByRole("button", { name: "Pay" })).toBeVisible();
  await parent.context().close();
});
