import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { allRoutes as routes } from "../../web/src/routes/all-routes.ts";
import { A11Y_DIALOGS, A11Y_ROUTES } from "../e2e/a11y-routes.ts";
import { routerPaths } from "../support/router-paths.ts";

const WEB = join(import.meta.dirname, "../../web/src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith(".tsx")
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The modal primitives themselves, which render no dialog of their own. */
const PRIMITIVES = new Set(["components/ui/dialog.tsx", "components/ui/lazy-dialog.tsx"]);

/** How many dialogs each web/src file renders: `<Dialog`, `<ConfirmDialog`, or a Radix dialog root. */
function dialogsPerFile(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const file of sourceFiles(WEB)) {
    const name = relative(WEB, file);
    if (PRIMITIVES.has(name)) continue;
    const found =
      readFileSync(file, "utf8").match(/<(Dialog|ConfirmDialog)\b|<RadixDialog\.Root\b|<AlertDialog\.Root\b/g)
        ?.length ?? 0;
    if (found > 0) counts.set(name, found);
  }
  return counts;
}

describe("the axe sweep covers the whole app (tests/e2e/a11y-routes.ts)", () => {
  it("scans every route of the router, and no route the router does not have", () => {
    const served = new Set(routerPaths(routes));
    const scanned = new Set(A11Y_ROUTES.map((route) => route.pattern));
    expect([...served].filter((path) => !scanned.has(path))).toEqual([]);
    expect([...scanned].filter((path) => !served.has(path))).toEqual([]);
    // Sanity: the walk sees the areas' routes, parameters and catch-alls.
    expect(served).toContain("/super-admin/schools/:schoolId/view");
    expect(served).toContain("/parent/*");
    expect(served.size).toBeGreaterThan(40);
  });

  it("opens every dialog web/src renders", () => {
    const listed = new Map<string, number>();
    for (const { file } of Object.values(A11Y_DIALOGS)) listed.set(file, (listed.get(file) ?? 0) + 1);
    const rendered = dialogsPerFile();
    const missing = [...rendered]
      .filter(([file, count]) => (listed.get(file) ?? 0) < count)
      .map(([file, count]) => `${file}: ${count} rendered`);
    expect(missing).toEqual([]);
    expect([...listed.keys()].filter((file) => !rendered.has(file))).toEqual([]);
  });
});
