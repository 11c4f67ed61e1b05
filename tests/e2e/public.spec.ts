import { expect, type Page, test } from "@playwright/test";
import { expectNoHorizontalScroll } from "./support.ts";

/** The prerendered home page with its scripts held back until the returned function is called. */
async function homeWithScriptsHeld(page: Page): Promise<() => void> {
  let release = () => {};
  const scriptsMayLoad = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsMayLoad;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "commit" });
  return release;
}

const PAGES = [
  { path: "/", heading: /Safe, simple school transportation/, texts: ["500+", "50,000+", "95%"] },
  {
    path: "/services",
    heading: "What We Do",
    texts: ["$199", "$399", "$799", "Most Popular", "Contact Sales", "How It Works"],
  },
  {
    path: "/privacy-policy",
    heading: "Privacy Policy",
    texts: ["Last updated: January 2025", "School Data Isolation", "7 years", "3 years"],
  },
  {
    path: "/terms-of-service",
    heading: "Terms of Service",
    texts: ["Last updated: January 2025", "Sweden", "Gothenburg", "99.9%", "30 days", "60 days"],
  },
  { path: "/gdpr-compliance", heading: "GDPR Compliance", texts: ["30 days"] },
  { path: "/cookie-policy", heading: "Cookie Policy", texts: ["HttpOnly"] },
] as const;

test.describe("public pages", () => {
  for (const page of PAGES) {
    test(`${page.path} renders with its heading`, async ({ page: browser }) => {
      await browser.goto(page.path);
      await expect(browser.getByRole("heading", { level: 1 })).toHaveText(page.heading);
      for (const text of page.texts) await expect(browser.getByText(text).first()).toBeVisible();
    });
  }

  test("any other path shows Page Not Found with Back to Home, answered with 404", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex");
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL("/");
  });

  test("robots.txt and sitemap.xml are real: the public pages at this address, the private areas disallowed", async ({
    request,
    baseURL,
  }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    const text = await robots.text();
    expect(text).toContain("Disallow: /school-admin");
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${baseURL}/privacy-policy</loc>`);
    expect((await request.get("/school-admin/nope")).status()).toBe(404);
  });

  test("the header offers Home, What We Do, Log In and Get Started; the footer the legal links", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("header").first();
    for (const name of ["Home", "What We Do", "Log In", "Get Started"]) {
      await expect(header.getByRole("link", { name, exact: true })).toBeVisible();
    }
    const footer = page.locator("footer");
    for (const name of ["Privacy Policy", "Terms of Service", "GDPR Compliance", "Cookie Policy"]) {
      await expect(footer.getByRole("link", { name })).toBeVisible();
    }
    await header.getByRole("link", { name: "What We Do" }).click();
    await expect(page).toHaveURL("/services");
  });

  test("an address typed in the newsletter box before the page comes to life is kept and sent", async ({ page }) => {
    // The prerendered HTML shows first; its scripts wait until the address is typed.
    const release = await homeWithScriptsHeld(page);
    const field = page.locator("footer").getByLabel("Your e-mail address");
    await field.fill("early@example.com");
    // Not yet live: Subscribe cannot send the form natively (the address would land in the URL).
    await expect(page.locator("footer").getByRole("button", { name: "Subscribe" })).toBeDisabled();
    release();
    // Hydrated: the header's account items come with the data layer.
    await expect(
      page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Log In" }),
    ).toBeVisible();
    await expect(field).toHaveValue("early@example.com");
    await page.locator("footer").getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Subscribed")).toBeVisible();
  });

  test("the newsletter box subscribes and shows a success toast", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    await footer.getByLabel("Your e-mail address").fill("reader@example.com");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Subscribed")).toBeVisible();
  });

  test.describe("at 375 px", () => {
    test.use({ viewport: { width: 375, height: 812 } });
    for (const page of PAGES) {
      test(`${page.path} is readable without horizontal scroll`, async ({ page: browser }) => {
        await browser.goto(page.path);
        await expect(browser.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoHorizontalScroll(browser);
      });
    }

    test("the menu button opens the navigation, and is not offered before the page comes to life", async ({ page }) => {
      // The prerendered HTML shows first; its scripts wait: a tap then would be lost, so it cannot be made.
      const release = await homeWithScriptsHeld(page);
      const menu = page.getByRole("button", { name: /menu/i });
      await expect(menu).toBeDisabled();
      release();
      await expect(menu).toBeEnabled();
      await expect(menu).toHaveAttribute("aria-expanded", "false");
      await menu.click();
      await expect(menu).toHaveAttribute("aria-expanded", "true");
      await page.locator("header").getByRole("link", { name: "What We Do" }).click();
      await expect(page).toHaveURL("/services");
    });
  });
});
