import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { createClient } from "@libsql/client";
import { type Browser, expect, type Locator, type Page } from "@playwright/test";
import { SCHOOL_ZONE, untilClearOfMidnight } from "../support/school-midnight.ts";

export const DEMO_PASSWORD = "demo-password-1";

/** The database file of the server under test, for setup no screen offers (E2E_DATABASE_FILE: the workerd config's, relative to the repository). */
export const E2E_DATABASE_URL = `file:${resolve(import.meta.dirname, "../..", process.env.E2E_DATABASE_FILE ?? ".data/e2e/schoolride.db")}`;

/**
 * The server's database, for a journey's setup: it waits up to 10 s for the server's own writes
 * (without it, a write that meets one fails at once with SQLITE_BUSY). Close it when done.
 */
export async function e2eDatabase() {
  const db = createClient({ url: E2E_DATABASE_URL });
  await db.execute("PRAGMA busy_timeout = 10000");
  return db;
}

/**
 * A super admin of its own, made with the deployment's create-super-admin script, for journeys that
 * turn on two-factor (the demo super admin the other journeys use never gets it).
 */
export function createSuperAdmin(email: string, name: string, password: string) {
  execFileSync("npx", ["tsx", "scripts/create-super-admin.ts", "--email", email, "--name", name], {
    cwd: resolve(import.meta.dirname, "../.."),
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL, SUPER_ADMIN_PASSWORD: password },
    stdio: "pipe",
  });
}

export const DEMO = {
  super_admin: {
    email: "superadmin@example.com",
    name: "Sam Super",
    login: "/login/superadmin",
    home: "/super-admin",
    title: "Super Admin Access",
  },
  school_admin: {
    email: "admin@maple.example.com",
    name: "Morgan Lee",
    login: "/login/school",
    home: "/school-admin",
    title: "School Admin Login",
  },
  parent: {
    email: "parent@maple.example.com",
    name: "Jamie Rivera",
    login: "/login/parent",
    home: "/parent",
    title: "Parent Login",
  },
  driver: {
    email: "driver@maple.example.com",
    name: "Dana Brooks",
    login: "/login/driver",
    home: "/driver",
    title: "Driver Login",
  },
} as const;

/**
 * Logout from a role area (its menu's button, or `button`): the home page shows first, then the
 * server answers the logout. Waits for that answer, so the next page load meets no session.
 */
export async function logOut(page: Page, button: Locator = page.getByRole("button", { name: "Logout" }).first()) {
  const answered = page.waitForResponse((response) => response.url().includes("auth.logout"));
  await button.click();
  await expect(page).toHaveURL("/");
  expect((await answered).ok()).toBe(true);
}

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** The page has no horizontal scroll (readable at its current width). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

export type MailboxMessage = { to: string; subject: string; text: string; html: string; createdAt: string };

/** Waits for an e-mail to `to` (newest first) in the local dev mailbox, whose subject matches. */
export async function waitForEmail(page: Page, to: string, subject: RegExp): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get("/dev/mailbox.json");
        const messages = (await response.json()) as MailboxMessage[];
        found = messages.find((message) => message.to === to && subject.test(message.subject));
        return found !== undefined;
      },
      { timeout: 15_000, message: `an e-mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in an e-mail's text that goes to `path`. */
export function linkIn(message: MailboxMessage, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, (c) => `\\${c}`)}[^\\s]*`).exec(message.text);
  if (!match) throw new Error(`no ${path} link in: ${message.text}`);
  return match[0];
}

export async function signIn(page: Page, role: keyof typeof DEMO) {
  const account = DEMO[role];
  await page.goto(account.login);
  await fillLogin(page, account.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(account.home);
}

/**
 * Waits for the toast saying `text`, then closes it (its "Close toast" button). A toast sits
 * bottom-right (the whole bottom on a phone) for 5 s: on a slow machine it still covers the table
 * row's action, the card's button or the pager a journey clicks next.
 */
export async function closeToast(page: Page, text: string | RegExp) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: "Close toast" }).click();
  await expect(toast).toHaveCount(0);
}

