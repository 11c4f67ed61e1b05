import fc from "fast-check";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { outputSerializer, serializeOutput } from "#worker/trpc/output-transformer.ts";

/**
 * What the client reads: the same payload as superjson's (the annotations' order aside: superjson's
 * nested objects list integer keys first, and deserializing does not depend on it), and the same
 * value once it went through JSON and `superjson.deserialize`.
 */
const sameAsSuperjson = (value: unknown) => {
  const ours = JSON.parse(JSON.stringify(serializeOutput(value)));
  const theirs = JSON.parse(JSON.stringify(superjson.serialize(value)));
  expect(ours).toEqual(theirs);
  expect(superjson.deserialize(ours)).toEqual(superjson.deserialize(theirs));
};

// Keys with the characters superjson escapes in its paths, and everyday ones.
const key = fc.oneof(fc.constantFrom("id", "a.b", "a\\b", "\\.", ".", "", "0", "name"), fc.string({ maxLength: 6 }));
const leaf = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: true }),
);
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, tie("array"), tie("object")),
  array: fc.array(tie("node"), { maxLength: 5 }),
  object: fc.dictionary(key, tie("node"), { maxKeys: 5 }),
})).node;

describe("procedure output serializer (ADR 0028)", () => {
  it("builds superjson's payload for plain objects, arrays, Dates and undefined", () => {
    fc.assert(
      fc.property(value, (v) => sameAsSuperjson(v)),
      { numRuns: 500 },
    );
  });

  it("builds superjson's payload for a list page as the services answer it", () => {
    const page = {
      items: Array.from({ length: 20 }, (_, i) => ({
        id: `s${i}`,
        createdAt: new Date(Date.UTC(2026, 0, i + 1)),
        note: i % 2 ? undefined : null,
        "a.b": i,
      })),
      total: 20,
      totalCapped: false,
    };
    const out = serializeOutput(page);
    expect(out.meta?.values).toMatchObject({ "items.0.createdAt": ["Date"], "items.1.note": ["undefined"] });
    sameAsSuperjson(page);
    sameAsSuperjson([new Date(0), undefined, { "x.y\\z": new Date(1) }]);
  });

  it("hands what it does not build itself to superjson: same payload, references and errors included", () => {
    const shared = { id: 1 };
    const day = new Date(5);
    for (const v of [
      { map: new Map([["a", 1]]) },
      { set: new Set([1]) },
      { big: 10n },
      { n: Number.NaN, i: Number.POSITIVE_INFINITY },
      { zero: -0, list: [0, -0] },
      { bad: new Date(Number.NaN) },
      { error: new Error("x") },
      { re: /x/g },
      [shared, shared],
      { first: day, again: day },
      // biome-ignore lint/suspicious/noSparseArray: a hole is what is tested
      [1, , 3],
      new Date(7),
      undefined,
      "text",
      42,
      null,
    ]) {
      sameAsSuperjson(v);
    }
    const circular: Record<string, unknown> = { id: 1 };
    circular.self = circular;
    expect(serializeOutput(circular)).toEqual(superjson.serialize(circular));
    const polluted = JSON.parse('{"__proto__": {"admin": true}}') as unknown;
    expect(() => serializeOutput(polluted)).toThrow(/prototype pollution/);
  });

  it("is the one-pass walk only while it agrees with the installed superjson, superjson itself otherwise (ADR 0043)", () => {
    const page = { items: [{ id: "a", at: new Date(3) }] };
    // The installed superjson: the walk is in use (it builds its own object, equal to superjson's).
    expect(outputSerializer()(page)).toEqual(superjson.serialize(page));
    // A superjson whose payload differs (here: a format version 2): every output is its own.
    const changed = (value: unknown) =>
      ({ ...superjson.serialize(value), meta: { ...superjson.serialize(value).meta, v: 2 } }) as ReturnType<
        typeof superjson.serialize
      >;
    expect(outputSerializer(changed)(page)).toEqual(changed(page));
    expect(outputSerializer(changed)({ plain: 1 })).toEqual(changed({ plain: 1 }));
  });
});
