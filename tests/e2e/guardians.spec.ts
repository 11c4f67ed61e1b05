import { expect, test } from "@playwright/test";
import { PHONE, scanBothWidths } from "./a11y-support.ts";
import { expectNoHorizontalScroll, linkIn, signIn, waitForEmail } from "./support.ts";

/**
 * ADR 0053 on a phone (375 × 812): the demo parent invites a second guardian of Ava from My
 * Children; the guardian accepts the e-mailed link, creates their account, and sees Ava's stop on
 * My Children. Then the owner sees them in Ava's guardians and removes them, invites them again and
 * resends the invitation; its new link signs them in to accept.
 */
test.use({ viewport: { width: 375, height: 812 } });

const CHILD = "Ava Rivera";
const STOP = "Mill St & 5th Ave";

test("a parent invites a guardian, who accepts and sees the child's stop", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `guardian.${Date.now().toString(36)}@example.com`;
  await signIn(page, "parent");
  await page.goto("/parent/children");
  const card = page
    .getByRole("list", { name: "Your children" })
    .getByRole("listitem")
    .filter({ hasText: CHILD })
    .first();
  await card.getByRole("button", { name: `Guardians of ${CHILD}` }).click();
  const dialog = page.getByRole("dialog", { name: `${CHILD}'s guardians` });
  await expect(dialog.getByText("(you)")).toBeVisible();
  // Keyboard only: the two fields and the button.
  await dialog.getByLabel("Name").fill("Jordan Second");
  await page.keyboard.press("Tab");
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Invitation sent")).toBeVisible();
  await expect(dialog.getByText(email)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  const link = linkIn(await waitForEmail(page, email, /shares Ava Rivera's school transport/), "/accept-invite?token=");
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const guardian = await context.newPage();
  await guardian.goto(link);
  await expect(guardian.getByText(/invited you to be a guardian of Ava Rivera/)).toBeVisible();
  await guardian.getByLabel(/Full name/).fill("Jordan Second");
  await guardian.getByLabel(/^Password/).fill("jordan's own passphrase");
  await guardian.getByLabel(/Confirm password/).fill("jordan's own passphrase");
  await guardian.getByLabel(/Emergency contact/).fill("Sam Second");
  await guardian.getByLabel(/Emergency phone/).fill("(217) 555-0142");
  await guardian.getByRole("button", { name: /Create Account/ }).click();
  await expect(guardian).toHaveURL("/parent", { timeout: 10_000 });
  await guardian.goto("/parent/children");
  const shared = guardian.getByRole("list", { name: "Your children" }).getByRole("listitem").filter({ hasText: CHILD });
  await expect(shared).toHaveCount(1);
  await expect(shared.getByRole("definition").filter({ hasText: STOP }).first()).toBeVisible();
  // Only the parent who added Ava deletes her record.
  await expect(shared.getByRole("button", { name: `Delete ${CHILD}` })).toHaveCount(0);
  await expectNoHorizontalScroll(guardian);

  // The owner sees the new guardian and removes them.
  await page.reload();
  await card.getByRole("button", { name: `Guardians of ${CHILD}` }).click();
  await expect(dialog.getByText("Jordan Second")).toBeVisible();
  await dialog.getByRole("button", { name: "Remove Jordan Second" }).click();
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByText("Guardian removed")).toBeVisible();
  await expect(dialog.getByText("Jordan Second")).toHaveCount(0);
  await guardian.reload();
  await expect(guardian.getByText("No children registered yet")).toBeVisible();

  // Invited again, now with an account at the school: signed in, they accept on My Children.
  await dialog.getByLabel("Name").fill("Jordan Second");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByText(email)).toBeVisible();
  // The newest e-mail to the address is the second invitation once it has arrived.
  const second = () => waitForEmail(page, email, /shares Ava Rivera's school transport/);
  await expect.poll(async () => (await second()).text.includes("guardianToken=")).toBe(true);
  const sentLink = linkIn(await second(), "/parent/children?guardianToken=");
  // Resent: a new link replaces the first (which stops working).
  await dialog.getByRole("button", { name: `Resend invitation to ${email}` }).click();
  await expect(page.getByText("Invitation Resent", { exact: true })).toBeVisible();
  await expect.poll(async () => linkIn(await second(), "/parent/children?guardianToken=")).not.toBe(sentLink);
  const signInLink = linkIn(await second(), "/parent/children?guardianToken=");
  await guardian.goto(signInLink);
  await expect(guardian.getByRole("heading", { name: "You have been invited to be a guardian" })).toBeVisible();
  // The invitation banner, axe-clean at both widths (the sweep opens My Children without one).
  await scanBothWidths(guardian, "My Children with a guardian invitation");
  await guardian.setViewportSize(PHONE);
  await guardian.getByRole("button", { name: "Accept invitation" }).click();
  await expect(guardian.getByText("You are now a guardian of this child")).toBeVisible();
  await expect(
    guardian.getByRole("list", { name: "Your children" }).getByRole("listitem").filter({ hasText: CHILD }),
  ).toHaveCount(1);
  await expectNoHorizontalScroll(guardian);
  await context.close();
});