/** Calls a tRPC mutation as the signed-in browser does (JSON, same origin). */
export async function callMutation(page: Page, path: string, input: unknown) {
  const response = await page.request.post(`/api/trpc/${path}`, {
    headers: { "content-type": "application/json", origin: new URL(page.url()).origin },
    data: { json: input },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: { json: unknown } } }).result.data.json;
}

export { SCHOOL_ZONE, untilClearOfMidnight };

/** Waits as `untilClearOfMidnight` says. */
export async function clearOfMidnight(withinMs: number) {
  const wait = untilClearOfMidnight(withinMs);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** A short unique tag for names and addresses. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** `YYYY-MM-DD` a month from now, in the browser's own calendar. */
const nextMonth = () => {
  const date = new Date(Date.now() + 30 * 24 * 3_600_000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

export async function fillStepOne(page: Page, email: string, school: string) {
  await page.getByLabel("School Name").fill(school);
  await page.getByLabel("School Type").selectOption({ label: "Primary School" });
  await expect(page.getByLabel("Country")).toHaveValue("United States");
  await page.getByLabel("Number of Pupils").fill("350");
  await page.getByLabel("Number of Buses").fill("8");
  await page.getByLabel("Intended Start Date").fill(nextMonth());
  await page.getByLabel("Admin Full Name").fill("Avery Stone");
  await page.getByLabel("Admin Role").selectOption("Principal");
  await page.getByLabel("Admin Email").fill(email);
  await page.getByLabel("Street Address").fill("1 Birch Road");
  await page.getByLabel("City").fill("Portland");
  await page.getByLabel("State/Province").fill("OR");
  await page.getByLabel("ZIP/Postal Code").fill("97201");
}

/** A paid registration awaiting review, made through the public procedures and the simulated Checkout. */
export async function paidRegistration(page: Page, schoolName: string, email: string) {
  const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await page.goto("/");
  const { pendingSchoolId } = (await callMutation(page, "registration.register", {
    schoolName,
    schoolType: "secondary",
    schoolCountry: "Canada",
    pupilCount: 120,
    busCount: 3,
    intendedStartDate: date,
    adminFullName: "Quinn Review",
    adminRole: "Administrator",
    adminEmail: email,
    schoolAddress: "9 Review Street",
    schoolCity: "Toronto",
    schoolState: "ON",
    schoolZipCode: "M5V",
    timeZone: "America/Toronto",
  })) as { pendingSchoolId: string };
  const code = /\b(\d{6})\b/.exec((await waitForEmail(page, email, /verification code/)).subject)![1]!;
  await callMutation(page, "registration.verifyEmail", { pendingSchoolId, verificationCode: code });
  const { checkout_url } = (await callMutation(page, "registration.createCheckoutSession", {
    pendingSchoolId,
    termsAccepted: true,
    privacyAccepted: true,
  })) as {
    checkout_url: string;
  };
  await page.goto(checkout_url);
  await page.getByRole("button", { name: /Pay/ }).click();
  await expect(page).toHaveURL(/\/payment\/success/);
}

/** The school admin invites a parent from /school-admin/parents; returns the e-mailed accept link. */
export async function createParentInvitation(browser: Browser, name: string, email: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, "school_admin");
  await page.getByRole("link", { name: "Parents", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Parents" })).toBeVisible();
  await page.getByRole("button", { name: "Invite Parent" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite Parent" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(
    page
      .getByRole("cell", { name: new RegExp(email) })
      .or(page.getByText(email))
      .first(),
  ).toBeVisible();
  const message = await waitForEmail(page, email, /invites you to SchoolRide/);
  await context.close();
  return linkIn(message, "/accept-invite?token=");
}

/** An approved school's admin signs in with the e-mailed temporary password and sets their own. */
export async function firstSchoolAdminSignIn(page: Page, email: string, newPassword: string) {
  const credentials = await waitForEmail(page, email, /is approved — your SchoolRide login/);
  const temporaryPassword = /Temporary password: (\S+)/.exec(credentials.text)![1]!;
  await page.goto("/login/school");
  await fillLogin(page, email, temporaryPassword);
  await expect(page).toHaveURL("/change-password");
  await page.getByLabel("Current password").fill(temporaryPassword);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Change Password" }).click();
}

/**
 * The date and time inputs on screen whose value is cut off: the browser draws a date or time field
 * as a row of parts (hours, minutes, AM/PM…) inside its own shadow DOM, which a page script cannot
 * read, so this asks Chromium through the DevTools protocol where the last part ends and where the
 * field's box clips it. Returns the clipped inputs' names (or ids).
 */
export async function clippedDateTimeFields(page: Page): Promise<string[]> {
  type Node = { nodeId: number; localName?: string; attributes?: string[]; children?: Node[]; shadowRoots?: Node[] };
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send("DOM.getDocument", { depth: -1, pierce: true })) as { root: Node };
    const attribute = (node: Node, name: string) => {
      const list = node.attributes ?? [];
      for (let i = 0; i < list.length; i += 2) if (list[i] === name) return list[i + 1];
      return undefined;
    };
    const all = (node: Node, match: (node: Node) => boolean, found: Node[] = []): Node[] => {
      if (match(node)) found.push(node);
      for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) all(child, match, found);
      return found;
    };
    const box = async (node: Node) => {
      const { model } = (await cdp.send("DOM.getBoxModel", { nodeId: node.nodeId }).catch(() => ({ model: null }))) as {
        model: { border: number[] } | null;
      };
      return model
        ? { left: model.border[0]!, right: model.border[2]!, width: model.border[2]! - model.border[0]! }
        : null;
    };
    const inputs = all(
      root,
      (node) =>
        node.localName === "input" && ["date", "time", "datetime-local"].includes(attribute(node, "type") ?? ""),
    );
    const clipped: string[] = [];
    for (const input of inputs) {
      const outer = await box(input);
      if (!outer || outer.width === 0) continue; // not rendered
      const edit = all(input, (node) => attribute(node, "pseudo") === "-webkit-datetime-edit")[0];
      const parts = all(input, (node) => attribute(node, "role") === "spinbutton");
      const last = parts.at(-1);
      if (!edit || !last) throw new Error("a date or time input without its parts: this check needs Chromium");
      const [area, part] = [await box(edit), await box(last)];
      if (area && part && part.right > area.right + 0.5)
        clipped.push(attribute(input, "name") ?? attribute(input, "id") ?? "?");
    }
    return clipped;
  } finally {
    await cdp.detach();
  }
}

/**
 * The e-mail addresses that wrap somewhere other than before their `@` or a dot: every one shown with
 * `EmailAddress` in the page's main content, or the elements `scope` finds (any element holding an address).
 */
export async function emailsBrokenMidWord(scope: Page | Locator): Promise<string[]> {
  const elements = "evaluateAll" in scope ? scope : scope.locator("main span:has(> wbr)");
  return elements.evaluateAll((list) => {
    const broken: string[] = [];
    for (const element of list) {
      if (!element.checkVisibility()) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let lastTop: number | null = null;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = range.getBoundingClientRect().top;
          if (lastTop !== null && top > lastTop + 4 && !"@.".includes(text[i]!)) broken.push(element.textContent ?? "");
          lastTop = top;
        }
      }
    }
    return broken;
  });
}

