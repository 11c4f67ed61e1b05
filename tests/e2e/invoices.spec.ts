import { expect, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, expectNoHorizontalScroll, signIn, unique, waitForEmail } from "./support.ts";

test("the demo admin saves payment settings, creates an invoice with the live fee preview, and the parent sees it", async ({
  page,
  browser,
}) => {
  await signIn(page, "school_admin");
  await page.getByRole("link", { name: "Invoices" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Invoices & Payments" })).toBeVisible();
  await expect(page.getByTestId("payment-settings-banner")).toHaveText(
    "Fee: 5% added on top (term-based) · Platform fee: 5% of each payment",
  );
  // The demo's invoices: one overdue, so the Overdue tab shows.
  await expect(page.getByRole("tab", { name: "Overdue" })).toBeVisible();
  const pendingCard = page.getByText("Pending", { exact: true }).first().locator("..");
  const pendingBefore = await pendingCard.locator("p").nth(1).textContent();

  // Payment Settings: 7.5 %, term-based; saving asks for the password (SE6).
  await page.getByRole("button", { name: "Payment Settings" }).click();
  const settings = page.getByRole("dialog", { name: "Payment Settings" });
  await settings.getByLabel("Fee Percentage (%)").fill("7.5");
  await settings.getByRole("button", { name: "Save" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
  await confirm.getByLabel("Password").fill(DEMO_PASSWORD);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Payment settings saved.")).toBeVisible();
  await expect(page.getByTestId("payment-settings-banner")).toHaveText(
    "Fee: 7.5% added on top (term-based) · Platform fee: 5% of each payment",
  );

  // Create Invoice: the preview follows the typed amount by the fee rule.
  const description = `Bus transport ${unique()}`;
  await page.getByRole("button", { name: "Create Invoice" }).click();
  const create = page.getByRole("dialog", { name: "Create Invoice" });
  await create.getByLabel("Find a parent").fill("jamie");
  await create.getByLabel("Recipient").selectOption({ label: `${DEMO.parent.name} (${DEMO.parent.email})` });
  await create.getByLabel("Description").fill(description);
  await create.getByLabel("Base Amount ($)").fill("12.34");
  await expect(create.getByTestId("invoice-total-preview")).toContainText("Base $12.34 + 7.5% fee $0.93");
  await expect(create.getByTestId("invoice-total-preview")).toContainText("Total: $13.27");
  await create.getByRole("button", { name: "Create Invoice" }).click();
  await expect(page.getByText("Invoice created successfully!")).toBeVisible();

  // Listed with the server's number; the pending total moved.
  await page.getByLabel("Search invoices").fill(description);
  const table = page.getByRole("table", { name: "Invoices" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("rowheader")).toContainText(/INV-\d{4}-\d{3,}/);
  await expect(table).toContainText("$13.27");
  await expect(table.getByRole("link", { name: /Download INV-/ })).toHaveAttribute(
    "href",
    /^\/api\/invoices\/[^/]+\/pdf$/,
  );
  await expect(pendingCard.locator("p").nth(1)).not.toHaveText(pendingBefore ?? "");
  const number = (await table.getByRole("rowheader").locator("span").first().textContent())!;

  // The parent was e-mailed, and sees it under My Invoices.
  const mail = await waitForEmail(page, DEMO.parent.email, /new invoice of \$13\.27/);
  expect(mail.text).toContain("/parent/invoices");
  const context = await browser.newContext();
  const parentPage = await context.newPage();
  await signIn(parentPage, "parent");
  await parentPage.getByRole("link", { name: "Invoices" }).first().click();
  await expect(parentPage.getByRole("heading", { level: 1, name: "My Invoices" })).toBeVisible();
  await parentPage.getByLabel("Search invoices").fill(number);
  await expect(parentPage.getByRole("table", { name: "Invoices" })).toContainText(description);
  await parentPage.getByRole("tab", { name: "Paid" }).click();
  await expect(parentPage.getByRole("table", { name: "Invoices" })).toHaveCount(0);
  await context.close();
});

test("My Invoices on a phone: cards, no horizontal scroll", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, "parent");
  await page.goto("/parent/invoices");
  const cards = page.getByRole("list", { name: "Invoices" });
  await expect(cards.getByRole("listitem").first()).toBeVisible();
  await expect(cards.getByRole("link", { name: /Download INV-/ }).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
});
