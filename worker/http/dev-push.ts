import { Hono } from "hono";
import { html, raw } from "hono/html";
import type { AppDeps, LocalPush } from "../deps.ts";
import { devPage } from "./dev.ts";
import { csrfGuard } from "./security.ts";

/**
 * DEV ONLY: web push in local mode (ADR 0068). Mounted by the app in local mode when the Node entry
 * gives a local push service; production has no /dev, so these are 404 there.
 * - `POST /dev/push/subscribe` `{ applicationServerKey }`: a subscription at the local push service.
 *   Offline, a browser's own `pushManager.subscribe()` cannot reach its push service, so the app
 *   asks here instead; production subscribes with the browser.
 * - `GET /dev/push` (and `.json`): every push the local service received, decrypted, newest first.
 * - `POST /dev/push/expire` `{ endpoint }`: the service forgets a subscription; the next push to it gets 410.
 */
export type ReceivedPush = { endpoint: string; at: string; title: string; body: string; url: string; tag: string };

export function receivedPushes(localPush: LocalPush): ReceivedPush[] {
  return localPush
    .received()
    .map((push) => {
      let data: Partial<Record<"title" | "body" | "url" | "tag", unknown>> = {};
      try {
        data = JSON.parse(push.payload) as typeof data;
      } catch {
        data = { body: push.payload };
      }
      const text = (value: unknown) => (typeof value === "string" ? value : "");
      return {
        endpoint: push.endpoint,
        at: push.at,
        title: text(data.title),
        body: text(data.body),
        url: text(data.url),
        tag: text(data.tag),
      };
    })
    .reverse();
}

export function devPushRoutes(deps: AppDeps, localPush: LocalPush) {
  const app = new Hono();
  app.use("*", csrfGuard(deps.config, []));
  app.post("/subscribe", async (c) => {
    const body = (await c.req.json().catch(() => null)) as { applicationServerKey?: unknown } | null;
    const key = body?.applicationServerKey;
    if (typeof key !== "string" || key !== deps.config.vapid?.publicKey)
      return c.json({ error: "applicationServerKey must be this server's VAPID public key." }, 400);
    return c.json(await localPush.subscribe(key));
  });
  app.post("/expire", async (c) => {
    const body = (await c.req.json().catch(() => null)) as { endpoint?: unknown } | null;
    const endpoint = typeof body?.endpoint === "string" ? body.endpoint : "";
    return localPush.expire(endpoint) ? c.json({ expired: endpoint }) : c.json({ error: "Unknown subscription." }, 404);
  });
  app.get("/received.json", (c) => c.json(receivedPushes(localPush)));
  app.get("/", (c) => {
    const pushes = receivedPushes(localPush);
    const items = pushes.map(
      (push) => html`<article>
        <h2>${push.title}</h2>
        <p>${push.body}</p>
        <p class="meta">Opens <a href="${push.url}">${push.url}</a> · tag ${push.tag} · ${push.at}</p>
        <p class="meta">To <code>${push.endpoint}</code></p>
      </article>`,
    );
    return c.html(
      devPage(
        c.get("secureHeadersNonce") ?? "",
        "Dev pushes",
        "code { word-break: break-all; }",
        html`<p>Local mode: pushes go to the local push service (${localPush.origin}); each one it received is listed here, decrypted (newest first). See also the <a href="/dev/mailbox">mailbox</a>. JSON: <a href="/dev/push/received.json">/dev/push/received.json</a>.</p>
          ${pushes.length === 0 ? html`<p><em>No pushes yet.</em></p>` : raw(items.join(""))}`,
      ),
    );
  });
  return app;
}
