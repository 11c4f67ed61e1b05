import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emailLogs } from "#db/schema/index.ts";
import { deliverEmail } from "#worker/email/deliver.ts";
import { resendMailer } from "#worker/email/provider.ts";
import { callerFor } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** Resend's real adapter over a provider that records what it was asked to send. */
function recordingResend(from: string) {
  const sent: Record<string, unknown>[] = [];
  const fetchImpl = (async (_url: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body)));
    return Response.json({ id: `re_${sent.length}` });
  }) as typeof fetch;
  return { sent, mailer: resendMailer("re_key", from, fetchImpl) };
}

/** Every character that ends or folds a header line, or that a mail system may take as one. */
const BREAKS = [
  "\r\n",
  "\r",
  "\n",
  "\u0000",
  "\u000b",
  "\u000c",
  "\t",
  "\u001f",
  "\u007f",
  "\u0085",
  "\u2028",
  "\u2029",
];

describe("outgoing e-mail headers (IN2)", () => {
  it("IN2 a notification title with CR/LF (or another line break) reaches the e-mail subject on one line, with no header added", async () => {
    const school = await createSchool(t.db, { name: "Maple\r\nX-School: injected" });
    const admin = await createUser(t.db, "school_admin", { schoolId: school.id });
    const parent = await createUser(t.db, "parent", { schoolId: school.id });
    const api = await callerFor(t, admin);
    const { sent, mailer } = recordingResend("SchoolRide <no-reply@example.com>\r\nReply-To: attacker@example.com");
    // A NUL is left to the mailer test below: the database driver reads text back only up to it.
    const titleBreaks = BREAKS.filter((lineBreak) => lineBreak !== "\u0000");
    for (const [index, lineBreak] of titleBreaks.entries()) {
      const title = `Snow day ${index}${lineBreak}Bcc: everyone@attacker.example`;
      await api.schoolAdmin.notifications.send({
        title,
        message: "No buses tomorrow.",
        type: "warning",
        category: "system",
        audience: { kind: "parent", parentId: parent.id },
        email: true,
      });
      const [row] = await t.db.select().from(emailLogs).where(eq(emailLogs.status, "pending"));
      expect(await deliverEmail({ db: t.db, mailer, now: t.clock.now }, row!.id)).toBe("sent");
    }
    expect(sent).toHaveLength(titleBreaks.length);
    for (const [index, message] of sent.entries()) {
      expect(message.subject, JSON.stringify(titleBreaks[index])).toBe(
        `Maple X-School: injected: Snow day ${index} Bcc: everyone@attacker.example`,
      );
      expect(message.from).toBe("SchoolRide <no-reply@example.com> Reply-To: attacker@example.com");
      expect(message.to).toEqual([parent.email]);
      expect(Object.keys(message).sort()).toEqual(["from", "html", "subject", "text", "to"]);
    }
  });

  it("IN2 every header value is put on one line, whatever mailer field it is in: to, from and subject", async () => {
    const { sent, mailer } = recordingResend(`a${BREAKS.join("b")}c`);
    await mailer.send({
      to: `p${BREAKS.join("")}@example.com`,
      subject: `  ${BREAKS.join("x")}  `,
      html: "<p>Line\r\none</p>",
      text: "Line\r\none",
      idempotencyKey: "k",
    });
    expect(sent).toEqual([
      {
        // Each run of breaking characters is one space; the ends are trimmed.
        from: `a ${"b ".repeat(BREAKS.length - 1)}c`,
        to: ["p @example.com"],
        subject: Array(BREAKS.length - 1)
          .fill("x")
          .join(" "),
        // Bodies are not headers: their line breaks stay.
        html: "<p>Line\r\none</p>",
        text: "Line\r\none",
      },
    ]);
  });
});
