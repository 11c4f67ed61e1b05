import { expect, markable, test } from "./i18n-marks.ts";
import {
  callMutation,
  DEMO,
  DEMO_PASSWORD,
  fillLogin,
  fillStepOne,
  firstSchoolAdminSignIn,
  unique,
  waitForEmail,
} from "./support.ts";

test("a school registers, verifies, pays, is approved, and its admin signs in with the e-mailed credentials", {
  tag: "@core",
}, async ({ page, browser }) => {
  test.setTimeout(120_000); // the whole journey, from the home page to a restarted subscription
  const email = `avery.${unique()}@birchhill.example`;
  const school = `Birch Hill ${unique()}`;
  await page.goto("/");
  await page.locator("header").getByRole("link", { name: "Get Started" }).click();
  await expect(page).toHaveURL("/get-started");

  // Step 1, with the spec's messages.
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toContainText("Please fill in all required fields. Missing: School Name");
  await fillStepOne(page, "not-an-email", school);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toContainText("Please enter a valid email address");
  await page.getByLabel("Admin Email").fill(email);
  await page.getByLabel("Number of Pupils").fill("0");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toContainText("Pupil count must be a positive number");
  await page.getByLabel("Number of Pupils").fill("350");
  await page.getByRole("button", { name: "Continue" }).click();

  // Step 2: the code from the dev mailbox.
  await expect(page.getByRole("heading", { name: "Email Verification" })).toBeVisible();
  await expect(page.getByText("Registration Submitted")).toBeVisible();
  await page.getByRole("button", { name: "Verify Email" }).click();
  await expect(page.getByRole("alert")).toContainText("Please enter the 6-digit verification code");
  const message = await waitForEmail(page, email, /verification code/);
  const code = /\b(\d{6})\b/.exec(message.subject)![1]!;
  await page.getByLabel("Verification Code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify Email" }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid verification code. Please try again.");
  await page.getByLabel("Verification Code").fill(code);
  await page.getByRole("button", { name: "Verify Email" }).click();

  // Step 3: both consents.
  await expect(page.getByRole("heading", { name: "Terms & Consent" })).toBeVisible();
  await expect(page.getByText("Email Verified")).toBeVisible();
  await page.getByLabel("I have read and accept the Terms of Service").check();
  await page.getByRole("button", { name: "Accept & Continue" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "You must accept both the Terms of Service and Privacy Policy to continue",
  );
  await page.getByLabel("I have read and accept the Privacy Policy").check();
  await page.getByRole("button", { name: "Accept & Continue" }).click();

  // Step 4: the plan chosen by pupil count, then the (simulated) Stripe Checkout.
  await expect(page.getByRole("heading", { name: "Complete Your Registration" })).toBeVisible();
  await expect(page.getByText("Professional").first()).toBeVisible();
  await expect(page.getByText("$399").first()).toBeVisible();
  await page.getByRole("button", { name: "Proceed to Secure Payment" }).click();
  await expect(page).toHaveURL(/\/dev\/stripe\/checkout\/cs_test_/);
  const sessionId = page.url().split("/").pop()!;
  await page.getByRole("button", { name: /Pay \$399\.00/ }).click();

  await expect(page).toHaveURL(`/payment/success?session_id=${sessionId}`);
  await expect(page.getByText("Confirming your payment...")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(sessionId.slice(-8))).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");

  // The super admin approves it from the dashboard's pending approvals.
  const admin = await (await browser.newContext()).newPage();
  await admin.goto(DEMO.super_admin.login);
  await fillLogin(admin, DEMO.super_admin.email, DEMO_PASSWORD);
  await expect(admin).toHaveURL("/super-admin");
  await admin.getByRole("button", { name: `Approve ${school}` }).click();
  await expect(admin.getByText(`${school} is approved.`)).toBeVisible();
  await expect(admin.getByRole("button", { name: `Approve ${school}` })).toHaveCount(0);

  // The credentials e-mail, and the new admin's first sign-in.
  await firstSchoolAdminSignIn(page, email, "avery's own passphrase");
  // The Connect gate: the new school connects its Stripe account first.
  await expect(page).toHaveURL("/school-admin/connect-stripe");
  await page.getByRole("button", { name: "Connect with Stripe" }).click();
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(page.getByTestId("connect-status")).toHaveText("Charges enabled");
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page).toHaveURL("/school-admin");
  await expect(page.getByRole("heading", { level: 1, name: school })).toBeVisible();

  // Billing portal: cancelling sends the admin to the subscribe page; restarting through Checkout lets them back in.
  const portal = (await callMutation(page, "schoolAdmin.billing.openPortal", null)) as { url: string };
  await page.goto(portal.url);
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await page.goto("/school-admin");
  await expect(page).toHaveURL("/school-admin/subscribe");
  await expect(page.getByText(markable(/subscription is Cancelled/))).toBeVisible();
  await page.getByRole("button", { name: "Restart Subscription" }).click();
  await page.getByRole("button", { name: /Pay \$399\.00/ }).click();
  await expect(page.getByText("Your subscription is active again.")).toBeVisible({ timeout: 10_000 });
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page).toHaveURL("/school-admin");
});
