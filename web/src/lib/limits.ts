import type { z } from "zod";

type Node = { maxLength?: number | null; _zod: { def: { innerType?: Node; in?: Node } } };

/**
 * The most characters a form's text field takes, read from its shared schema, so the input's
 * `maxLength` and the rule the server applies are one number (through optional, nullable, default
 * and pipe wrappers).
 */
export function maxLengthOf(field: z.ZodType): number | undefined {
  let node: Node | undefined = field as unknown as Node;
  while (node) {
    if (typeof node.maxLength === "number") return node.maxLength;
    node = node._zod.def.innerType ?? node._zod.def.in;
  }
  return undefined;
}
