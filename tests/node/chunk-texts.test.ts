import { setupI18n } from "@lingui/core";
import { I18nProvider, Trans } from "@lingui/react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { parseSync } from "vite";
import { describe, expect, it } from "vitest";
import { withEnglish } from "../../scripts/chunk-texts-plugin.ts";

/**
 * The English the build writes into the code (ADR 0086): which descriptors get it, and that Lingui
 * shows it where the active catalog has no such id (English, which loads none) and the catalog's
 * text where it has one (any other language). A Lingui upgrade that stops reading a compiled
 * `message` fails here, not on a reader's page.
 */
const ENGLISH = {
  BZ6u0O: ["My Children"],
  a1b2c3: ["Hello ", ["name"]],
  stops: [["n", "plural", { one: ["#", " stop"], other: ["#", " stops"] }]],
};

const given = (code: string) => withEnglish(code, parseSync("chunk.js", code).program as never, ENGLISH);

describe("the English written into a chunk's descriptors", () => {
  it("gives each of the macros' descriptors its compiled English, after its id", () => {
    const code = 'const a = { id: "BZ6u0O" }, b = i18n._({ id: `a1b2c3`, values: { name } }), c = { "id": \'stops\' };';
    const { code: out, inlined } = given(code);
    expect(out).toBe(
      'const a = { id: "BZ6u0O",message:["My Children"] }, b = i18n._({ id: `a1b2c3`,message:["Hello ",["name"]], values: { name } }), c = { "id": \'stops\',message:[["n","plural",{"one":["#"," stop"],"other":["#"," stops"]}]] };',
    );
    expect([...inlined].sort()).toEqual(["BZ6u0O", "a1b2c3", "stops"]);
  });

  it("replaces a hand-written descriptor's English source with the compiled English", () => {
    const code = 'i18n._({ ...{ id: "stops", message: "{n, plural, one {# stop} other {# stops}}" }, values });';
    expect(given(code).code).toBe(
      'i18n._({ ...{ id: "stops", message: [["n","plural",{"one":["#"," stop"],"other":["#"," stops"]}]] }, values });',
    );
  });

  it("leaves what is not such a descriptor: an unknown id, a message not stated outright, a computed or spread one", () => {
    const templateWithExpression = "`a1b2$" + "{x}`";
    const code = `const a = { id: "other" }, b = { id: "BZ6u0O", message: kept }, c = { [id]: "BZ6u0O" }, d = { id: ${templateWithExpression} }, e = { ...rest, id: "stops" };`;
    expect(given(code)).toEqual({ code, inlined: new Set() });
  });

  it("finds its place after text in any script (the parser's offsets are the code's)", () => {
    const code = 'const t = "Loading… 载入中 ✓ 👍🏽"; const a = { label: { id: "BZ6u0O" } };';
    expect(given(code).code).toBe(
      'const t = "Loading… 载入中 ✓ 👍🏽"; const a = { label: { id: "BZ6u0O",message:["My Children"] } };',
    );
  });
});

describe("Lingui with the English in the code", () => {
  const english = setupI18n({ locale: "en", messages: { en: {} } });
  const spanish = setupI18n({ locale: "es", messages: { es: { a1b2c3: ["Hola ", ["name"]] } } });
  const descriptor = { id: "a1b2c3", message: ENGLISH.a1b2c3 as never, values: { name: "Ava" } };

  it("shows the descriptor's English where the catalog has no such id, with its values and plurals", () => {
    expect(english._(descriptor)).toBe("Hello Ava");
    expect(english._({ id: "stops", message: ENGLISH.stops as never, values: { n: 1 } })).toBe("1 stop");
    expect(english._({ id: "stops", message: ENGLISH.stops as never, values: { n: 3 } })).toBe("3 stops");
  });

  it("shows the catalog's text where it has the id", () => {
    expect(spanish._(descriptor)).toBe("Hola Ava");
  });

  it("renders <Trans> with its English too", () => {
    const trans = (i18n: typeof english) =>
      renderToStaticMarkup(
        createElement(
          I18nProvider,
          { i18n },
          createElement(Trans, { id: "a1b2c3", message: ENGLISH.a1b2c3 as never, values: { name: "Ava" } }),
        ),
      );
    expect(trans(english)).toBe("Hello Ava");
    expect(trans(spanish)).toBe("Hola Ava");
  });
});
