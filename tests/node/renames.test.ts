import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { appRouter } from "#worker/trpc/router.ts";
import { applyRenames } from "../../scripts/apply-renames.ts";

const renames: Record<string, string> = JSON.parse(
  readFileSync(new URL("../../scripts/procedure-renames.json", import.meta.url), "utf8"),
);
const identifierRenames: Record<string, string> = JSON.parse(
  readFileSync(new URL("../../scripts/identifier-renames.json", import.meta.url), "utf8"),
);
const procedures = new Set(Object.keys(appRouter._def.procedures));

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith("renames.test.ts") && name !== "apply-renames.ts") yield path;
  }
}

describe("renames of the one convention (scripts/procedure-renames.json, scripts/identifier-renames.json)", () => {
  it("every new path is a procedure of the app router and no old path is left", () => {
    for (const [from, to] of Object.entries(renames)) {
      expect(procedures.has(to), to).toBe(true);
      expect(procedures.has(from), from).toBe(false);
    }
  });

  it("rewrites dotted paths, call strings and inferred router types, and nothing else", () => {
    const before = [
      `trpc.superAdmin.invites.list.queryOptions({ page: 1 });`,
      `trpc.superAdmin.resendInvite.mutationOptions({});`,
      `mutate(t.app, "schoolAdmin.parents.resendInvite", { inviteId });`,
      `trpc.schoolAdmin.parents.list.queryOptions({ page: 1 });`,
      `type A = inferRouterOutputs<AppRouter>["schoolAdmin"]["parents"]["invitations"]["rows"][number];`,
      `type B = SuperAdminOutputs["pendingRegistrations"]["rows"][number];`,
      `type C = SuperAdminOutputs["schools"]["list"];`,
      `type D = RouterInputs["superAdmin"]["invites"]["list"];`,
      `const superAdmin.resendInviteX = 1; // not a path`,
    ].join("\n");
    const after = [
      `trpc.superAdmin.invitations.list.queryOptions({ page: 1 });`,
      `trpc.superAdmin.invitations.resend.mutationOptions({});`,
      `mutate(t.app, "schoolAdmin.invitations.resend", { inviteId });`,
      `trpc.schoolAdmin.parents.list.queryOptions({ page: 1 });`,
      `type A = inferRouterOutputs<AppRouter>["schoolAdmin"]["invitations"]["list"]["rows"][number];`,
      `type B = SuperAdminOutputs["registrations"]["pending"]["rows"][number];`,
      `type C = SuperAdminOutputs["schools"]["list"];`,
      `type D = RouterInputs["superAdmin"]["invitations"]["list"];`,
      `const superAdmin.resendInviteX = 1; // not a path`,
    ].join("\n");
    expect(applyRenames(before)).toBe(after);
    expect(applyRenames(after)).toBe(after);
  });

  it("no old identifier is left in the sources, and every new one is defined", () => {
    const text = ["worker", "web/src", "tests", "scripts", "db"]
      .flatMap((root) => [...sources(root)].map((file) => readFileSync(file, "utf8")))
      .join("\n");
    for (const [from, to] of Object.entries(identifierRenames)) {
      expect(new RegExp(`(?<![\\w$.])${from}(?![\\w$])`).test(text), from).toBe(false);
      expect(new RegExp(`(?:const|function) ${to}\\b`).test(text), to).toBe(true);
    }
  });

  it("rewrites whole identifiers only", () => {
    expect(applyRenames(`import { tokenSchema, tokenSchemaX } from "#shared/invitations.ts";\nx.tokenSchema;`)).toBe(
      `import { tokenInput, tokenSchemaX } from "#shared/invitations.ts";\nx.tokenSchema;`,
    );
  });

  it("every router names its input schema <verbNoun>Input (the convention the renames established)", () => {
    const routers = [...sources("worker/trpc/routers")].map((file) => readFileSync(file, "utf8")).join("\n");
    const names = [...routers.matchAll(/\.input\(([\w$]+)\)/g)].map((match) => match[1]!);
    expect(names.length).toBeGreaterThan(40);
    expect(names.filter((name) => !name.endsWith("Input"))).toEqual([]);
  });
});
