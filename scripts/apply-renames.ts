/**
 * The renames of the one-convention refactor, as data, so that code written against the old names
 * (a branch merged later) is brought up to date by running this again.
 *
 * 1. scripts/procedure-renames.json ({ "old.path": "new.path" }) rewrites tRPC procedure paths: dotted paths (`trpc.superAdmin.invites.list.queryOptions`, the
 * strings tests call, `/api/trpc/<path>` URLs) and the bracket chains of inferred router types
 * (`inferRouterOutputs<AppRouter>["superAdmin"]["invites"]`, `RouterOutputs["superAdmin"]["invites"]`,
 * `SuperAdminOutputs["invites"]`).
 * 2. scripts/identifier-renames.json ({ "oldName": "newName" }) rewrites whole identifiers (input
 *    schemas to `<serviceName>Input`, services to the procedure's verb-noun).
 * Idempotent.
 *
 *   npx tsx scripts/apply-renames.ts                      # worker/ web/ tests/ scripts/ db/
 *   npx tsx scripts/apply-renames.ts web/src              # or the folders given
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const renames: Record<string, string> = JSON.parse(
  readFileSync(new URL("./procedure-renames.json", import.meta.url), "utf8"),
);
const identifierRenames: Record<string, string> = JSON.parse(
  readFileSync(new URL("./identifier-renames.json", import.meta.url), "utf8"),
);
/** Longest first, so a path is rewritten before any shorter one it contains. */
const entries = Object.entries(renames).sort(([a], [b]) => b.length - a.length);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const dotted = entries.map(([from, to]) => ({
  pattern: new RegExp(`(?<![\\w$])${escapeRegExp(from)}(?![\\w$])`, "g"),
  to,
}));

/** The new segments for a path whose beginning was renamed, or null. */
function renamed(segments: string[]): string[] | null {
  for (const [from, to] of entries) {
    const old = from.split(".");
    if (old.length <= segments.length && old.every((segment, i) => segments[i] === segment))
      return [...to.split("."), ...segments.slice(old.length)];
  }
  return null;
}

/**
 * `["a"]["b"]` chains after `inferRouter…<AppRouter>` or `RouterOutputs` / `RouterInputs` (the root),
 * or `<Role>Outputs` / `<Role>Inputs` (that role).
 */
const chain =
  /(inferRouter(?:Outputs|Inputs)<AppRouter>|\bRouter(?:Outputs|Inputs)|\b([A-Z]\w*?)(?:Outputs|Inputs))((?:\["[\w$]+"\])+)/g;

const identifiers = Object.entries(identifierRenames).map(([from, to]) => ({
  pattern: new RegExp(`(?<![\\w$.])${escapeRegExp(from)}(?![\\w$])`, "g"),
  to,
}));

export function applyRenames(source: string): string {
  let text = source;
  for (const { pattern, to } of identifiers) text = text.replace(pattern, to);
  for (const { pattern, to } of dotted) text = text.replace(pattern, to);
  return text.replace(chain, (whole, head: string, role: string | undefined, brackets: string) => {
    const prefix = role ? [role[0]!.toLowerCase() + role.slice(1)] : [];
    const segments = [...prefix, ...[...brackets.matchAll(/\["([\w$]+)"\]/g)].map((match) => match[1]!)];
    const next = renamed(segments);
    if (!next || !prefix.every((segment, i) => next[i] === segment)) return whole;
    return (
      head +
      next
        .slice(prefix.length)
        .map((segment) => `["${segment}"]`)
        .join("")
    );
  });
}

function* sourceFiles(path: string): Generator<string> {
  if (statSync(path).isFile()) {
    // The renames' own test and this file hold old names on purpose, as data.
    if (/\.(ts|tsx|mts)$/.test(path) && !path.endsWith("renames.test.ts") && !path.endsWith("apply-renames.ts"))
      yield path;
    return;
  }
  for (const name of readdirSync(path)) {
    if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
    yield* sourceFiles(join(path, name));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const roots = process.argv.length > 2 ? process.argv.slice(2) : ["worker", "web", "tests", "scripts", "db"];
  let changed = 0;
  for (const root of roots) {
    for (const file of sourceFiles(root)) {
      const before = readFileSync(file, "utf8");
      const after = applyRenames(before);
      if (after !== before) {
        writeFileSync(file, after);
        changed += 1;
        console.log(`rewrote ${file}`);
      }
    }
  }
  console.log(`${changed} file(s) rewritten`);
}
