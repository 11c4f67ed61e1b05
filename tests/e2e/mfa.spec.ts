import type { Page } from "@playwright/test";
import { totpCodeAt, totpStep } from "#worker/auth/mfa.ts";
import { expect, test } from "./i18n-marks.ts";
import { callMutation, createSuperAdmin, fillLogin, logOut } from "./support.ts";

const PASSWORD = "a long e2e passphrase for mfa";

/** The authenticator app: each code once, never older than the last one used (as the server requires). */
function authenticator(secret: string) {
  let lastStep = -1;
  return {
    async next(): Promise<string> {
      // The server accepts the previous, current and next step. Never pick the previous one: on a slow
      // machine the clock can move on before the server checks it, and then it is two steps old.
      // Wait for real time when the current and next steps are used up.
      await expect.poll(() => totpStep(new Date()) + 1 > lastStep, { timeout: 40_000, intervals: [1000] }).toBe(true);
      lastStep = Math.max(lastStep + 1, totpStep(new Date()));
      return totpCodeAt(secret, lastStep);
    },
  };
}

async function logout(page: Page) {
  await logOut(page);
}

test("a super admin enrols in two-factor, signs in with a code and a recovery code, and confirms it's them", {
  tag: "@core",
}, async ({ page }) => {
  test.setTimeout(150_000);
  const email = `mfa.${Date.now().toString(36)}@example.com`;
  createSuperAdmin(email, "Morgan Factor", PASSWORD);

  // Local mode: signed in without two-factor, and invited to set it up.
  await page.goto("/login/superadmin");
  await fillLogin(page, email, PASSWORD);
  await expect(page).toHaveURL("/super-admin");
  await page.getByRole("link", { name: "Set up two-factor" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Account security" })).toBeVisible();

  // Enrolment: QR code and setup key, a first code, then the recovery codes once.
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  const app = authenticator(secret);
  await page
    .getByLabel("Authentication code")
    .fill("000000" === totpCodeAt(secret, totpStep(new Date())) ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByText("That code is not valid. Please try again.")).toBeVisible();
  await page.getByLabel("Authentication code").fill(await app.next());
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByTestId("recovery-code")).toHaveCount(10);
  const codes = await page.getByTestId("recovery-code").allTextContents();
  await page.getByRole("button", { name: "I saved them" }).click();
  await expect(page.getByText("10 of 10 recovery codes left.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Set up two-factor" })).toHaveCount(0);

  // Sign out, sign in: the password, then the code.
  await logout(page);
  await page.goto("/login/superadmin");
  await fillLogin(page, email, PASSWORD);
  await expect(page.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  await expect(page).toHaveURL("/login/superadmin");
  await page.getByLabel("Authentication code").fill(await app.next());
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page).toHaveURL("/super-admin");

  // Sign out, sign in with a recovery code.
  await logout(page);
  await page.goto("/login/superadmin");
  await fillLogin(page, email, PASSWORD);
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(codes[0]!);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page).toHaveURL("/super-admin");

  // Sudo: saving the settings asks "Confirm it's you" (password and code), then saves.
  await page.goto("/super-admin/settings");
  await expect(page.getByLabel("Support e-mail")).not.toHaveValue("");
  await page.getByRole("button", { name: "Save Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Password").fill("not the password");
  await dialog.getByLabel("Authentication code").fill(await app.next());
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText("Your password is incorrect.")).toBeVisible();
  await page.waitForTimeout(1100); // the account's one-second backoff after a wrong password
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByLabel("Authentication code").fill(await app.next());
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Settings Saved")).toBeVisible();

  // Within the next 10 minutes, deleting a school asks nothing more.
  const school = (await callMutation(page, "superAdmin.schools.create", {
    name: `Sudo School ${Date.now().toString(36)}`,
    email: "sudo.school@example.com",
    timeZone: "UTC",
  })) as {
    id: string;
  };
  await page.goto("/super-admin/schools");
  await page.getByLabel("Search schools").fill(school.id);
  await page.locator("table").getByRole("button", { name: "Delete" }).first().click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(/deleted successfully!/)).toBeVisible();

  // Turning two-factor off (still in sudo mode), back to one-step sign-in.
  await page.goto("/super-admin/security");
  await expect(page.getByText("9 of 10 recovery codes left.")).toBeVisible();
  await page.getByRole("button", { name: "Turn off two-factor" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("Two-factor authentication is off.").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Set up two-factor" })).toBeVisible();
});
