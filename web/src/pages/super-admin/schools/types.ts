import type { RouterOutputs } from "../../../lib/api-types.ts";

type SchoolsOutputs = RouterOutputs["superAdmin"]["schools"];

export type SchoolList = SchoolsOutputs["list"];
export type SchoolRow = SchoolList["rows"][number];
export type SchoolDetails = SchoolsOutputs["details"];

/** A school picked from the list for a dialog or the delete confirmation. */
export type SchoolRef = { id: string; name: string };
