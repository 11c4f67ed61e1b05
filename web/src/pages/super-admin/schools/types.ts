import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../api.ts";

type SchoolsOutputs = inferRouterOutputs<AppRouter>["superAdmin"]["schools"];

export type SchoolList = SchoolsOutputs["list"];
export type SchoolRow = SchoolList["rows"][number];
export type SchoolDetails = SchoolsOutputs["details"];

/** A school picked from the list for a dialog or the delete confirmation. */
export type SchoolRef = { id: string; name: string };
