import { expect, test } from "@playwright/test";
import { firstSchoolAdminSignIn, paidRegistration, signIn, unique } from "./support.ts";

test("a new school's admin is sent to connect Stripe, onboards on the simulated Stripe and reaches the dashboard", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `connect.${unique()}@elmpark.example`;
  const school = `Elm Park ${unique()}`;
  await paidRegistration(page, school, email);

  const superAdmin = await (await browser.newContext()).newPage();
  await signIn(superAdmin, "super_admin");
  await superAdmin.getByRole("button", { name: `Approve ${school}` }).click();
  await expect(superAdmin.getByText(`${school} is approved.`)).toBeVisible();

  await firstSchoolAdminSignIn(page, email, "elm park's own passphrase");

  // The Connect gate: the dashboard and every other page send the admin here.
  await expect(page).toHaveURL("/school-admin/connect-stripe");
  await expect(page.getByRole("heading", { level: 1, name: "Stripe Payments" })).toBeVisible();
  await expect(page.getByText("SchoolRide's platform fee of 5% per payment", { exact: false })).toBeVisible();
  await expect(page.getByTestId("connect-status")).toHaveText("Not started");
  await page.goto("/school-admin/trips");
  await expect(page).toHaveURL("/school-admin/connect-stripe");

  // Onboarding stopped short: Stripe still wants documents, so the status says what is due.
  await page.getByRole("button", { name: "Connect with Stripe" }).click();
  await expect(page).toHaveURL(/\/dev\/stripe\/connect\/onboarding\/acctlink_/);
  await page.getByRole("button", { name: "Leave requirements due" }).click();
  await expect(page).toHaveURL("/school-admin/connect-stripe");
  await expect(page.getByTestId("connect-status")).toHaveText("Requirements due");
  await expect(page.getByRole("alert")).toContainText("Representative: verification document");
  await expect(page.getByRole("alert")).toContainText("Bank account for payouts");

  // Continue onboarding mints a new link; Complete sends the signed account.updated and returns.
  await page.getByRole("button", { name: "Continue onboarding" }).click();
  await expect(page).toHaveURL(/\/dev\/stripe\/connect\/onboarding\/acctlink_/);
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(page).toHaveURL("/school-admin/connect-stripe");
  await expect(page.getByTestId("connect-status")).toHaveText("Charges enabled");
  await expect(page.getByText("Payouts enabled: Yes")).toBeVisible();

  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page).toHaveURL("/school-admin");
  await expect(page.getByRole("heading", { level: 1, name: school })).toBeVisible();
});

test("the demo school is connected: its admin sees the status and must confirm it's them to change the payout account", async ({
  page,
}) => {
  await signIn(page, "school_admin");
  await page.getByRole("link", { name: "Stripe Payments" }).click();
  await expect(page).toHaveURL("/school-admin/connect-stripe");
  await expect(page.getByTestId("connect-status")).toHaveText("Charges enabled");
  await expect(page.getByText("Stripe account acct_demo_maple")).toBeVisible();
  await page.getByRole("button", { name: "Check status" }).click();
  await expect(page.getByTestId("connect-status")).toHaveText("Charges enabled");
  await page.getByRole("button", { name: "Change payout account" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Replace account" }).click();
  await expect(page.getByRole("dialog", { name: "Confirm it's you" })).toBeVisible();
});
