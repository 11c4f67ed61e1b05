import { desc, like } from "drizzle-orm";
import { Hono } from "hono";
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { Db } from "#db/client.ts";
import { emailLogs } from "#db/schema/index.ts";
import { LOCAL_MESSAGE_PREFIX } from "../email/provider.ts";

const MAILBOX_LIMIT = 200;

export type MailboxMessage = { id: string; to: string; subject: string; text: string; html: string; createdAt: string };

/** Messages the local mailer "sent" (the outbox rows it stamped), newest first. */
export async function readMailbox(db: Db): Promise<MailboxMessage[]> {
  const rows = await db
    .select()
    .from(emailLogs)
    .where(like(emailLogs.providerMessageId, `${LOCAL_MESSAGE_PREFIX}%`))
    .orderBy(desc(emailLogs.sentAt), desc(emailLogs.createdAt))
    .limit(MAILBOX_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    to: row.recipientEmail,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    createdAt: (row.sentAt ?? row.createdAt).toISOString(),
  }));
}

/** Local mode only: the dev mailbox. The app mounts these routes only when `config.localMode`. */
export function devRoutes(db: Db) {
  const app = new Hono();
  app.get("/mailbox.json", async (c) => c.json(await readMailbox(db)));
  app.get("/mailbox", async (c) => {
    const messages = await readMailbox(db);
    const items = messages.map(
      (m) => html`<article>
        <h2>${m.subject}</h2>
        <p class="meta">To <strong>${m.to}</strong> · ${m.createdAt}</p>
        <details open><summary>Text</summary><pre>${m.text}</pre></details>
        <details><summary>HTML</summary><iframe sandbox title="${m.subject}" srcdoc="${m.html}"></iframe></details>
      </article>`,
    );
    return c.html(
      devPage(
        c.get("secureHeadersNonce") ?? "",
        "Dev mailbox",
        `pre { white-space: pre-wrap; background: #f8fafc; padding: .75rem; border-radius: 6px; }
         iframe { width: 100%; height: 24rem; border: 1px solid #e2e8f0; border-radius: 6px; }`,
        html`<p>Local mode: e-mails are not sent; they appear here (newest first). JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a>. Web pushes: <a href="/dev/push">/dev/push</a>.</p>
          ${messages.length === 0 ? html`<p><em>No messages yet.</em></p>` : raw(items.join(""))}`,
      ),
    );
  });
  return app;
}

/**
 * The frame of a dev page (the mailbox, the pushes): one heading, the base styles, the page's own
 * `extraStyles` (constant CSS, never user data), its body. Styles carry the response's nonce (CSP).
 */
export function devPage(
  nonce: string,
  title: string,
  extraStyles: string,
  body: HtmlEscapedString | Promise<HtmlEscapedString>,
) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · SchoolRide</title>
        <style nonce="${nonce}">
          body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #0f172a; }
          article { border: 1px solid #cbd5e1; border-radius: 8px; padding: 1rem; margin: 1rem 0; }
          h2 { margin: 0; font-size: 1.1rem; } .meta { color: #475569; margin: .25rem 0 .5rem; }
          ${raw(extraStyles)}
        </style>
      </head>
      <body>
        <h1>${title}</h1>
        ${body}
      </body>
    </html>`;
}
