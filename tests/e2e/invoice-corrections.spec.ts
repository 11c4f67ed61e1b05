import { type Browser, expect, type Page, test } from "@playwright/test";
import { closeToast, DEMO, expectNoHorizontalScroll, signIn, unique, waitForEmail } from "./support.ts";

/**
 * Issue 25, item 13: a school admin corrects an invoice from the Invoices page (row actions with
 * dialogs, at 1280 and 375 px, with the keyboard), and the parent sees what changed.
 * SHOTS_DIR=<dir> also saves screenshots of each screen.
 */
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** The whole page, or only the viewport (a full-page shot resizes it, which a scroll-closed menu would not survive). */
async function shot(page: Page, name: string, fullPage = true) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage });
}

/** Create Invoice for the demo parent, then the list searched for it; answers the invoice's number (from the table's row, or a phone's card). */
async function createInvoice(page: Page, description: string, amount: string): Promise<string> {
  await page.goto("/school-admin/invoices");
  await page.getByRole("button", { name: "Create Invoice" }).click();
  const create = page.getByRole("dialog", { name: "Create Invoice" });
  await create.getByLabel("Find a parent").fill("jamie");
  await create.getByLabel("Recipient").selectOption({ label: `${DEMO.parent.name} (${DEMO.parent.email})` });
  await create.getByLabel("Description").fill(description);
  await create.getByLabel("Base Amount ($)").fill(amount);
  await create.getByRole("button", { name: "Create Invoice" }).click();
  await expect(page.getByText("Invoice created successfully!")).toBeVisible();
  await page.getByLabel("Search invoices").fill(description);
  if ((page.viewportSize()?.width ?? DESKTOP.width) < 768) {
    const card = page.getByRole("list", { name: "Invoices" }).getByRole("listitem");
    await expect(card).toHaveCount(1);
    return (await card.locator("p").first().textContent())!;
  }
  const rows = page.getByRole("table", { name: "Invoices" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  return (await rows.nth(1).getByRole("rowheader").locator("span").first().textContent())!;
}

/** The demo parent, on a phone, finds the invoice in My Invoices (one card, no Pay on it); answers their page and its cards. */
async function parentSees(browser: Browser, number: string, texts: string[]) {
  const context = await browser.newContext({ viewport: PHONE });
  const parentPage = await context.newPage();
  await signIn(parentPage, "parent");
  await parentPage.goto("/parent/invoices");
  await parentPage.getByLabel("Search invoices").fill(number);
  const cards = parentPage.getByRole("list", { name: "Invoices" });
  await expect(cards.getByRole("listitem")).toHaveCount(1);
  for (const text of texts) await expect(cards).toContainText(text);
  await expect(cards.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
  await expectNoHorizontalScroll(parentPage);
  return { context, parentPage };
}

test("the admin creates an invoice, edits its amount and marks it paid by cheque; the parent sees Paid by cheque and no Pay", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page, "school_admin");
  const description = `Museum bus ${unique()}`;
  const number = await createInvoice(page, description, "40");
  const table = page.getByRole("table", { name: "Invoices" });
  await expect(table).toContainText("$42.00");
  await shot(page, "admin-list-1280");

  // Edit (in the row's Manage menu): the number stays, the total follows the invoice's fee rule (5 % term-based) live.
  await table.getByRole("button", { name: `Manage ${number}` }).click();
  await shot(page, "manage-menu-1280", false);
  await page.getByRole("button", { name: `Edit ${number}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit ${number}` });
  await expect(edit.getByLabel("Base Amount ($)")).toHaveValue("40");
  await edit.getByLabel("Base Amount ($)").fill("50");
  await expect(edit.getByTestId("invoice-total-preview")).toContainText("Total: $52.50");
  await shot(page, "edit-dialog-1280");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  // The toast can cover the row's Manage on a slow machine: close it.
  await closeToast(page, `${number} has been updated.`);
  await expect(table).toContainText("$52.50");
  await expect(table.getByRole("rowheader")).toContainText(number);

  // Mark as Paid: a cheque needs its number.
  await table.getByRole("button", { name: `Manage ${number}` }).click();
  await page.getByRole("button", { name: `Mark ${number} as paid` }).click();
  const markPaid = page.getByRole("dialog", { name: "Mark as Paid" });
  await markPaid.getByLabel("Cheque").check();
  await markPaid.getByRole("button", { name: "Mark as Paid" }).click();
  await expect(markPaid.getByText("Enter the cheque number or transfer reference")).toBeVisible();
  await markPaid.getByLabel("Cheque number").fill("004512");
  await shot(page, "mark-paid-dialog-1280");
  await markPaid.getByRole("button", { name: "Mark as Paid" }).click();
  await expect(page.getByText(`${number} is marked as paid by cheque.`)).toBeVisible();
  await expect(table.getByTestId("invoice-status-detail")).toHaveText("Paid by cheque · 004512");
  // Nothing left to correct on a paid invoice.
  await expect(table.getByRole("button", { name: `Manage ${number}` })).toHaveCount(0);
  await shot(page, "admin-paid-1280");
  const receipt = await waitForEmail(page, DEMO.parent.email, new RegExp(`Payment recorded: ${number}`));
  expect(receipt.text).toContain("Paid by: cheque");

  // The parent, on a phone: Paid by cheque, and no Pay.
  const { context, parentPage } = await parentSees(browser, number, ["Paid by cheque · 004512", "$52.50"]);
  await shot(parentPage, "parent-paid-375");
  await parentPage.setViewportSize(DESKTOP);
  await expect(parentPage.getByRole("table", { name: "Invoices" })).toContainText("Paid by cheque · 004512");
  await expect(parentPage.getByRole("table", { name: "Invoices" }).getByRole("button", { name: /^Pay/ })).toHaveCount(
    0,
  );
  await shot(parentPage, "parent-paid-1280");
  await context.close();
});

test("on a phone, with the keyboard: the admin resends and voids an invoice with a reason; the parent sees Void and no Pay", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await signIn(page, "school_admin");
  await page.goto("/school-admin/invoices");
  await expectNoHorizontalScroll(page);
  await shot(page, "admin-list-375");
  // Create Invoice (a phone is enough), then the card's Manage menu.
  const number = await createInvoice(page, `Swim gala bus ${unique()}`, "20");
  const card = page.getByRole("list", { name: "Invoices" }).getByRole("listitem");
  await shot(page, "admin-card-actions-375");

  // Resend, from the keyboard: Enter opens the Manage menu, Tab reaches its items, Enter opens the
  // dialog, Tab reaches Send E-mail, Enter sends; the focus comes back to Manage.
  const manage = card.getByRole("button", { name: `Manage ${number}` });
  await manage.focus();
  await page.keyboard.press("Enter");
  await shot(page, "manage-menu-375", false);
  for (const item of [`Edit ${number}`, `Mark ${number} as paid`, `Resend ${number}`]) {
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: item })).toBeFocused();
  }
  await page.keyboard.press("Enter");
  const resend = page.getByRole("dialog", { name: "Resend Invoice" });
  await expect(resend).toContainText(DEMO.parent.email);
  await shot(page, "resend-dialog-375");
  await expect(resend.getByRole("button", { name: "Send E-mail" })).toBeVisible();
  for (
    let i = 0;
    i < 5 &&
    !(await resend
      .getByRole("button", { name: "Send E-mail" })
      .evaluate((button) => button === document.activeElement));
    i++
  ) {
    await page.keyboard.press("Tab");
  }
  await page.keyboard.press("Enter");
  await expect(page.getByText(`The invoice e-mail was sent again to ${DEMO.parent.email}.`)).toBeVisible();
  await expect(resend).toHaveCount(0);
  await expect(manage).toBeFocused();
  await waitForEmail(page, DEMO.parent.email, new RegExp(`invoice ${number} of \\$21\\.00`));

  // Void, from the keyboard: Escape closes the menu (focus back on Manage); the reason is required, the focus starts in it.
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: `Void ${number}` })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: `Void ${number}` })).toBeHidden();
  await expect(manage).toBeFocused();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: `Void ${number}` }).focus();
  await page.keyboard.press("Enter");
  const voiding = page.getByRole("dialog", { name: "Void Invoice" });
  await expect(voiding.getByLabel("Reason")).toBeFocused();
  await voiding.getByRole("button", { name: "Void Invoice" }).click();
  await expect(voiding.getByText("Enter the reason for voiding this invoice")).toBeVisible();
  await voiding.getByLabel("Reason").focus();
  await page.keyboard.type("Created twice by mistake");
  await shot(page, "void-dialog-375");
  await voiding.getByRole("button", { name: "Void Invoice" }).press("Enter");
  await expect(page.getByText(`${number} is void. The parent has been told.`)).toBeVisible();
  await expect(card).toContainText("Void");
  await expect(card.getByTestId("invoice-status-detail")).toHaveText("Created twice by mistake");
  await expectNoHorizontalScroll(page);
  await waitForEmail(page, DEMO.parent.email, new RegExp(`invoice ${number} is void`));

  // The parent: Void, no Pay; the in-app notice says why.
  const { context, parentPage } = await parentSees(browser, number, ["Void", "Created twice by mistake"]);
  await shot(parentPage, "parent-void-375");
  await parentPage.goto("/parent/notifications");
  await expect(parentPage.getByText(`Invoice ${number}`, { exact: false }).first()).toBeVisible();
  await context.close();
});
