import type { AppConfig } from "../config.ts";

export type OutgoingEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The outbox row id; providers use it so a retried send is delivered once. */
  idempotencyKey: string;
};

export interface Mailer {
  readonly name: "resend" | "local";
  send(email: OutgoingEmail): Promise<{ providerMessageId: string }>;
}

/**
 * Characters that end or fold a header line, or that a mail system may take as a line end: every
 * control character (CR, LF, NUL, tab, VT, FF and the rest of C0, DEL, C1 with NEL) and the Unicode
 * line and paragraph separators. A header value holding one could add headers of its own (`Bcc:`).
 */
const HEADER_BREAKING = /[\p{Cc}\u2028\u2029]+/gu;

/** A header value on one line: each run of breaking characters becomes one space, the ends are trimmed. */
export function headerValue(value: string): string {
  return value.replace(HEADER_BREAKING, " ").trim();
}

/**
 * The one place an outgoing e-mail's headers are made: every header value (from, to, subject, and
 * any reply-to or custom header a message may gain) goes through `headerValue`, whatever the
 * subject or the recipient came from (a notification's title, a school's name). Bodies keep their lines.
 */
export function outgoingMessage(from: string, email: OutgoingEmail) {
  return {
    from: headerValue(from),
    to: headerValue(email.to),
    subject: headerValue(email.subject),
    html: email.html,
    text: email.text,
  };
}

export class EmailProviderError extends Error {
  override name = "EmailProviderError";
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Resend's HTTP API over fetch (works in workerd and Node). */
export function resendMailer(apiKey: string, from: string, fetchImpl: typeof fetch = fetch): Mailer {
  return {
    name: "resend",
    async send(email) {
      const { to, ...message } = outgoingMessage(from, email);
      const response = await fetchImpl("https://api.resend.com/emails", {
        method: "POST",
        headers: {
          Authorization: `Bearer ${apiKey}`,
          "Content-Type": "application/json",
          "Idempotency-Key": email.idempotencyKey,
        },
        body: JSON.stringify({ ...message, to: [to] }),
      });
      if (!response.ok) {
        const detail = (await response.text()).slice(0, 300);
        throw new EmailProviderError(`Resend answered ${response.status}: ${detail}`, response.status);
      }
      const body = (await response.json()) as { id?: string };
      if (!body.id) throw new EmailProviderError("Resend answered without a message id");
      return { providerMessageId: body.id };
    },
  };
}

export const LOCAL_MESSAGE_PREFIX = "local_";

/**
 * Local mode: nothing leaves the machine. The outbox row itself, marked sent with a `local_` id,
 * is the message; /dev/mailbox lists those rows.
 */
export function localMailer(): Mailer {
  return {
    name: "local",
    async send(email) {
      return { providerMessageId: `${LOCAL_MESSAGE_PREFIX}${email.idempotencyKey}` };
    },
  };
}

export function createMailer(config: AppConfig, fetchImpl?: typeof fetch): Mailer {
  return config.resendApiKey ? resendMailer(config.resendApiKey, config.emailFrom, fetchImpl) : localMailer();
}
