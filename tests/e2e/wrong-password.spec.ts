import { expect, test } from "@playwright/test";
import { DEMO, fillLogin } from "./support.ts";

// Runs last (files run in name order, one worker): a failure starts the account's 1 s backoff,
// which the journeys of the other files must not meet.
test.describe("wrong password", () => {
  const messages = {
    super_admin: "Invalid super admin credentials. Access denied.",
    school_admin: "Invalid school admin credentials. Please check your email and password.",
    parent: "Invalid parent credentials. Please check your email, password, and school code.",
    driver: "Invalid driver credentials. Please check your email and password.",
  } as const;
  for (const [role, account] of Object.entries(DEMO)) {
    test(`${role}: a wrong password shows the spec message`, async ({ page }) => {
      await page.goto(account.login);
      await fillLogin(page, account.email, "not-the-password");
      await expect(page.getByRole("alert")).toHaveText(messages[role as keyof typeof messages]);
      await expect(page).toHaveURL(account.login);
    });
  }
});
