import { expect, type Page, test } from "@playwright/test";
import {
  callMutation,
  emailsBrokenMidWord,
  fillStepOne,
  type MailboxMessage,
  paidRegistration,
  signIn,
  unique,
  waitForEmail,
} from "./support.ts";

/** Issue 10: the defects found trying the platform half as a new user, at 1280 and 375 px. */

const PHONE = { width: 375, height: 800 };

const mailboxCount = async (page: Page, to: string) =>
  ((await (await page.request.get("/dev/mailbox.json")).json()) as MailboxMessage[]).filter(
    (message) => message.to === to,
  ).length;

test.describe("registration wizard", () => {
  test("Previous edits the same registration, step 4 explains the bus limit, and cancelling checkout returns to step 4", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const email = `resume.${unique()}@birchhill.example`;
    const school = `Cedar Park ${unique()}`;
    await page.goto("/get-started");
    await fillStepOne(page, email, school);
    await page.getByLabel("Number of Pupils").fill("120");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Email Verification" })).toBeVisible();
    const first = await waitForEmail(page, email, /verification code/);

    // Item 3: back to step 1, edit, continue: the same registration, no second code.
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByLabel("School Name").fill(`${school} School`);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Email Verification" })).toBeVisible();
    expect(await mailboxCount(page, email)).toBe(1);
    await page.getByLabel("Verification Code").fill(/\b(\d{6})\b/.exec(first.subject)![1]!);
    await page.getByRole("button", { name: "Verify Email" }).click();
    await page.getByLabel("I have read and accept the Terms of Service").check();
    await page.getByLabel("I have read and accept the Privacy Policy").check();
    await page.getByRole("button", { name: "Accept & Continue" }).click();

    // Item 13: 8 buses do not fit Starter (up to 5), so step 4 says so and uses Professional.
    await expect(page.getByRole("heading", { name: "Complete Your Registration" })).toBeVisible();
    await expect(page.getByRole("note")).toHaveText(
      "8 buses exceed the Starter plan's limit of 5 buses, so your registration uses the Professional plan, which fits them.",
    );
    await expect(page.getByRole("heading", { name: "Professional" })).toBeVisible();
    await expect(page.getByText(`${school} School`)).toBeVisible();

    // Item 2: Cancel and go back returns to step 4 of the same registration.
    await page.getByRole("button", { name: "Proceed to Secure Payment" }).click();
    await expect(page).toHaveURL(/\/dev\/stripe\/checkout\/cs_test_/);
    await expect(page.getByRole("button", { name: /Pay \$399\.00/ })).toBeVisible();
    await page.getByRole("link", { name: "Cancel and go back" }).click();
    await expect(page.getByRole("heading", { name: "Complete Your Registration" })).toBeVisible();
    await expect(page.getByText("Payment was cancelled. You can try again.")).toBeVisible();
    await expect(page.getByText(`${school} School`)).toBeVisible();

    // The link in the verification e-mail resumes it too, in another browser, and leaves the address bar.
    const other = await (await browser.newContext()).newPage();
    const link = /https?:\/\/\S+\/get-started\?resume=[\w-]+/.exec(first.text)![0];
    await other.goto(link);
    await expect(other.getByRole("heading", { name: "Complete Your Registration" })).toBeVisible();
    await expect(other.getByText("Welcome Back")).toBeVisible();
    await expect(other).toHaveURL("/get-started");
  });

  test("an unknown session_id on the payment success page says it was not found at once", async ({ page }) => {
    await page.goto("/payment/success?session_id=cs_test_no_such_session");
    // Before, the page kept "Confirming your payment..." for 20 s and then said it was still confirming.
    await expect(page.getByRole("heading", { name: "Payment Not Found" })).toBeVisible({ timeout: 10_000 });
  });
});

