/**
 * docs/security.md names, for every checklist row and every failure scenario, the tests that prove
 * it. This keeps those names honest: every row and scenario names at least one test, every named
 * file exists, and every quoted test title (each `›` segment, up to a "…") is in that file, so
 * renaming or deleting a test without updating the document fails here.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const DOC = readFileSync(join(ROOT, "docs/security.md"), "utf8");
const TEST_DIRS = ["tests/node", "tests/worker", "tests/e2e", "tests/worker-start"];

type Row = { id: string; proof: string };

/** Table rows whose first cell matches `id`, with their last non-empty cell (the proof column). */
function tableRows(section: string, id: RegExp): Row[] {
  return section
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) => line.split("|").map((cell) => cell.trim()))
    .filter((cells) => id.test(cells[1] ?? ""))
    .map((cells) => ({ id: cells[1] ?? "", proof: cells.slice(2).join(" | ") }));
}

const [checklistPart = "", scenarioPart = ""] = DOC.split("## The eight failure scenarios");
const checklist = tableRows(checklistPart, /^[A-Z]{2}\d$/);
const scenarios = tableRows(scenarioPart, /^[1-8]$/);

const TEST_FILE = /^(?:tests\/[\w-]+\/)?[\w.-]+\.(?:test|spec)\.ts$/;

/** A backticked reference: a test file, optionally with ` › title › title`, or `› title` for the last file. */
type Reference = { file: string; titles: string[] };

function references(proof: string): Reference[] {
  const found: Reference[] = [];
  let file: string | undefined;
  for (const [, span = ""] of proof.matchAll(/`([^`]+)`/g)) {
    const [head = "", ...titles] = span.split(" › ").map((part) => part.trim());
    if (TEST_FILE.test(head)) file = head;
    else if (!(head === "›" || head.startsWith("› ")) || file === undefined) continue;
    const rest = head.startsWith("›") ? [head.replace(/^›\s*/, ""), ...titles] : titles;
    found.push({ file, titles: rest.filter(Boolean) });
  }
  return found;
}

function resolve(file: string): string | undefined {
  const candidates = file.startsWith("tests/") ? [file] : TEST_DIRS.map((dir) => `${dir}/${file}`);
  return candidates.find((candidate) => existsSync(join(ROOT, candidate)));
}

/** The literal pieces of a quoted title: the text around "…" elisions and `<placeholder>`s. */
function fragments(title: string): string[] {
  return title
    .split(/…|<[a-z]+>/)
    .map((piece) => piece.trim())
    .filter((piece) => piece.length >= 4);
}

function problems(rows: Row[]): string[] {
  const found: string[] = [];
  for (const { id, proof } of rows) {
    const refs = references(proof);
    if (refs.length === 0) found.push(`${id}: names no test file`);
    for (const { file, titles } of refs) {
      const path = resolve(file);
      if (!path) {
        found.push(`${id}: ${file} does not exist`);
        continue;
      }
      const source = readFileSync(join(ROOT, path), "utf8").replaceAll("\\'", "'");
      for (const fragment of titles.flatMap(fragments)) {
        if (!source.includes(fragment)) found.push(`${id}: "${fragment}" is not a test title in ${path}`);
      }
    }
  }
  return found;
}

describe("docs/security.md names real tests", () => {
  it("lists every checklist row with at least one test, each named test existing", () => {
    // The introduction and the README's Quality table quote the number of rows.
    const stated = Number(/the (\d+) testable requirements/.exec(DOC)?.[1]);
    expect(checklist).toHaveLength(stated);
    expect(readFileSync(join(ROOT, "README.md"), "utf8")).toContain(`**${stated} of ${stated} rows**`);
    expect(problems(checklist)).toEqual([]);
  });

  it("lists the eight failure scenarios, each with a named test that exists", () => {
    expect(scenarios.map((row) => row.id)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);
    expect(problems(scenarios)).toEqual([]);
  });
});
