import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** Every decision record has a status line and a row in the index (docs/decisions/README.md). */
const DIR = join(import.meta.dirname, "../../docs/decisions");
const records = readdirSync(DIR).filter((file) => /^\d{4}-.+\.md$/.test(file));
const index = readFileSync(join(DIR, "README.md"), "utf8");
const STATUS = /^Status: (accepted|proposed|superseded by \d{4}|deprecated)\b/;

describe("architecture decisions", () => {
  it("each has a status line under its title, naming what supersedes it if it is superseded", () => {
    expect(records.length).toBeGreaterThan(40);
    const without = records.filter(
      (file) =>
        !readFileSync(join(DIR, file), "utf8")
          .split("\n")
          .some((line) => STATUS.test(line)),
    );
    expect(without).toEqual([]);
  });

  it("each is in the index, with the status its file gives", () => {
    for (const file of records) {
      const row = index.split("\n").find((line) => line.includes(`](${file})`));
      expect(row, file).toBeDefined();
      const status = readFileSync(join(DIR, file), "utf8").match(/^Status: (\w+)/m)?.[1];
      expect(row!.split("|")[3]!.trim().match(/^\w+/)?.[0], file).toBe(status);
    }
  });

  it("numbers are unique and the index names no file that does not exist", () => {
    const numbers = records.map((file) => file.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
    const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]);
    expect(linked.filter((file) => !records.includes(file!))).toEqual([]);
  });
});
