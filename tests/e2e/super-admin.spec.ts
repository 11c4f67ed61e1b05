import { expect, test } from "@playwright/test";
import { callMutation, closeToast, DEMO_PASSWORD, paidRegistration, signIn, unique } from "./support.ts";

test("the super admin reviews, finds, inspects and invites, then revokes, and the audit log shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = unique();
  const pendingName = `Review Academy ${tag}`;
  await paidRegistration(await (await browser.newContext()).newPage(), pendingName, `quinn.${tag}@review.example`);

  await signIn(page, "super_admin");
  // Eleven more schools, so the list has a second page.
  for (let i = 1; i <= 11; i++) {
    await callMutation(page, "superAdmin.schools.create", {
      name: `Filler ${tag} ${String(i).padStart(2, "0")}`,
      email: `filler${i}.${tag}@example.com`,
      timeZone: "UTC",
    });
  }

  // Dashboard → pending reviews → approve.
  await page.goto("/super-admin");
  await page.getByRole("link", { name: "View all pending schools" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Pending School Reviews/ })).toBeVisible();
  await page.getByRole("button", { name: `View details of ${pendingName}` }).click();
  await expect(page.getByRole("dialog")).toContainText("Toronto");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: `Approve ${pendingName}`, exact: true }).click();
  // The toast stays over the pages that follow (the Schools table's pager, bottom-right): close it.
  await closeToast(page, "School Approved");
  await expect(page.getByRole("button", { name: `Approve ${pendingName}`, exact: true })).toHaveCount(0);

  // Schools: search, filter, page 2, details.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Schools" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Schools Management" })).toBeVisible();
  await page.getByLabel("Search schools").fill(`Filler ${tag}`);
  await expect(page.getByText(`Showing 1 to 10 of 11 schools`)).toBeVisible();
  await page.getByRole("button", { name: "Page 2", exact: true }).click();
  await expect(page.getByText(`Showing 11 to 11 of 11 schools`)).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await page.getByLabel("Status").selectOption("pending");
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByText(`Showing 1 to 10 of 11 schools`)).toBeVisible();
  await page.getByLabel("Search schools").fill(pendingName);
  await page.getByLabel("Status").selectOption("active");
  const table = page.locator("table");
  await expect(table.getByText(pendingName)).toBeVisible();
  await table.getByRole("button", { name: "View details" }).first().click();
  const details = page.getByRole("dialog", { name: pendingName });
  await expect(details).toContainText(`quinn.${tag}@review.example`);
  await expect(details).toContainText("Not provided");

  // Invite another admin from the details.
  await details.getByRole("button", { name: /Invite (First )?Admin/ }).click();
  const invitation = page.getByRole("dialog", { name: "Invite School Admin" });
  const invitee = `second.${tag}@review.example`;
  await invitation.getByLabel("Admin name").fill("Second Admin");
  await invitation.getByLabel("Admin email").fill(invitee);
  await invitation.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${invitee}`)).toBeVisible();

  // Invitations → revoke.
  await page.goto("/super-admin/invites");
  await expect(page.getByRole("heading", { level: 1, name: "Invitations Management" })).toBeVisible();
  await page.getByLabel("Search").fill(invitee);
  await page
    .getByRole("button", { name: `Revoke invitation for ${invitee}` })
    .first()
    .click();
  await expect(page.getByRole("alertdialog")).toContainText(
    "Are you sure you want to revoke this invitation? This action cannot be undone.",
  );
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: /Revoke/ })
    .click();
  await expect(page.getByText("Invitation revoked successfully")).toBeVisible();

  // The audit log shows the revocation.
  await page.goto("/super-admin/audit-logs");
  await page.getByLabel("Event type").selectOption("invitation_revoked");
  await expect(page.getByText(`Revoked the invitation of ${invitee}`).first()).toBeVisible();

  // Settings: the support e-mail the public pages show.
  await page.goto("/super-admin/settings");
  const supportEmail = `help.${tag}@schoolride.example`;
  await page.getByLabel("Support e-mail").fill(supportEmail);
  await page.getByRole("button", { name: "Save Settings" }).click();
  // Sudo mode (SE6): the password again, then the save goes through.
  const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
  await confirm.getByLabel("Password").fill(DEMO_PASSWORD);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Settings Saved")).toBeVisible();
  await page.goto("/");
  await expect(page.locator("footer").getByRole("link", { name: supportEmail })).toBeVisible();
});
