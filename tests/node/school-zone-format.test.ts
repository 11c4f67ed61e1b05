import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 25 item 8: every time a school area shows is in the school's zone. Its screens format
 * instants with `lib/school-zone.ts` and the school's zone (`useSchoolZone()`), never with
 * `format.ts`'s `formatDate` / `formatDateTime` / `formatTime`, which use the reader's zone (the super
 * admin's pages, which span schools). `formatIsoDay` is a calendar day: no zone, allowed.
 */
const WEB = join(import.meta.dirname, "../../web/src");
const SCHOOL_AREAS = [
  "pages/school-admin",
  "pages/parent",
  "pages/account",
  "pages/invoices",
  "pages/notifications",
  "pages/home/ParentHome.tsx",
  "features",
];

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return /\.tsx?$/.test(path) ? [path] : [];
  return readdirSync(path).flatMap((name) => files(join(path, name)));
}

describe("school areas show instants in the school's zone", () => {
  const sources = SCHOOL_AREAS.flatMap((area) => files(join(WEB, area)));

  it("walks the school areas' screens", () => {
    expect(sources.length).toBeGreaterThan(60);
  });

  it("no school-area screen formats an instant in the reader's zone", () => {
    const offenders = sources.filter((file) => {
      const source = readFileSync(file, "utf8");
      const imported = /import \{([^}]*)\} from "[./]*components\/ui\/format\.ts"/.exec(source)?.[1] ?? "";
      return /\bformat(Date|DateTime|Time)\b/.test(imported);
    });
    expect(offenders.map((file) => relative(WEB, file))).toEqual([]);
  });
});
