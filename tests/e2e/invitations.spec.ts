import { expect, markable, test } from "./i18n-marks.ts";
import { createParentInvitation, fillLogin, linkIn, logOut, signIn, waitForEmail } from "./support.ts";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("a super admin invites a school admin, who accepts from the e-mail and lands on /school-admin", {
  tag: "@core",
}, async ({ page, browser }) => {
  const email = `admin.${unique()}@maple.example.com`;
  await signIn(page, "super_admin");
  await page.getByRole("button", { name: "Invite School Admin" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite School Admin" });
  await dialog.getByRole("button", { name: "Send Invitation" }).click();
  await expect(dialog.getByText("Please select a school for the admin")).toBeVisible();
  await dialog.getByLabel("Admin name").fill("Robin Invitee");
  await dialog.getByLabel("Admin email").fill(email);
  await dialog.getByLabel("School", { exact: true }).selectOption({ label: "Maple Grove Primary" });
  await dialog.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();

  const message = await waitForEmail(page, email, /invited to manage Maple Grove Primary/);
  expect(message.text).toMatch(/Temporary password: \S{12}/);
  const link = linkIn(message, "/accept-invite?token=");

  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(link);
  await expect(invitee.getByText(email)).toBeVisible();
  await invitee.getByLabel(/Full name/).fill("Robin Invitee");
  await invitee.getByLabel(markable(/^Password/)).fill("robin's own passphrase");
  await invitee.getByLabel(/Confirm password/).fill("robin's own passphrase");
  await invitee.getByLabel(/Position/).fill("Principal");
  await invitee.getByRole("button", { name: /Create Account|Accept/i }).click();
  await expect(invitee.getByText(/Redirecting/)).toBeVisible();
  await expect(invitee).toHaveURL("/school-admin", { timeout: 10_000 });
  await expect(invitee.getByText("Robin Invitee").first()).toBeVisible();

  // The link is spent.
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { name: "Invalid Invitation" })).toBeVisible();
  await expect(invitee.getByText("Invalid or expired invitation")).toBeVisible();
});

test("a school admin invites a parent, who accepts and lands on /parent", { tag: "@core" }, async ({
  page,
  browser,
}) => {
  const email = `parent.${unique()}@example.com`;
  const link = await createParentInvitation(browser, "Casey Newparent", email);
  await page.goto(link);
  await expect(page.getByText("Maple Grove Primary").first()).toBeVisible();
  await page.getByLabel(markable(/^Password/)).fill("casey's own passphrase");
  await page.getByLabel(/Confirm password/).fill("casey's own passphrase");
  await page.getByRole("button", { name: /Create Account|Accept/i }).click();
  // Parents must give an emergency contact.
  await expect(page.getByText("Emergency contact is required for parents")).toBeVisible();
  await page.getByLabel(/Emergency contact/).fill("Jordan Newparent");
  await page.getByLabel(/Emergency phone/).fill("(217) 555-0199");
  await page.getByRole("button", { name: /Create Account|Accept/i }).click();
  await expect(page).toHaveURL("/parent", { timeout: 10_000 });
  await expect(page.getByText("Casey Newparent").first()).toBeVisible();
});

test("a user resets a forgotten password from the e-mailed link", async ({ page, browser }) => {
  const email = `reset.${unique()}@example.com`;
  const link = await createParentInvitation(browser, "Drew Forgetful", email);
  const setup = await (await browser.newContext()).newPage();
  await setup.goto(link);
  await setup.getByLabel(markable(/^Password/)).fill("drew's first passphrase");
  await setup.getByLabel(/Confirm password/).fill("drew's first passphrase");
  await setup.getByLabel(/Emergency contact/).fill("Sam");
  await setup.getByLabel(/Emergency phone/).fill("(217) 555-0100");
  await setup.getByRole("button", { name: /Create Account|Accept/i }).click();
  await expect(setup).toHaveURL("/parent", { timeout: 10_000 });

  await page.goto("/login/parent");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL("/forgot-password?role=parent");
  // The form's code loads on submit; an empty address is refused with the form's message.
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Please enter your email address")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText(/If an account exists for that email/)).toBeVisible();

  const message = await waitForEmail(page, email, /Reset your SchoolRide password/);
  await page.goto(linkIn(message, "/reset-password?token="));
  await page.getByLabel("New password", { exact: true }).fill("drew's second passphrase");
  await page.getByLabel("Confirm new password").fill("drew's second passphrase");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Your password has been reset.")).toBeVisible();

  // The other device was signed out; the new password works.
  await setup.reload();
  await expect(setup).toHaveURL(/\/login\/parent/);
  await page.getByRole("link", { name: "Go to login" }).click();
  await fillLogin(page, email, "drew's second passphrase");
  await expect(page).toHaveURL("/parent");
});

test("a school admin signs in with the temporary password and must change it first", async ({ page }) => {
  const email = `temp.${unique()}@maple.example.com`;
  await signIn(page, "super_admin");
  await page.getByRole("button", { name: "Invite School Admin" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite School Admin" });
  await dialog.getByLabel("Admin name").fill("Tam Temporary");
  await dialog.getByLabel("Admin email").fill(email);
  await dialog.getByLabel("School", { exact: true }).selectOption({ label: "Maple Grove Primary" });
  await dialog.getByRole("button", { name: "Send Invitation" }).click();
  const message = await waitForEmail(page, email, /invited to manage/);
  const temporaryPassword = /Temporary password: (\S+)/.exec(message.text)![1]!;
  await logOut(page);

  await page.goto("/login/school");
  await fillLogin(page, email, temporaryPassword);
  await expect(page).toHaveURL("/change-password");
  await page.goto("/school-admin");
  await expect(page).toHaveURL("/change-password");
  await page.getByLabel("Current password").fill(temporaryPassword);
  await page.getByLabel("New password", { exact: true }).fill("tam's chosen passphrase");
  await page.getByLabel("Confirm new password").fill("tam's chosen passphrase");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page).toHaveURL("/school-admin");
});