test.describe("signed-out pages", () => {
  test("the reset page checks its link on load and says it is invalid before the form", async ({ page }) => {
    await page.goto("/reset-password?token=not-a-real-token");
    await expect(
      page.getByText("This password reset link is invalid or has expired. Please request a new one."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Request a new link" })).toBeVisible();
    await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  });

  test("the header's items have one size, and the primary button one orange", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("header nav[aria-label='Main']").first();
    const heights = await Promise.all(
      ["Home", "What We Do", "Log In", "Get Started"].map(
        async (name) => (await header.getByRole("link", { name }).boundingBox())!.height,
      ),
    );
    expect(new Set(heights).size).toBe(1);
    await page.goto("/forgot-password");
    const primary = await page
      .getByRole("button", { name: /Send/ })
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    await page.goto("/");
    const cta = await header
      .getByRole("link", { name: "Get Started" })
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(primary).toBe(cta);
  });
});

test.describe("super admin", () => {
  test("logout shows Log In and Get Started at once", async ({ page }) => {
    await signIn(page, "super_admin");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    const header = page.locator("header nav[aria-label='Main']").first();
    await expect(header.getByRole("link", { name: "Log In" })).toBeVisible({ timeout: 1_000 });
    await expect(header.getByRole("link", { name: "Get Started" })).toBeVisible({ timeout: 1_000 });
    await expect(header.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  });

  test("direct loads of guarded routes log no HydrateFallback warning", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("HydrateFallback")) warnings.push(message.text());
    });
    await signIn(page, "super_admin");
    for (const path of ["/super-admin", "/super-admin/schools", "/super-admin/invites"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    expect(warnings).toEqual([]);
  });

  test("dialogs give the focus back; the dashboard's Reject needs a reason; pending details are complete", async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const tag = unique();
    const name = `Focus Academy ${tag}`;
    await paidRegistration(await (await browser.newContext()).newPage(), name, `focus.${tag}@review.example`);
    await signIn(page, "super_admin");

    const invite = page.getByRole("button", { name: "Invite School Admin" });
    await invite.click();
    await expect(page.getByRole("dialog", { name: "Invite School Admin" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(invite).toBeFocused();

    const reject = page.getByRole("button", { name: `Reject ${name}` });
    await reject.click();
    const dialog = page.getByRole("dialog", { name: "Reject School" });
    await dialog.getByRole("button", { name: "Reject" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("A reason is required to reject a registration.");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(reject).toBeFocused();

    await page.goto("/super-admin/pending-schools");
    await page.getByRole("button", { name: `View details of ${name}` }).click();
    const details = page.getByRole("dialog", { name: "Registration Details" });
    await expect(details).toContainText("9 Review Street");
    await expect(details).toContainText("M5V");
    await expect(details).toContainText("Administrator");
  });

  test("closing Create New School takes ?create=1 out of the URL", async ({ page }) => {
    await signIn(page, "super_admin");
    await page.goto("/super-admin/schools?create=1");
    await expect(page.getByRole("dialog", { name: "Create New School" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL("/super-admin/schools");
  });

  test("Change Password opens in the app shell and a new attempt clears the old server error", async ({ page }) => {
    await signIn(page, "super_admin");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Change Password" }).click();
    await expect(page).toHaveURL("/super-admin/change-password");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Schools" })).toBeVisible();
    await page.getByLabel("Current password").fill("not the password at all");
    await page.getByLabel("New password", { exact: true }).fill("a brand new passphrase");
    await page.getByLabel("Confirm new password").fill("a brand new passphrase");
    await page.getByRole("button", { name: "Change Password" }).click();
    const serverError = page
      .getByRole("alert")
      .filter({ hasText: /password/i })
      .first();
    await expect(serverError).toBeVisible();
    const text = await serverError.textContent();
    await page.getByLabel("Confirm new password").fill("something else");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText(text!, { exact: true })).toHaveCount(0);
  });

  test("recent activity uses the app's one date format", async ({ page }) => {
    await signIn(page, "super_admin");
    const activity = page.locator("section[aria-labelledby='recent-activity'] li").first();
    await expect(activity).toContainText(/· [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
  });

  test("e-mail addresses wrap only at @ and dots in the invitations and audit tables", async ({ page }) => {
    await signIn(page, "super_admin");
    // A long address in both tables: an invitation (audited as sent by this super admin).
    const tag = unique();
    const school = (await callMutation(page, "superAdmin.schools.create", {
      name: `Wrap School ${tag}`,
      email: `office.${tag}@wrap.example`,
      timeZone: "UTC",
    })) as {
      id: string;
    };
    const email = `transportation.coordinator.${tag}@very-long-school-district-name.example`;
    await callMutation(page, "superAdmin.invitations.create", { name: "Wrap Tester", email, schoolId: school.id });
    for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
      await page.setViewportSize(viewport);
      for (const path of ["/super-admin/invites", "/super-admin/audit-logs"]) {
        await page.goto(path);
        await expect(page.locator("main span:has(> wbr)").filter({ visible: true }).first()).toBeVisible();
        expect(await emailsBrokenMidWord(page), `${path} at ${viewport.width}px`).toEqual([]);
      }
    }
  });

  test("on a phone the menu is a bottom bar whose labels fit, the current page under More is marked there, and the stat cards sit two per row", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, "super_admin");
    const cards = page.locator("section[aria-labelledby='dashboard-title'] .grid").first().locator(":scope > div");
    await expect(cards).toHaveCount(4);
    const [a, b, c] = await Promise.all([0, 1, 2].map(async (index) => (await cards.nth(index).boundingBox())!));
    expect(a!.y).toBe(b!.y);
    expect(c!.y).toBeGreaterThan(a!.y);

    await page.goto("/super-admin/settings");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const item of await nav.locator("a, button").all()) {
      const box = (await item.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    // No item is squeezed narrower than its label.
    const clipped = await nav
      .locator("a, button")
      .evaluateAll((items) => items.filter((item) => item.scrollWidth > item.clientWidth).length);
    expect(clipped).toBe(0);
    await nav.getByRole("button", { name: "More" }).click();
    await expect(page.getByRole("dialog", { name: "More" }).getByRole("link", { name: "Settings" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});
