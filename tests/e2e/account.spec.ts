import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { DEMO, fillLogin, inviteParent, signIn } from "./support.ts";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("GD1 the demo parent downloads their data as JSON from My Account", async ({ page }) => {
  await signIn(page, "parent");
  await page.getByRole("link", { name: "My Account" }).click();
  await expect(page).toHaveURL("/parent/account");
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await expect(page.getByText(DEMO.parent.email)).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^schoolride-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile(await download.path(), "utf8");
  const data = JSON.parse(text) as { format: string; role: string; profile: { email: string; name: string }; children: { name: string }[]; invoices: unknown[] };
  expect(data).toMatchObject({ format: "schoolride-personal-data/1", role: "parent", profile: { email: DEMO.parent.email, name: DEMO.parent.name } });
  expect(data.children).toHaveLength(2);
  expect(data.invoices.length).toBeGreaterThan(0);
  expect(text).not.toMatch(/passwordHash|secretHash|\$scrypt\$/);
});

test("GD1 an invited parent deletes their account after re-entering the password", async ({ page, browser }) => {
  test.slow(); // three scrypt hashes (accept, wrong and right password) on a shared machine
  const email = `erase.${unique()}@example.com`;
  const password = "erin's own passphrase";
  const link = await inviteParent(browser, "Erin Erasable", email);
  await page.goto(link);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/Confirm password/).fill(password);
  await page.getByLabel(/Emergency contact/).fill("Jo Erasable");
  await page.getByLabel(/Emergency phone/).fill("(217) 555-0142");
  await page.getByRole("button", { name: /Create Account|Accept/i }).click();
  await expect(page).toHaveURL("/parent", { timeout: 10_000 });

  await page.getByRole("link", { name: "My Account" }).click();
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete my account" });
  await expect(dialog.getByText(/Invoices and payment records are kept for 7 years/)).toBeVisible();
  await dialog.getByLabel("Current password").fill("not my password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("Current password is incorrect")).toBeVisible();

  await dialog.getByLabel("Current password").fill(password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Your account and personal data have been deleted.")).toBeVisible();

  // Signed out, and the old credentials open nothing.
  await page.goto("/parent");
  await expect(page).toHaveURL(/\/login\/parent/);
  await fillLogin(page, email, password);
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login\/parent/);
});
