import { expect, type Page, test } from "@playwright/test";
import { PRERENDERED_PAGES } from "../../web/src/routes/page-meta.ts";
import { DEMO, DEMO_PASSWORD, fillLogin } from "./support.ts";

/** Console errors and warnings of a page (hydration mismatches are reported there). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** A shell's preloads: its data requests (`as="fetch"`) and its chunks (`modulepreload`), as URLs. */
function shellPreloads(html: string): { data: string[]; chunks: string[] } {
  const hrefs = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!.replaceAll("&amp;", "&"));
  return {
    data: hrefs(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g),
    chunks: hrefs(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
  };
}

/** The paths a page requests from now on, and its tRPC requests (path and query). */
function recordRequests(page: Page): { requested: Set<string>; trpcRequests: string[] } {
  const requested = new Set<string>();
  const trpcRequests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    requested.add(url.pathname);
    if (url.pathname.startsWith("/api/trpc/")) trpcRequests.push(url.pathname + url.search);
  });
  return { requested, trpcRequests };
}

/** Signs the demo user of `role` in, then leaves the page blank (so the next visit is a fresh load). */
async function signedInBlank(page: Page, role: keyof typeof DEMO) {
  await page.goto(DEMO[role].login);
  await fillLogin(page, DEMO[role].email, DEMO_PASSWORD);
  await expect(page).toHaveURL(DEMO[role].home);
  await page.goto("about:blank");
}

test.describe("prerendered public pages", () => {
  test("/services is HTML with its title, description, canonical and heading (no JavaScript needed)", async ({
    request,
  }) => {
    const response = await request.get("/services");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>What We Do · SchoolRide</title>");
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/services"/);
    expect(html).toContain('<meta property="og:title" content="What We Do · SchoolRide"');
    expect(html).toMatch(/<h1[^>]*>What We Do<\/h1>/);
    // The CSP nonce is still handed to the page.
    expect(html).toContain('<meta property="csp-nonce"');
  });

  test("the pages read with JavaScript off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page).toHaveTitle("SchoolRide · Safe, simple school transportation");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Safe, simple school transportation");
    await page.goto("/login/parent");
    await expect(page.getByRole("heading", { name: "Parent Login" })).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toBeVisible();
    await context.close();
  });

  test("any other URL still gets the app (SPA fallback, status 404), not a prerendered page", async ({ request }) => {
    const missing = await request.get("/no-such-page");
    expect(missing.status()).toBe(404);
    const html = await missing.text();
    expect(html).toContain('<div id="root"></div>');
    const home = await (await request.get("/home")).text();
    expect(home).toContain('<div id="root"></div>');
  });

  for (const meta of PRERENDERED_PAGES) {
    test(`${meta.path} hydrates without warnings and keeps its title`, async ({ page }) => {
      const problems = consoleProblems(page);
      await page.goto(meta.path);
      // The header's account items load with the data layer after hydration.
      await expect(
        page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Log In" }),
      ).toBeVisible();
      await expect(page).toHaveTitle(meta.title);
      expect(problems).toEqual([]);
    });
  }

  test("a prerendered page preloads its route's chunks with the entry, and uses every one", async ({
    page,
    request,
  }) => {
    const html = await (await request.get("/services")).text();
    const preloads = [
      ...html.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g),
    ].map((match) => match[1]!);
    expect(preloads.filter((href) => /^\/assets\/(ServicesPage|PublicLayout)-[\w-]+\.js$/.test(href))).toHaveLength(2);
    const scripts = new Set<string>();
    page.on("request", (request) => scripts.add(new URL(request.url()).pathname));
    await page.goto("/services");
    await expect(
      page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Log In" }),
    ).toBeVisible();
    for (const href of preloads) expect(scripts, href).toContain(href);
  });

  test("a prerendered page is live after hydration: client-side navigation", async ({ page }) => {
    await page.goto("/services");
    await expect(
      page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Log In" }),
    ).toBeVisible();
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL("/");
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});

