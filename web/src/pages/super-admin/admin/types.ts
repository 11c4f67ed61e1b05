import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../api.ts";

/** The super admin procedures' types, inferred from the server router. */
export type SuperAdminOutputs = inferRouterOutputs<AppRouter>["superAdmin"];
export type SuperAdminInputs = inferRouterInputs<AppRouter>["superAdmin"];
