/**
 * DEV ONLY: the local push service (ADR 0068), started by the Node entry in local mode. Browsers'
 * push services are on the internet; this stands in for them on this machine, on the model of the
 * `web-push-testing` package (its PushApiModel checks the VAPID signature and decrypts RFC 8291's
 * aes128gcm, so what the app sent is read back as the browser would). It serves
 * `POST /notify/<hash>` (201, or 410 once expired) and keeps every push it received, decrypted.
 */
import { createServer, type IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import type { LocalPush, PushSubscriptionJson } from "../deps.ts";

type Model = {
  notifyUrl: string;
  subscribe(options: { applicationServerKey: string }): Promise<PushSubscriptionJson & { clientHash: string }>;
  handleNotification(clientHash: string, headers: Record<string, string | undefined>, body: Buffer): Promise<void>;
  expireSubscription(clientHash: string): void;
  subscriptions: Record<string, unknown>;
};

function readBody(request: IncomingMessage, limit = 16_384): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error("too large"));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** Starts the service on `port` (127.0.0.1; 0: any free one); resolves once it listens. */
export async function startLocalPushService(port: number): Promise<LocalPush> {
  const require = createRequire(import.meta.url);
  const { PushApiModel, SubscriptionExpiredError } = require("web-push-testing/src/PushApiModel.js") as {
    PushApiModel: new () => Model;
    SubscriptionExpiredError: new () => Error;
  };
  const model = new PushApiModel();
  const received: { endpoint: string; at: string; payload: string }[] = [];
  const server = createServer((request, response) => {
    const match = /^\/notify\/([0-9a-f]{64})$/.exec(request.url ?? "");
    if (request.method !== "POST" || !match) {
      response.writeHead(404).end();
      return;
    }
    const clientHash = match[1]!;
    void readBody(request)
      .then(async (body) => {
        await model.handleNotification(
          clientHash,
          {
            encoding: request.headers["content-encoding"],
            encryption: request.headers.encryption as string | undefined,
            cryptoKey: request.headers["crypto-key"] as string | undefined,
            authorization: request.headers.authorization,
            ttl: request.headers.ttl as string | undefined,
          },
          body,
        );
        // The model keeps the decrypted text per subscription; the service keeps them in order too.
        const messages = (model as unknown as { messages: Record<string, string[]> }).messages[clientHash] ?? [];
        received.push({
          endpoint: `${model.notifyUrl}${clientHash}`,
          at: new Date().toISOString(),
          payload: messages.at(-1) ?? "",
        });
        response.writeHead(201).end();
      })
      .catch((error: unknown) => {
        if (error instanceof SubscriptionExpiredError) response.writeHead(410).end();
        else if (!(clientHash in model.subscriptions)) response.writeHead(404).end();
        else response.writeHead(400, { "content-type": "text/plain" }).end(String(error));
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  // Port 0 (tests): the port the system chose.
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  model.notifyUrl = `${origin}/notify/`;
  return {
    origin,
    async subscribe(applicationServerKey) {
      const { clientHash: _hash, ...subscription } = await model.subscribe({ applicationServerKey });
      return { endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys };
    },
    received: () => [...received],
    expire(endpoint) {
      const hash = endpoint.startsWith(model.notifyUrl) ? endpoint.slice(model.notifyUrl.length) : "";
      if (!(hash in model.subscriptions)) return false;
      model.expireSubscription(hash);
      return true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
