/**
 * The Create Invoice form's submission key: a v4 UUID the server's schema takes, from
 * `crypto.randomUUID` where the page is a secure context and from `getRandomValues` where it is not.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createInvoiceInput } from "#shared/invoices.ts";
import { newRequestKey } from "../../web/src/lib/request-key.ts";

const accepted = (requestKey: string) =>
  createInvoiceInput.safeParse({
    recipientId: "p1",
    description: "Bus",
    baseAmount: 1,
    issueDate: "2026-03-02",
    dueDate: "2026-03-17",
    requestKey,
  }).success;

afterEach(() => vi.unstubAllGlobals());

describe("form submission keys", () => {
  it("are distinct v4 UUIDs the server accepts, with or without crypto.randomUUID (an insecure context)", () => {
    const secure = Array.from({ length: 50 }, newRequestKey);
    const { getRandomValues } = crypto;
    vi.stubGlobal("crypto", { getRandomValues: getRandomValues.bind(crypto) });
    const insecure = Array.from({ length: 50 }, newRequestKey);
    for (const key of [...secure, ...insecure]) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(accepted(key)).toBe(true);
    }
    expect(new Set([...secure, ...insecure]).size).toBe(100);
    expect(accepted("not-a-key")).toBe(false);
  });
});
