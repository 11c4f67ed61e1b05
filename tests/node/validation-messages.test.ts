import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";

/**
 * Issue 25 item 7: what a person reads when a value is refused says what is allowed, in words. This
 * walks every zod schema the shared modules export (and the schemas their factories build), every
 * string and number field in them, feeds each field values it refuses, and checks that none of
 * zod's default wording ("Too big: expected string to have <=120 characters", "Invalid input")
 * is among the messages. `#shared/fields.ts` words what a schema leaves to zod; every module that
 * builds a schema imports it, so the words are installed wherever a schema is (server and browser).
 */
const SHARED = join(import.meta.dirname, "../../worker/shared");
const modules = readdirSync(SHARED).filter((name) => name.endsWith(".ts"));

const ZOD_DEFAULTS =
  /Too big|Too small|expected|Invalid input|Invalid option|Invalid string|Invalid email address|Invalid UUID|Unrecognized key|^Invalid$/;

/** The factories of the shared modules, with arguments (a schema made per day, region or role). */
const FACTORIES: Record<string, unknown[][]> = {
  registrationSchema: [["2026-03-01"]],
  updateRegistrationSchema: [["2026-03-01"]],
  searchField: [[], [254]],
  phoneField: [["US"], [null, "Phone is required"]],
  enrollmentFormFor: [["US"], [null]],
  profileFormFor: [
    ["parent", "US"],
    ["school_admin", null],
  ],
  text: [[120], [40, "Name is required"]],
  optionalText: [[1000]],
};

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The kind of value a field takes at its core: through optional, nullable, default and pipe wrappers. */
function kindOf(schema: z.ZodType): string {
  const def = defOf(schema);
  if (def.innerType) return kindOf(def.innerType);
  if (def.type === "pipe" && def.in) return kindOf(def.in);
  return def.type;
}

/** Every field (name path and its schema) of an object schema, nested objects, arrays and unions included. */
function fields(schema: z.ZodType, path: string[] = []): [string, z.ZodType][] {
  const def = defOf(schema);
  if (def.innerType) return fields(def.innerType, path);
  if (def.type === "pipe" && def.in) return [...fields(def.in, path), ...(def.out ? fields(def.out, path) : [])];
  if (def.type === "array" && def.element) return fields(def.element, [...path, "[]"]);
  if (def.type === "union" && def.options) return def.options.flatMap((option) => fields(option, path));
  if (def.type === "object" && def.shape)
    return Object.entries(def.shape).flatMap(([key, field]) => [
      [[...path, key].join("."), field] as [string, z.ZodType],
      ...fields(field, [...path, key]),
    ]);
  return [];
}

const BAD = {
  string: ["", "   ", "x".repeat(100_001), 12, null, true, {}, "not a value it takes"],
  number: [2.5, -1, -1e12, 1e12, 0, Number.NaN, Number.POSITIVE_INFINITY, "abc", "", null, true],
} as const;

async function allSchemas(): Promise<[string, z.ZodType][]> {
  const found: [string, z.ZodType][] = [];
  for (const name of modules) {
    const exports = (await import(join(SHARED, name))) as Record<string, unknown>;
    for (const [key, value] of Object.entries(exports)) {
      if (value instanceof z.ZodType) found.push([`${name} ${key}`, value]);
      else if (typeof value === "function" && key in FACTORIES) {
        for (const args of FACTORIES[key]!)
          found.push([
            `${name} ${key}(${args.map(String).join(", ")})`,
            (value as (...a: unknown[]) => z.ZodType)(...args),
          ]);
      }
    }
  }
  return found;
}

function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("validation messages say what is allowed, in words (issue 25)", () => {
  it("every module that builds a schema installs the words (imports ./fields.ts)", () => {
    const missing = modules.filter((name) => {
      const source = readFileSync(join(SHARED, name), "utf8");
      return (
        name !== "fields.ts" &&
        source.includes('from "zod"') &&
        !/from "\.\/fields\.ts"|import "\.\/fields\.ts"/.test(source)
      );
    });
    expect(missing).toEqual([]);
  });

  it("walks the shared schemas: many of them, and every factory named here exists", async () => {
    const schemas = await allSchemas();
    expect(schemas.length).toBeGreaterThan(40);
    for (const factory of Object.keys(FACTORIES))
      expect(
        schemas.some(([name]) => name.includes(` ${factory}(`)),
        factory,
      ).toBe(true);
    const leaves = schemas
      .flatMap(([, schema]) => fields(schema))
      .filter(([, field]) => ["string", "number"].includes(kindOf(field)));
    expect(leaves.length).toBeGreaterThan(150);
  });

  it("no string or number field, and no form as a whole, answers with zod's default wording", async () => {
    const offenders: string[] = [];
    for (const [name, schema] of await allSchemas()) {
      const report = (where: string, value: unknown, said: string[]) => {
        for (const message of said)
          if (ZOD_DEFAULTS.test(message))
            offenders.push(`${name} ${where} ${JSON.stringify(value)?.slice(0, 30)}: ${message}`);
      };
      // The form as a whole: nothing sent, a key it does not have, not an object.
      for (const value of [{}, { notAField: 1 }, "text", undefined]) report("(whole)", value, messages(schema, value));
      const kind = kindOf(schema);
      if (kind === "string" || kind === "number")
        for (const value of BAD[kind]) report("(field)", value, messages(schema, value));
      for (const [path, field] of fields(schema)) {
        const fieldKind = kindOf(field);
        if (fieldKind !== "string" && fieldKind !== "number") continue;
        for (const value of BAD[fieldKind]) report(path, value, messages(field, value));
      }
    }
    expect(offenders).toEqual([]);
  });

  it("the words of the issue: 2.5 stops, a 121-character route name, a child's name that is too long", async () => {
    const { tripFormSchema } = await import("#shared/trips.ts");
    const { childFormSchema } = await import("#shared/children.ts");
    expect(messages(tripFormSchema.shape.stops, 2.5)).toEqual(["Enter a whole number of stops, 1 or more"]);
    expect(messages(tripFormSchema.shape.routeName, "x".repeat(121))).toEqual(["Use at most 120 characters"]);
    expect(messages(childFormSchema.shape.name, "x".repeat(121))).toEqual(["Use at most 120 characters"]);
  });
});
