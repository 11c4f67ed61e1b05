import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { applyRenames } from "../../scripts/apply-procedure-renames.ts";
import { appRouter } from "../../worker/trpc/router.ts";

const renames: Record<string, string> = JSON.parse(readFileSync(new URL("../../scripts/procedure-renames.json", import.meta.url), "utf8"));
const procedures = new Set(Object.keys(appRouter._def.procedures));

describe("procedure renames (scripts/procedure-renames.json)", () => {
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
});
