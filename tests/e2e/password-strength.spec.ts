import { expect, type Page, test } from "@playwright/test";
import { GUESSABLE_PASSWORD_MESSAGES } from "#shared/password-rules.ts";
import { callMutation, DEMO, linkIn, waitForEmail } from "./support.ts";

/** A run of zxcvbn's compressed common-password dictionary, present in its chunk whatever the minifier does. */
const ZXCVBN_MARKER = "A123456ApasswordA12345678";

/**
 * Records every script the page loads and every worker it starts. Bodies are fetched again when
 * checked: a chunk that loads after the page (lazy) may be navigated away from before its body is read.
 */
function recordScripts(page: Page) {
  const scripts: { url: string }[] = [];
  const workers: string[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.endsWith(".js")) scripts.push({ url: response.url() });
  });
  page.on("worker", (worker) => void workers.push(worker.url()));
  return { scripts, workers };
}

test("zxcvbn is not part of the home page or the login pages", async ({ page }) => {
  const { scripts, workers } = recordScripts(page);
  for (const path of ["/", "/login", DEMO.parent.login, DEMO.school_admin.login, DEMO.super_admin.login]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(workers).toEqual([]);
  for (const script of scripts) {
    expect(script.url).not.toMatch(/password-strength/i);
    expect(await (await page.request.get(script.url)).text(), script.url).not.toContain(ZXCVBN_MARKER);
  }
});

test("the reset form shows the strength meter with zxcvbn's feedback; the server refuses a common password", async ({
  page,
}) => {
  const { workers } = recordScripts(page);
  const email = DEMO.parent.email;
  await page.goto(DEMO.parent.login);
  await callMutation(page, "auth.requestPasswordReset", { role: "parent", email });
  const message = await waitForEmail(page, email, /Reset your SchoolRide password/);
  await page.goto(linkIn(message, "/reset-password?token="));

  const field = page.getByLabel("New password", { exact: true });
  const meter = page.getByTestId("password-strength");
  await expect(meter).toHaveAttribute("aria-live", "polite");
  // The estimate comes from a worker, late on a slow phone: it never moves the button under a
  // finger (it moved it down a line, and a click sent at that moment missed it).
  const button = page.getByRole("button", { name: "Reset Password" });
  const buttonTop = async () => (await button.boundingBox())?.y;
  const before = await buttonTop();
  expect(before).toBeDefined();
  // A password the server refuses: Very weak, and the server's own reason (PW4).
  await field.fill("password");
  await expect(meter).toContainText("Password strength: Very weak");
  await expect(meter).toContainText(GUESSABLE_PASSWORD_MESSAGES.common);
  expect(workers).toEqual([expect.stringMatching(/password-strength\.worker-[\w-]+\.js$/)]);

  // One the server accepts but zxcvbn finds weak: zxcvbn's own warning.
  await field.fill("blueblueblue");
  await expect(meter).toContainText("Password strength: Very weak");
  await expect(meter).toContainText('Repeated character patterns like "abcabcabc" are easy to guess.');

  await field.fill("seven yellow buses hum at dawn");
  await expect(meter).toContainText("Password strength: Very strong");
  await expect(meter).not.toContainText("Repeated character patterns");
  expect(await buttonTop()).toBe(before);

  await field.fill("");
  await expect(meter).not.toContainText("Password strength");
  expect(await buttonTop()).toBe(before);

  // The meter is advice; the server is the authority.
  await field.fill("Charlie123");
  await page.getByLabel("Confirm new password").fill("Charlie123");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "This password is too common. Please choose a less predictable one.",
  );

  // zxcvbn alone calls a decorated word fair or strong; the meter follows the server's rule (PW4)
  // and gives its reason, which is what the server answers.
  await field.fill("Summer2024!");
  await expect(meter).toContainText("Password strength: Very weak");
  await expect(meter).toContainText(GUESSABLE_PASSWORD_MESSAGES.commonWord);
  await page.getByLabel("Confirm new password").fill("Summer2024!");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toContainText(GUESSABLE_PASSWORD_MESSAGES.commonWord);
});
