import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support.ts";

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction("__reportCspViolation", (line: string) => void violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => void }).__reportCspViolation;
      void report(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return violations;
}

test("HD1 pages, toasts and dialogs render under a CSP without unsafe-inline styles, with no violation", async ({
  page,
}) => {
  const violations = await recordViolations(page);

  const home = await page.goto("/");
  const csp = home!.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/style-src 'self' 'nonce-[^']+' 'sha256-/);
  expect(csp).not.toContain("unsafe-inline");

  // A toast (sonner's inserted stylesheet, allowed by hash) that is actually styled by it.
  await page.locator("footer").getByLabel("Your e-mail address").fill("csp.reader@example.com");
  await page.locator("footer").getByRole("button", { name: "Subscribe" }).click();
  const toast = page.locator("[data-sonner-toast]").first();
  await expect(toast).toBeVisible();
  expect(await toast.evaluate((element) => getComputedStyle(element).position)).toBe("absolute");

  // A dialog (the scroll lock inserts a <style> with the page's nonce), which locks the page's scroll.
  await signIn(page, "super_admin");
  await page
    .getByRole("link", { name: /Create New School/ })
    .or(page.getByRole("button", { name: /Create New School/ }))
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  await page.keyboard.press("Escape");

  for (const path of ["/login/parent", "/get-started", "/super-admin/audit-logs"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  expect(violations).toEqual([]);
});
