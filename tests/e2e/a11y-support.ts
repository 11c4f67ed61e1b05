import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { A11Y_DIALOGS, type A11yRoute, type DialogKey } from "./a11y-routes.ts";

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 812 } as const;

/** What the sweep did, for the summary it prints at the end (the counts the README quotes). */
export const sweep = { axeRuns: 0, routes: new Set<string>(), dialogs: new Set<DialogKey>() };

/**
 * The page has settled: no request in flight and nothing "Loading…". The network wait is bounded:
 * a Web Worker's script (the password-strength worker of every new-password form) is a request
 * Playwright never sees finish, so "networkidle" never comes on those pages.
 */
async function settled(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => undefined);
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** The serious and critical violations, each as "rule: target (summary)" so a failure says what to fix. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settled(page);
  sweep.axeRuns += 1;
  // Legacy mode: axe.run in the page itself. The default opens a blank page per run to merge the
  // frames' results, about twice the time; the app has no iframes to merge.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")} (${node.failureSummary ?? ""})`),
    );
}

export async function expectNoSeriousViolation(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
}

/** The page's level-1 heading is shown (the page, not a spinner, is what axe sees). */
export async function expectHeading(page: Page, name: RegExp) {
  await expect(page.getByRole("heading", { level: 1, name }).first()).toBeVisible();
}

/** Scans the page as it stands at 1280 px, then at 375 px; leaves the desktop width set. */
export async function scanBothWidths(page: Page, what: string) {
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousViolation(page, `${what} at 1280 px`);
  await page.setViewportSize(PHONE);
  await expectNoSeriousViolation(page, `${what} at 375 px`);
  await page.setViewportSize(DESKTOP);
}

/** Opens each route, waits for its heading and scans it at both widths. */
export async function scanRoutes(page: Page, routes: readonly A11yRoute[]) {
  for (const route of routes) {
    await page.setViewportSize(DESKTOP);
    await page.goto(route.url);
    await expectHeading(page, route.heading);
    await scanBothWidths(page, route.url);
    sweep.routes.add(route.pattern);
  }
}

/** A modal by its accessible name: a dialog, or a confirmation (alertdialog). */
export function modal(page: Page, name: string | RegExp): Locator {
  return page.getByRole("dialog", { name }).or(page.getByRole("alertdialog", { name }));
}

/**
 * Opens a dialog with `open`, scans the page with it open, and (unless `keepOpen`) closes it with
 * Escape. Returns the dialog for a caller that goes on inside it.
 */
export async function scanDialog(
  page: Page,
  key: DialogKey,
  open: () => Promise<unknown>,
  options: { name?: string | RegExp; keepOpen?: boolean } = {},
) {
  await open();
  const dialog = modal(page, options.name ?? A11Y_DIALOGS[key].name);
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolation(page, `dialog ${key}`);
  sweep.dialogs.add(key);
  if (!options.keepOpen) {
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  }
  return dialog;
}

/** The dialogs of the list that no test has scanned open yet. */
export function unscannedDialogs(): DialogKey[] {
  return (Object.keys(A11Y_DIALOGS) as DialogKey[]).filter((key) => !sweep.dialogs.has(key));
}
