/**
 * No import cycles in the server (worker/) or the web app (web/src): a cycle makes a module's
 * exports undefined while the other half of the loop loads, and ties both halves into one unit no
 * test or bundle can take apart. Every static import and re-export counts, types included (a type
 * cycle is the same tangle of ownership). A small resolver over the TypeScript sources: relative
 * specifiers and the package.json `imports` (`#shared/*`, `#worker/*`, `#db/*`); packages are outside the graph.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const ROOTS = ["worker", "db", "web/src"];
/** package.json `imports`: each alias and the folder it stands for. */
const ALIASES = Object.entries(
  (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { imports: Record<string, string> }).imports,
).map(([alias, path]) => [alias.replace(/\*$/, ""), path.replace(/\*$/, "")] as const);
const SOURCE = /\.(ts|tsx)$/;
// `import … from "x"`, `import "x"`, `export … from "x"` (multi-line lists included); not `import("x")`.
const STATIC_IMPORT = /^\s*(?:import|export)\s(?:[^;]*?\sfrom\s)?\s*["']([^"']+)["']/gm;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sources(path);
    return SOURCE.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

function target(from: string, specifier: string): string | null {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  if (alias) return join(ROOT, alias[1], specifier.slice(alias[0].length));
  if (specifier.startsWith(".")) return resolve(dirname(from), specifier);
  return null;
}

/** Each source file's imports of other source files in the graph. */
function importGraph(): Map<string, string[]> {
  const files = ROOTS.flatMap((root) => sources(join(ROOT, root)));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const edges = [...text.matchAll(STATIC_IMPORT)]
      .map((match) => target(file, match[1] ?? ""))
      .filter((path): path is string => path !== null && known.has(path));
    graph.set(file, [...new Set(edges)]);
  }
  return graph;
}

/** The strongly connected components with more than one module (or a module importing itself): Tarjan. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const edge of graph.get(node) ?? []) {
      if (!index.has(edge)) {
        visit(edge);
        low.set(node, Math.min(low.get(node)!, low.get(edge)!));
      } else if (onStack.has(edge)) low.set(node, Math.min(low.get(node)!, index.get(edge)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(relative(ROOT, member));
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("import cycles", () => {
  it("the resolver sees the graph: relative and #shared imports, re-exports, multi-line lists", () => {
    const graph = importGraph();
    const edgesOf = (path: string) => (graph.get(join(ROOT, path)) ?? []).map((edge) => relative(ROOT, edge));
    expect(graph.size).toBeGreaterThan(400);
    expect(edgesOf("worker/trpc/init.ts")).toEqual(
      expect.arrayContaining(["worker/trpc/rungs.ts", "worker/trpc/context.ts", "worker/shared/messages.ts"]),
    );
    expect(edgesOf("worker/shared/trips.ts")).toContain("worker/shared/trip-texts.ts");
    expect(edgesOf("worker/services/payments/registry.ts")).toEqual(
      expect.arrayContaining(["db/schema/index.ts", "worker/services/payables.ts"]),
    );
    expect(
      cycles(
        new Map([
          ["a", ["b"]],
          ["b", ["c"]],
          ["c", ["a"]],
          ["d", ["a"]],
        ]),
      ),
    ).toHaveLength(1);
  });

  it("worker/ and web/src have none", () => {
    expect(cycles(importGraph())).toEqual([]);
  });
});