test.describe("the registration wizard loads its code as it is used", () => {
  test("the schemas and calls load when the form is first used, each step's code when it is reached", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => scripts.push(new URL(request.url()).pathname));
    const loaded = (chunk: string) => scripts.some((path) => path.startsWith(`/assets/${chunk}-`));
    await page.goto("/get-started");
    await expect(page.getByLabel("School Name")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(loaded("GetStartedPage")).toBe(true);
    for (const chunk of ["wizard-calls", "VerifyEmailStep", "ConsentStep", "PaymentStep"])
      expect(loaded(chunk), chunk).toBe(false);

    await page.getByLabel("School Name").focus();
    await expect.poll(() => loaded("wizard-calls")).toBe(true);
    await expect.poll(() => loaded("VerifyEmailStep")).toBe(true);
    expect(loaded("PaymentStep")).toBe(false);
    // The checks run in the browser as before: nothing filled in, the spec's message.
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("alert")).toContainText("Please fill in all required fields. Missing: School Name");
    await expect(page.getByLabel("School Name")).toBeFocused();
    await expect(page.getByLabel("School Name")).toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("one HTTP request per role page view", () => {
  for (const role of ["super_admin", "school_admin", "parent"] as const) {
    test(`${DEMO[role].home}: the session check and the page's queries go out in one batched request`, async ({
      page,
    }) => {
      // Leaves the app after signing in: queries the signed-in page was still sending after the
      // client-side redirect cannot be counted as the new page view's.
      await signedInBlank(page, role);
      const { trpcRequests } = recordRequests(page);
      await page.goto(DEMO[role].home);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(trpcRequests, trpcRequests.join("\n")).toHaveLength(1);
      expect(trpcRequests[0]).toContain("auth.me");
    });
  }
});

test.describe("a role's home starts its data and its chunks with its scripts (ADR 0065)", () => {
  for (const role of ["super_admin", "school_admin", "parent", "driver"] as const) {
    test(`${DEMO[role].home}: the shell preloads the page's one data request and its chunks, and the page takes them`, async ({
      page,
    }) => {
      await signedInBlank(page, role);
      const {
        data: [data, ...more],
        chunks,
      } = shellPreloads(await (await page.request.get(DEMO[role].home)).text());
      expect(more).toEqual([]);
      expect(data).toMatch(/^\/api\/trpc\/auth\.me,/);
      expect(chunks.length).toBeGreaterThan(5);

      const problems = consoleProblems(page);
      const { requested, trpcRequests } = recordRequests(page);
      await page.goto(DEMO[role].home);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      // The page's own fetch took the preloaded answer: one request, the preloaded one.
      expect(trpcRequests).toEqual([data]);
      for (const href of chunks) expect(requested, href).toContain(href);
      expect(problems).toEqual([]);
    });
  }
});

test.describe("every other page of an area starts its area's chunks with its scripts (ADR 0076)", () => {
  for (const [role, path] of [
    ["parent", "/parent/children"],
    ["driver", "/driver/change-password"],
  ] as const) {
    test(`${path}: the area's shell preloads the chunks all its pages load, no data, and the page uses them`, async ({
      page,
    }) => {
      await signedInBlank(page, role);
      const html = await (await page.request.get(path)).text();
      expect(html).not.toContain('as="fetch"');
      const { chunks } = shellPreloads(html);
      // The data layer with the signed-in frame (one chunk, ADR 0082), its facades, and the area's routes.
      expect(chunks.filter((href) => /^\/assets\/(area|guards|data)-[\w-]+\.js$/.test(href))).toHaveLength(3);
      expect(chunks.filter((href) => new RegExp(`^/assets/${role}-[\\w-]{8}\\.js$`).test(href))).toHaveLength(1);

      const problems = consoleProblems(page);
      const { requested, trpcRequests } = recordRequests(page);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      for (const href of chunks) expect(requested, href).toContain(href);
      // Still one batched request for the session check and the page's first queries.
      expect(trpcRequests.filter((request) => request.includes("auth.me"))).toHaveLength(1);
      expect(trpcRequests[0]).toContain("auth.me");
      expect(problems).toEqual([]);
    });
  }
});

test("a page opened from outside the app has a shell of its own: the live view's chunks and data start with its scripts (ADR 0088)", async ({
  page,
}) => {
  await signedInBlank(page, "parent");
  // Any run id: the shell is the same for every run (the run's own read is the page's to start).
  const path = "/parent/rides/not-a-run";
  const {
    data: [data, ...more],
    chunks,
  } = shellPreloads(await (await page.request.get(path)).text());
  expect(more).toEqual([]);
  expect(data).toMatch(/^\/api\/trpc\/auth\.me,/);
  expect(data).not.toContain("not-a-run");
  expect(chunks.filter((href) => /^\/assets\/(area|parent|ParentLivePage)-[\w-]+\.js$/.test(href))).toHaveLength(3);

  const problems = consoleProblems(page);
  const { requested, trpcRequests } = recordRequests(page);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: /Live ride/ })).toBeVisible();
  // Not "networkidle": the live view keeps asking for its run.
  await expect.poll(() => chunks.filter((href) => !requested.has(href))).toEqual([]);
  // The page's first batch is the preloaded one, taken from the preload.
  expect(trpcRequests.filter((request) => request.includes("auth.me"))).toEqual([data]);
  // The run's own read answers 404 for this id (the page says there is no such ride); nothing else fails.
  expect(problems.filter((problem) => !problem.includes("status of 404"))).toEqual([]);
});

test.describe("a role area's page paints the signed-in frame before its scripts (ADR 0087)", () => {
  test("the shells' HTML has the header bar with the brand, readable with JavaScript off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    for (const path of ["/parent", "/driver", "/parent/children", "/school-admin/trips"]) {
      await page.goto(path);
      await expect(page.locator("header"), path).toHaveText("SchoolRide");
      // No other words: the shells are the same in every language.
      await expect(page.locator("body"), path).toHaveText("SchoolRide");
      await expect(page.getByRole("status"), path).toBeAttached();
    }
    await context.close();
  });

  test("the app takes over the frame in place: the header never leaves and nothing shifts", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signedInBlank(page, "parent");
    await page.addInitScript(() => {
      const seen = { shifts: 0, headerLeft: 0, frames: 0 };
      Object.assign(window, { __frame: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.shifts += (entry as unknown as { value: number }).value;
      }).observe({ type: "layout-shift", buffered: true });
      let had = false;
      new MutationObserver(() => {
        const has = document.querySelector("#root header") !== null;
        if (has) seen.frames++;
        if (had && !has) seen.headerLeft++;
        had = has;
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(DEMO.parent.home);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "SchoolRide" })).toBeVisible();
    const seen = await page.evaluate(() => (window as unknown as { __frame: Record<string, number> }).__frame);
    expect(seen.frames).toBeGreaterThan(0);
    expect(seen.headerLeft).toBe(0);
    expect(seen.shifts).toBe(0);
  });

  test("a signed-out visitor leaves the frame for the sign-in page", async ({ page }) => {
    await page.goto("/parent");
    await expect(page).toHaveURL(/\/login\/parent\?redirect=%2Fparent$/);
    await expect(page.getByLabel("Email", { exact: true })).toBeVisible();
    await expect(page.getByRole("status")).toHaveCount(0);
    await expect(page.locator("#root header")).toHaveCount(1);
  });
});
