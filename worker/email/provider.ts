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
      const response = await fetchImpl("https://api.resend.com/emails", {
        method: "POST",
        headers: {
          Authorization: `Bearer ${apiKey}`,
          "Content-Type": "application/json",
          "Idempotency-Key": email.idempotencyKey,
        },
        body: JSON.stringify({ from, to: [email.to], subject: email.subject, html: email.html, text: email.text }),
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
