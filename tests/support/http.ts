import superjson from "superjson";
import type { App } from "#worker/app.ts";
import { signStripePayload, type stripeEvent } from "#worker/stripe/events.ts";
import type { TestApp } from "./harness.ts";

export type CallOptions = { cookie?: string; ip?: string; headers?: Record<string, string> };

export type TrpcResponse = {
  status: number;
  headers: Headers;
  /** The Set-Cookie header of the session cookie, or null. */
  setCookie: string | null;
  /** The Set-Cookie header of the sign-in device cookie (ADR 0035), or null. */
  deviceCookie: string | null;
  /** The procedure's result, decoded with superjson. */
  data: unknown;
  error: {
    message: string;
    code: string;
    data: { code: string; httpStatus: number; retryAfterSeconds: number | null };
  } | null;
};

async function decode(response: Response): Promise<TrpcResponse> {
  const body = (await response.json()) as { result?: { data: unknown }; error?: { json: TrpcResponse["error"] } };
  const setCookies = response.headers.getSetCookie();
  return {
    status: response.status,
    headers: response.headers,
    setCookie: setCookies.find((header) => /^(__Host-)?schoolride_session=/.test(header)) ?? null,
    deviceCookie: setCookies.find((header) => /^(__Host-)?schoolride_device=/.test(header)) ?? null,
    data: body.result ? superjson.deserialize(body.result.data as never) : undefined,
    error: body.error ? (body.error.json ?? null) : null,
  };
}

function baseHeaders(options: CallOptions): Record<string, string> {
  return {
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...(options.ip ? { "x-test-ip": options.ip } : {}),
    ...options.headers,
  };
}

/** POSTs a tRPC mutation the way the browser client does (JSON, same origin). */
export async function mutate(app: App, path: string, input: unknown, options: CallOptions = {}): Promise<TrpcResponse> {
  const response = await app.request(`http://localhost:8787/api/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:8787", ...baseHeaders(options) },
    body: JSON.stringify(superjson.serialize(input)),
  });
  return decode(response);
}

/** GETs a tRPC query. */
export async function query(app: App, path: string, input?: unknown, options: CallOptions = {}): Promise<TrpcResponse> {
  const search = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
  const response = await app.request(`http://localhost:8787/api/trpc/${path}${search}`, {
    headers: baseHeaders(options),
  });
  return decode(response);
}

/** The `name=value` part of a Set-Cookie header, ready to send back as a Cookie header. */
export function cookieFrom(setCookie: string | null): string {
  if (!setCookie) throw new Error("no Set-Cookie header");
  return setCookie.split(";")[0]!;
}

/** Delivers a Stripe event to `/api/stripe/webhook`, signed now with the app's secret, as Stripe does; the response. */
export async function postStripeEvent(
  t: Pick<TestApp, "app" | "deps" | "clock">,
  event: ReturnType<typeof stripeEvent>,
): Promise<Response> {
  const payload = JSON.stringify(event);
  const signature = await signStripePayload(
    { stripe: t.deps.stripe, webhookSecret: t.deps.stripeWebhookSecret },
    payload,
    t.clock.now(),
  );
  return t.app.request("http://localhost:8787/api/stripe/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
}
