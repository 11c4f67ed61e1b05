/**
 * The lint rule against user-visible literals outside the catalogs (scripts/lint-i18n.ts, run by
 * `npm run lint`): it holds over web/src, and it sees a literal in each of its places.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { literalsOf, webLiterals } from "../../scripts/lint-i18n.ts";

describe("user-visible texts", () => {
  it("in web/src are Lingui macros, not English literals", () => {
    const found = webLiterals();
    expect(found.slice(0, 60), `${found.length} literals`).toEqual([]);
  });

  it("the rule sees a literal in each of its places (it can fail)", () => {
    const probe = join(import.meta.dirname, "fixtures/i18n-literal-probe.tsx");
    expect(literalsOf(probe).map((line) => line.replace(/^.*:(\d+) /, "$1 "))).toEqual([
      '4 "Plain text"',
      '5 "Close the menu"',
      '6 "Saved"',
      '6 "Your changes were saved."',
      '7 "Home"',
      '8 "Saving…"',
    ]);
  });
});
