import { expect, type Page, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, e2eDatabase, expectNoHorizontalScroll, fillLogin, unique } from "./support.ts";

/**
 * Issue 30 item 6 (ADR 0077): a Swedish school's invoices, totals and settings in kronor. The school
 * is made in the database (a registration would need a super admin's review); its admin and parent
 * sign in with the demo password.
 */

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

async function swedishSchool() {
  const db = await e2eDatabase();
  const id = crypto.randomUUID();
  const key = unique();
  // Short addresses, as a school's usually are (the table's width is about the amounts here).
  const short = key.slice(-5);
  const admin = `astrid.${short}@lindo.se`;
  const parentId = crypto.randomUUID();
  const now = Date.now();
  await db.batch([
    {
      sql: `insert into schools (id, name, email, country, code, subscription_status, plan, stripe_connect_account_id,
              connect_charges_enabled, connect_payouts_enabled, connect_details_submitted, currency, time_zone, created_at, updated_at)
            values (?, ?, ?, 'Sweden', ?, 'active', 'starter', ?, 1, 1, 1, 'SEK', 'Europe/Stockholm', ?, ?)`,
      args: [
        id,
        `Lindö skola ${key}`,
        `office-${key}@lindo.example`,
        `SE${key}`.slice(0, 12).toUpperCase(),
        `acct_sek_${key}`,
        now,
        now,
      ],
    },
    {
      sql: `insert into school_admins (id, school_id, email, name, password_hash, created_at, updated_at)
            select ?, ?, ?, 'Astrid Lind', password_hash, ?, ? from school_admins where email = ?`,
      args: [crypto.randomUUID(), id, admin, now, now, DEMO.school_admin.email],
    },
    {
      sql: `insert into parents (id, school_id, email, name, password_hash, created_at, updated_at)
            select ?, ?, ?, 'Elsa Berg', password_hash, ?, ? from parents where email = ?`,
      args: [parentId, id, `elsa.${short}@lindo.se`, now, now, DEMO.parent.email],
    },
    ...[
      ["INV-2025-001", "Skolskjuts vårterminen", 125_000, 6_250, "paid"],
      ["INV-2025-002", "Skolskjuts höstterminen", 99_950, 4_998, "pending"],
    ].map(([number, description, base, fee, status]) => ({
      sql: `insert into invoices (id, school_id, invoice_number, recipient_id, description, base_amount_cents, fee_cents, amount_cents,
              fee_bps, fee_application_type, issue_date, due_date, status, paid_at, created_at, updated_at)
            values (?, ?, ?, ?, ?, ?, ?, ?, 500, 'term_based', '2025-08-20', '2025-09-04', ?, ?, ?, ?)`,
      args: [
        crypto.randomUUID(),
        id,
        number!,
        parentId,
        description!,
        base!,
        fee!,
        Number(base) + Number(fee),
        status!,
        status === "paid" ? now : null,
        now,
        now,
      ],
    })),
  ]);
  db.close();
  return { admin };
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test("a SEK school: invoices, totals, a new invoice and the currency setting in kronor (375 and 1280 px)", async ({
  page,
}) => {
  const { admin } = await swedishSchool();
  await page.goto("/login/school");
  await fillLogin(page, admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/school-admin/);

  await page.goto("/school-admin/invoices");
  const table = page.getByRole("table", { name: "Invoices" }).or(page.getByRole("list", { name: "Invoices" }));
  await expect(page.getByText(/SEK\s1,312\.50/).first()).toBeVisible();
  await expect(page.getByText(/SEK\s1,049\.48/).first()).toBeVisible();
  await expect(page.getByText("$", { exact: false }).filter({ hasText: /\$\d/ })).toHaveCount(0);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expect(table.first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shoot(page, `sek-invoices-${viewport.width}`);
  }

  // A new invoice: the field says kr, 12.50 is 12.50 kronor, the total preview in kronor.
  await page.getByRole("button", { name: "Create Invoice" }).first().click();
  const create = page.getByRole("dialog", { name: "Create Invoice" });
  await expect(create.getByLabel("Base Amount (kr)")).toBeVisible();
  await create.getByLabel("Base Amount (kr)").fill("12.50");
  await expect(create.getByTestId("invoice-total-preview")).toContainText(/Total: SEK\s13\.13/);
  await create.getByRole("button", { name: "Cancel" }).click();

  // The currency setting: the school has invoices, so it is shown and locked, with the reason.
  await page.getByRole("button", { name: "Payment Settings" }).first().click();
  const settings = page.getByRole("dialog", { name: "Payment Settings" });
  const currency = settings.getByLabel("Currency");
  await expect(currency).toHaveValue("SEK");
  await expect(currency).toBeDisabled();
  await expect(settings.getByText(/It can change only until the school's first invoice/)).toBeVisible();
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expect(currency).toBeVisible();
    await shoot(page, `sek-settings-${viewport.width}`);
  }
  await settings.getByRole("button", { name: "Cancel" }).click();
});
