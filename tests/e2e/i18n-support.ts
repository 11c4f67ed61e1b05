import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { DESKTOP, PHONE } from "./a11y-support.ts";

/**
 * The language journeys' shared pieces: a message's translation read from the catalogs (so a better
 * translation does not break a journey) and screenshots at both widths, taken outside CI to look at.
 */
export function translation(area: string, locale: string, english: string): string {
  const po = readFileSync(join(import.meta.dirname, "../../web/src/locales", area, `${locale}.po`), "utf8");
  const quoted = JSON.stringify(english);
  const match = new RegExp(`\\nmsgid ${quoted.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\nmsgstr (".*")\\n`).exec(po);
  if (!match) throw new Error(`"${english}" is not in ${area}/${locale}.po`);
  return JSON.parse(match[1]!) as string;
}

/** The page at 375 and 1280 px, into test-results/<folder>/<name>-<width>.png (not in CI); leaves 1280 px set. */
export async function shootBothWidths(page: Page, folder: string, name: string, options: { fullPage?: boolean } = {}) {
  if (process.env.CI) return;
  for (const [width, size] of [
    [375, PHONE],
    [1280, DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/${folder}/${name}-${width}.png`, fullPage: options.fullPage ?? false });
  }
}
