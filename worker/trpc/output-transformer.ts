import superjson from "superjson";

/**
 * superjson's `serialize` for what procedures answer, in one pass (ADR 0028; kept by ADR 0043: it
 * saves 50–290 µs of CPU per list request on the production path). Procedures answer
 * plain objects and arrays of strings, numbers, booleans, null, undefined and Dates; for those this
 * builds what `superjson.serialize` builds (`{ json, meta: { values, v: 1 } }`, the same escaped
 * paths; only their order can differ, where superjson's nested objects put integer keys first), without superjson's per-value path arrays, copies and type
 * probes. Anything else — a Map, Set, BigInt, Error, class instance, NaN, ±Infinity or -0, an invalid
 * Date, a sparse array, an object met twice (superjson would record a referential equality), a
 * `__proto__`/`constructor`/`prototype` key, or a non-object root — goes to superjson itself, so
 * the client's `superjson.deserialize` reads the same payload either way
 * (tests/node/output-transformer.test.ts compares the two).
 */
export type SuperJSONResult = ReturnType<typeof superjson.serialize>;

/** Thrown inside the walk when a value needs superjson's own handling. */
const FALLBACK = Symbol("fallback");

type Walk = { annotations: Record<string, ["Date" | "undefined"]> | null; seen: Set<object> };

const escapeKey = (key: string) =>
  key.includes(".") || key.includes("\\") ? key.replace(/\\/g, "\\\\").replace(/\./g, "\\.") : key;

function walk(value: unknown, path: string, state: Walk): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      // superjson keeps -0 apart (as "-0" with a "number" annotation); JSON would write 0.
      if (!Number.isFinite(value) || Object.is(value, -0)) throw FALLBACK;
      return value;
    case "undefined":
      (state.annotations ??= {})[path] = ["undefined"];
      return null;
    case "object":
      if (value === null) return null;
      if (!(value instanceof Date)) return walkContainer(value, `${path}.`, state);
      if (state.seen.has(value) || Number.isNaN(value.getTime()) || Object.getPrototypeOf(value) !== Date.prototype)
        throw FALLBACK;
      state.seen.add(value);
      (state.annotations ??= {})[path] = ["Date"];
      return value.toISOString();
    default:
      throw FALLBACK;
  }
}

/** A plain object or a dense array; `prefix` is the path of its children so far ("" at the root). */
function walkContainer(value: object, prefix: string, state: Walk): unknown {
  if (state.seen.has(value)) throw FALLBACK;
  state.seen.add(value);
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    if (proto !== Array.prototype) throw FALLBACK;
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) throw FALLBACK;
      out[i] = walk(value[i], `${prefix}${i}`, state);
    }
    return out;
  }
  if (proto !== Object.prototype && proto !== null) throw FALLBACK;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key === "__proto__" || key === "constructor" || key === "prototype") throw FALLBACK;
    out[key] = walk((value as Record<string, unknown>)[key], prefix + escapeKey(key), state);
  }
  return out;
}

/** superjson's own serializer, the reference the one-pass walk is checked against. */
const superjsonSerialize = (value: unknown): SuperJSONResult => superjson.serialize(value);

function onePass(value: unknown, fallback: (value: unknown) => SuperJSONResult): SuperJSONResult {
  if (typeof value !== "object" || value === null || value instanceof Date) return fallback(value);
  const state: Walk = { annotations: null, seen: new Set() };
  let json: unknown;
  try {
    json = walkContainer(value, "", state);
  } catch (error) {
    if (error === FALLBACK) return fallback(value);
    throw error;
  }
  return (state.annotations ? { json, meta: { values: state.annotations, v: 1 } } : { json }) as SuperJSONResult;
}

/**
 * The serializer for outputs: the one-pass walk if, on a probe with every kind of value it builds
 * itself (nested objects and arrays, Dates, undefined, escaped keys), it builds byte for byte what
 * `reference` (superjson's public `serialize`) builds; otherwise `reference` itself. So a superjson
 * upgrade that changes its payload makes the app slower, never wrong (ADR 0043).
 */
export function outputSerializer(
  reference: (value: unknown) => SuperJSONResult = superjsonSerialize,
): (value: unknown) => SuperJSONResult {
  const probe = () => ({
    list: [{ "x.y": new Date(0), "b\\c": undefined, n: 1.5, s: "t", f: false, z: null }, []],
    at: new Date(1),
    none: undefined,
  });
  const agrees = JSON.stringify(onePass(probe(), reference)) === JSON.stringify(reference(probe()));
  return agrees ? (value) => onePass(value, reference) : reference;
}

export const serializeOutput = outputSerializer();

/** tRPC's transformer: superjson for input (unchanged), the one-pass serializer for output. */
export const transformer = {
  input: superjson,
  output: { serialize: serializeOutput, deserialize: (payload: SuperJSONResult) => superjson.deserialize(payload) },
};
