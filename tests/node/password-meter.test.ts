/**
 * The strength meter (web/src/lib/password-strength.ts, run here in Node) never calls a password
 * acceptable that the server refuses as guessable: it answers the shared rule from the same zxcvbn
 * lists the server's filters are built from, and shows the server's reason (PW4).
 */
import { describe, expect, it } from "vitest";
import { GUESSABLE_PASSWORD_MESSAGES } from "#shared/password-rules.ts";
import { newPasswordProblem } from "#worker/auth/breached.ts";
import { stubPwnedPasswords } from "#worker/auth/breached-hibp.ts";
import { commonWords } from "../../scripts/password-dictionary.ts";
import { estimateStrength } from "../../web/src/lib/password-strength.ts";
import { GOOD_EXAMPLES, GUESSABLE_EXAMPLES } from "../support/password-examples.ts";

const offline = { pwnedPasswords: stubPwnedPasswords() };

describe("the strength meter and the server (PW4)", () => {
  it.each(GUESSABLE_EXAMPLES)(
    "PW4 the meter calls %j very weak, for the server's reason (%s)",
    async (password, reason) => {
      const server = await newPasswordProblem(offline, password);
      expect(server).toBe(GUESSABLE_PASSWORD_MESSAGES[reason]);
      expect(estimateStrength(password)).toMatchObject({ score: 0, warning: server });
    },
  );

  // A sample of the lists (zxcvbn's estimate costs ~50 ms a password on a busy CI core).
  it("PW4 every 400th word of the lists, capitalised with a year and a symbol, is very weak in the meter and refused by the server, with the same reason", async () => {
    const sample = commonWords().filter((_, index) => index % 400 === 0);
    expect(sample.length).toBeGreaterThan(90);
    const disagreements: string[] = [];
    for (const word of sample) {
      const password = `${word[0]!.toUpperCase()}${word.slice(1)}2024!`;
      const server = await newPasswordProblem(offline, password);
      const meter = estimateStrength(password);
      if (server === null || meter.score !== 0 || meter.warning !== server) disagreements.push(password);
    }
    expect(disagreements).toEqual([]);
  });

  it.each(GOOD_EXAMPLES)(
    "PW4 %j keeps zxcvbn's own verdict in the meter, and the server accepts it",
    async (password) => {
      expect(await newPasswordProblem(offline, password)).toBeNull();
      expect(Object.values(GUESSABLE_PASSWORD_MESSAGES)).not.toContain(estimateStrength(password).warning);
    },
  );
});