/**
 * A parent of the demo school made for one journey: the demo school admin (`admin`, signed in)
 * invites them, they accept in a browser context of their own, which is returned signed in.
 */
export async function newParent(
  browser: Browser,
  admin: Page,
  account: { name: string; email: string; password: string },
  viewport = { width: 1280, height: 900 },
) {
  await callMutation(admin, "schoolAdmin.invitations.create", { name: account.name, email: account.email });
  const link = linkIn(await waitForEmail(admin, account.email, /invites you to SchoolRide/), "/accept-invite?token=");
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto("/");
  const { user } = (await callMutation(page, "auth.acceptInvitation", {
    token: new URL(link).searchParams.get("token"),
    name: account.name,
    password: account.password,
    confirmPassword: account.password,
    emergencyContact: "Sam Contact",
    emergencyPhone: "+1 217 555 0100",
  })) as { user: { id: string } };
  return { page, id: user.id };
}

/**
 * The browser's offer to install the app, as Chromium makes it (`beforeinstallprompt`), which it
 * never makes in a private window (a Playwright context is one). Its `prompt()` sets
 * `window.prompted`.
 */
export async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { prompted: boolean }).prompted = true;
      },
      userChoice: Promise.resolve({ outcome: "accepted" }),
    });
    window.dispatchEvent(offer);
  });
}
