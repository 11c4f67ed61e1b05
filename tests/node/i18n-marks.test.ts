import { describe, expect, it } from "vitest";
import { markable, markCatalog, markCode, markMessage, untranslatedPart, withoutPrerender } from "../e2e/i18n-marks.ts";

/** The checker of the marked project (tests/e2e/i18n-marks.ts): what it marks, what it lets through. */
const Z = "\u200b";

describe("the marked project's checker", () => {
  it("marks a message's own words, not its placeholders, in plural and select branches too", () => {
    expect(markMessage("Sign In")).toBe(`${Z}Sign In${Z}`);
    expect(markMessage(["Today at ", ["time"]])).toEqual([`${Z}Today at ${Z}`, ["time"]]);
    expect(markMessage([["n", "plural", { one: ["#", " pupil"], other: ["#", " pupils"] }]])).toEqual([
      ["n", "plural", { one: ["#", `${Z} pupil${Z}`], other: ["#", `${Z} pupils${Z}`] }],
    ]);
    expect(markMessage([["where", "select", { stop: "at a stop", other: "" }]])).toEqual([
      ["where", "select", { stop: `${Z}at a stop${Z}`, other: "" }],
    ]);
    const chunk = 'var e=JSON.parse(`{"a":["Hello ",["name"]]}`);export{e as messages};';
    expect(markCatalog(chunk)).toContain(JSON.stringify(JSON.stringify({ a: [`${Z}Hello ${Z}`, ["name"]] })));
  });

  it("marks the English the build wrote into the code's descriptors, and nothing else there", () => {
    const code =
      'var a={id:`BZ6u0O`,message:[`My Children`]},b=i._({id:"x.y",message:[["n","plural",{one:["#"," stop ]"],other:["#",` stops`]}]],values:{n}}),c={id:`q`,label:"Keep"};';
    const marked = markCode(code);
    expect(marked).toContain(`{id:\`BZ6u0O\`,message:${JSON.stringify([`${Z}My Children${Z}`])}}`);
    expect(marked).toContain(
      `message:${JSON.stringify([["n", "plural", { one: ["#", `${Z} stop ]${Z}`], other: ["#", `${Z} stops${Z}`] }]])},values:{n}`,
    );
    expect(marked).toContain('c={id:`q`,label:"Keep"}');
    expect(markCode("var a=1;")).toBe("var a=1;");
  });

  it("finds words that are neither marked nor data", () => {
    expect(untranslatedPart("Yesterday at 7:30 PM", [])).toBe("Yesterday at :");
    expect(untranslatedPart("Ava Rivera 3rd Grade", ["Ava Rivera"])).toBe("Grade");
    // A value is data where it stands whole, not inside a word ("en" in "Parent").
    expect(untranslatedPart("Parent Login", ["en"])).toBe("Parent Login");
    // A value that ends in a space or a sign is whole before a word: a composed message's prefix.
    expect(untranslatedPart("Missing: School Name, City", ["Missing: ", "School Name", "City"])).toBe("");
  });

  it("lets data through: names the API sent, languages' own names, countries, zones, ids, the map's scale", () => {
    expect(untranslatedPart("Ava Rivera", ["Ava Rivera"])).toBe("");
    expect(untranslatedPart("Svenska", [])).toBe("");
    expect(untranslatedPart("United Kingdom", [])).toBe("");
    expect(untranslatedPart("America / Argentina / La Rioja", [])).toBe("");
    expect(untranslatedPart("Australia / Lord Howe", [])).toBe("");
    expect(untranslatedPart("22abbae0… Nov 27, 2026 0 0", [])).toBe("");
    expect(untranslatedPart("500 ft", [])).toBe("");
    expect(untranslatedPart("alt+T", [])).toBe("");
    expect(untranslatedPart("ops@example.com · SchoolRide", [])).toBe("");
  });

  it("renders a prerendered page afresh: no prerendered body, no prerendered title", () => {
    const html =
      '<html><head><title>Log In · SchoolRide</title></head><body><div id="root" data-prerendered="/login"><p>Log In</p></div>\n</body></html>';
    expect(withoutPrerender(html)).toBe(
      '<html><head><title></title></head><body><div id="root"></div>\n</body></html>',
    );
    const shell = '<html><head><title>SchoolRide</title></head><body><div id="root"></div></body></html>';
    expect(withoutPrerender(shell)).toBe(shell);
  });

  it("matches a journey's pattern with marks in the text, and as before without", () => {
    const cases: [RegExp, string, boolean][] = [
      [/^\d+–\d+ min$/, `3${Z}–${Z}5${Z} min${Z}`, true],
      [/^\d+–\d+ min$/, "3–5 min", true],
      [/^\d+–\d+ min$/, "3–5 minutes", false],
      [/Live\s*updated \d+ s ago/, `${Z}Live${Z}${Z}updated ${Z}8${Z} s ago${Z}`, true],
      [/^(([1-5]–)?[1-5] min|Arriving)$/, `${Z}Arriving${Z}`, true],
      [/^Paid$/, `${Z}Paid${Z}`, true],
      [/^Paid$/, `${Z}Unpaid${Z}`, false],
      [/subscription is Cancelled/, `x${Z}'s subscription is ${Z}${Z}Cancelled${Z}`, true],
    ];
    for (const [pattern, text, matches] of cases)
      expect(markable(pattern).test(text), `${pattern} ${text}`).toBe(matches);
  });
});
