import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { expect, markable, test, unmarked } from "./i18n-marks.ts";
import { closeToast, DEMO, signIn, unique } from "./support.ts";

/**
 * Issue 13's journey: the demo admin creates an invoice with the live fee preview and downloads its
 * PDF; the demo parent pays it on the simulated Checkout of the school's connected account (signed
 * Connect events through the real webhook) and sees it Paid; the admin's Paid total includes it.
 */
const cents = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);

/** The value of one of the admin's totals cards (Paid, Pending, Overdue). */
function totalsCard(page: Page, label: string): Locator {
  return page.locator("p", { hasText: markable(new RegExp(`^${label}$`)) }).locator("xpath=following-sibling::p[1]");
}

test("an invoice from creation to payment: fee preview, PDF, Checkout on the school's account, Paid for both", {
  tag: "@core",
}, async ({ page, browser }) => {
  await signIn(page, "school_admin");
  await page.goto("/school-admin/invoices");
  await expect(page.getByRole("heading", { level: 1, name: "Invoices & Payments" })).toBeVisible();
  const paidBefore = cents(await totalsCard(page, "Paid").textContent());

  // Create Invoice: base $40.00; the preview adds the school's fee by its rule.
  const description = `Autumn term bus ${unique()}`;
  await page.getByRole("button", { name: "Create Invoice" }).click();
  const create = page.getByRole("dialog", { name: "Create Invoice" });
  await create.getByLabel("Recipient").selectOption({ label: `${DEMO.parent.name} (${DEMO.parent.email})` });
  await create.getByLabel("Description").fill(description);
  await create.getByLabel("Base Amount ($)").fill("40");
  const preview = create.getByTestId("invoice-total-preview");
  await expect(preview).toContainText("Base $40.00 +");
  const total = /Total: (\$[\d,.]+)/.exec(unmarked(await preview.textContent()))?.[1];
  expect(total).toBeDefined();
  const totalCents = cents(total!);
  expect(totalCents).toBeGreaterThan(4_000);
  await create.getByRole("button", { name: "Create Invoice" }).click();
  // The toast can cover the row's Download on a slow machine: close it.
  await closeToast(page, "Invoice created successfully!");

  await page.getByLabel("Search invoices").fill(description);
  const table = page.getByRole("table", { name: "Invoices" });
  await expect(table.getByRole("row")).toHaveCount(2);
  const number = (await table.getByRole("rowheader").locator("span").first().textContent())!.trim();
  expect(number).toMatch(/^INV-\d{4}-\d{3,}$/);

  // Download gives a real PDF named after the invoice.
  const downloading = page.waitForEvent("download");
  await table.getByRole("link", { name: `Download ${number}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // The parent pays it from My Invoices on the simulated Checkout.
  const context = await browser.newContext();
  const parent = await context.newPage();
  await signIn(parent, "parent");
  await parent.goto("/parent/invoices");
  await parent.getByLabel("Search invoices").fill(number);
  const parentTable = parent.getByRole("table", { name: "Invoices" });
  await expect(parentTable.getByRole("row")).toHaveCount(2);
  await expect(parentTable).toContainText("Pending");
  await parentTable.getByRole("button", { name: "Pay" }).click();
  await expect(parent).toHaveURL(/\/dev\/stripe\/checkout\/cs_/);
  await expect(parent.getByText(total!, { exact: false }).first()).toBeVisible();
  await parent.getByRole("button", { name: `Pay ${total}` }).click();

  // Back in the app: the return notice, then the invoice reads Paid.
  await expect(parent).toHaveURL(/\/parent\/invoices/);
  await expect(parent.getByText("Payment received")).toBeVisible();
  await parent.getByLabel("Search invoices").fill(number);
  await expect(parentTable.getByRole("row")).toHaveCount(2);
  await expect(parentTable).toContainText("Paid");
  await expect(parentTable.getByRole("button", { name: "Pay" })).toHaveCount(0);
  await context.close();

  // The admin's Paid total includes it.
  await page.reload();
  await expect(totalsCard(page, "Paid")).toHaveText(
    new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format((paidBefore + totalCents) / 100),
  );
});
