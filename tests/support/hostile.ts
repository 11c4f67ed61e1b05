import fc from "fast-check";

/**
 * Arbitraries for the fuzz suite: values shaped by a procedure's zod input (through its JSON Schema,
 * `z.toJSONSchema(schema, { io: "input" })`), and hostile mutations of them.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

const MEGABYTE = "x".repeat(1024 * 1024);

/** NUL, the other C0 controls and DEL. */
export const CONTROL_CHARACTERS = [...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)), "\u007f"];

/**
 * What every text field of every procedure is sent (fuzz.test.ts): a NUL alone, ending a short term
 * (a "starts with" search) and inside a term long enough for a trigram search (FTS5), and the other
 * controls inside a term, one at a time.
 */
export const CONTROL_STRINGS = [
  "\u0000",
  "a\u0000",
  "abc\u0000def",
  ...CONTROL_CHARACTERS.slice(1).map((control) => `abc${control}def`),
];

/** Strings no form sends: lone surrogates, a 1 MB body, SQL and HTML metacharacters, LIKE wildcards, NUL and other controls. */
export const HOSTILE_STRINGS = [
  "\uD800",
  "a\uDFFFb",
  "\uDBFF\uD800",
  MEGABYTE,
  "' OR '1'='1",
  "'); DROP TABLE schools; --",
  '" OR ""="',
  "%",
  "_%_",
  "\\",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "\u0000",
  "abc\u0000def",
  "ab\u0001\u001bcd",
  "line\r\nBcc: x@example.com",
  "x\u007f",
  " ",
  "",
  "__proto__",
  "constructor",
  "😀".repeat(200),
  "0000-00-00",
  "9999-12-31",
  "2026-02-30",
  "25:61",
];

export const HOSTILE_NUMBERS = [
  -1,
  -0,
  0,
  0.1,
  1.005,
  -(2 ** 31),
  2 ** 31,
  2 ** 53 + 1,
  -(2 ** 63),
  1e308,
  -1e308,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

const HOSTILE_OTHERS: unknown[] = [
  null,
  undefined,
  true,
  [],
  [1, 2],
  {},
  { $ne: null },
  Object.create(null),
  new Date(0),
  10n,
];

/** Any hostile value, with the given ids (own and another tenant's) mixed in. */
export function hostileValue(ids: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.constantFrom(...HOSTILE_NUMBERS),
    fc.constantFrom(...HOSTILE_OTHERS),
    ...(ids.length > 0 ? [fc.constantFrom(...ids)] : []),
    fc.string({ unit: "binary", maxLength: 30 }),
  );
}

const isIdKey = (key: string | undefined) => key !== undefined && /(^id$|Id$|token$|^code$)/.test(key);

/** Ids to send: any of them, and per key (`childId`, `invoiceId`…) the ids of that kind of row. */
export type IdPool = { any: readonly string[]; byKey: Readonly<Record<string, readonly string[]>> };
const idsFor = (pool: IdPool, key: string | undefined): readonly string[] =>
  key && pool.byKey[key]?.length ? pool.byKey[key]! : pool.any;

/** Values that satisfy the schema's shape (the zod refinements may still refuse them). */
export function fromSchema(schema: JsonSchema, ids: IdPool, key?: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => fromSchema(variant, ids, key)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object": {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, fromSchema(property, ids, name)]),
      );
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in model) });
    }
    case "array":
      return fc.array(schema.items ? fromSchema(schema.items, ids) : fc.anything(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case "string":
      return stringFor(schema, ids, key);
    case "integer":
    case "number": {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -(2 ** 31));
      const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 2 ** 31);
      const integers = fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
      return type === "integer" ? integers : fc.oneof(integers, fc.double({ min, max, noNaN: true }));
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(schema: JsonSchema, pool: IdPool, key: string | undefined): fc.Arbitrary<string> {
  const ids = idsFor(pool, key);
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 64;
  const plain = fc.oneof(
    fc.string({ minLength, maxLength: Math.min(maxLength, Math.max(minLength, 40)) }),
    fc.constant("x".repeat(Math.max(minLength, Math.min(maxLength, 4096)))),
  );
  const shaped: fc.Arbitrary<string>[] = [plain];
  if (schema.format === "email" || key === "email") shaped.push(fc.emailAddress());
  if (schema.format === "date" || /date$/i.test(key ?? ""))
    shaped.push(
      fc
        .date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    );
  if (schema.pattern && schema.format !== "email") {
    try {
      shaped.push(fc.stringMatching(new RegExp(schema.pattern)));
    } catch {
      // A pattern fast-check cannot generate from: the plain strings stay.
    }
  }
  if (isIdKey(key) && ids.length > 0) shaped.push(fc.constantFrom(...ids), fc.constantFrom(...ids));
  return fc.oneof(...shaped);
}

/** The places of a value one can change: [] is the whole value, ["a", 0] its a[0]. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths = [prefix];
  if (Array.isArray(value)) value.forEach((item, index) => paths.push(...pathsOf(item, [...prefix, index])));
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  return paths;
}

export function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? setAt(item, rest, replacement) : item));
  // A place under a missing object makes the object.
  const object = (value ?? {}) as Record<string, unknown>;
  return { ...object, [head!]: setAt(object[head!], rest, replacement) };
}

/** Where a value of the schema holds free text: every string that is not an enum or a constant (union members and array items included). */
export function textFieldPaths(schema: JsonSchema, prefix: (string | number)[] = []): (string | number)[][] {
  const found = new Map<string, (string | number)[]>();
  const walk = (node: JsonSchema, path: (string | number)[]) => {
    if (node.const !== undefined || node.enum) return;
    const variants = node.anyOf ?? node.oneOf;
    if (variants) return variants.forEach((variant) => walk(variant, path));
    const type = Array.isArray(node.type) ? node.type[0] : node.type;
    if (type === "object")
      for (const [name, property] of Object.entries(node.properties ?? {})) walk(property, [...path, name]);
    else if (type === "array" && node.items) walk(node.items, [...path, 0]);
    else if (type === "string") found.set(JSON.stringify(path), path);
  };
  walk(schema, prefix);
  return [...found.values()];
}

export type FuzzInput = { input: unknown; kind: "shaped" | "replaced" | "extraKey" };

/** A shaped value, or one with a hostile value somewhere in it, or with a key the schema does not know. */
export function hostileInputs(
  shaped: fc.Arbitrary<unknown>,
  pool: IdPool,
  knownKeys: readonly string[],
): fc.Arbitrary<FuzzInput> {
  const ids = pool.any;
  // Ids go where ids go (an id in a free-text field would be stored, then rightly answered back).
  const replaced = fc
    .tuple(shaped, fc.nat(), hostileValue([]), ids.length > 0 ? fc.constantFrom(...ids) : fc.constant("no-such-id"))
    .map(([value, pick, hostile, id]): FuzzInput => {
      const paths = pathsOf(value);
      const path = paths[pick % paths.length]!;
      const last = path.at(-1);
      return { input: setAt(value, path, typeof last === "string" && isIdKey(last) ? id : hostile), kind: "replaced" };
    });
  const extraKey = fc
    .tuple(
      shaped,
      fc.constantFrom("unexpectedKey", "__proto__", "constructor", "schoolId", "role", "isActive", "id"),
      hostileValue(ids),
    )
    .map(([value, key, hostile]): FuzzInput => {
      if (!value || typeof value !== "object" || Array.isArray(value)) return { input: value, kind: "shaped" };
      const input = { ...value };
      Object.defineProperty(input, key, { value: hostile ?? 1, enumerable: true, configurable: true, writable: true });
      return { input, kind: knownKeys.includes(key) ? "shaped" : "extraKey" };
    });
  return fc.oneof(
    { weight: 2, arbitrary: shaped.map((input): FuzzInput => ({ input, kind: "shaped" })) },
    { weight: 3, arbitrary: replaced },
    { weight: 1, arbitrary: extraKey },
  );
}
