import type { AnyRouter, inferRouterContext } from "@trpc/server";
import { resolveResponse } from "@trpc/server/http";
import type { Context as HonoContext, MiddlewareHandler } from "hono";
import { TRPC_MAX_BATCH_SIZE } from "#shared/api-limits.ts";

const trimSlashes = (path: string) => path.replace(/^\/|\/$/g, "");

/** The procedure path(s) of a tRPC URL under `endpoint`, read as tRPC's fetch adapter reads them. */
export function procedurePath(url: string, endpoint: string): string {
  return trimSlashes(trimSlashes(new URL(url).pathname).slice(trimSlashes(endpoint).length));
}

/**
 * tRPC's own request resolver (`resolveResponse`) as a Hono handler: what `@hono/trpc-server` and
 * tRPC's fetch adapter did, without their per-request layers (two copies of the options, a proxy
 * of the request, a wrapper context) (ADR 0028). The body limit has already buffered a POST's body
 * into `c.req.raw`, so tRPC reads it from there. Headers a procedure adds (`Set-Cookie`,
 * `Retry-After`) go on the response, as the adapter's `resHeaders` did.
 */
export function trpcHandler<R extends AnyRouter>(
  router: R,
  endpoint: string,
  createContext: (c: HonoContext, resHeaders: Headers) => Promise<inferRouterContext<R>>,
): MiddlewareHandler {
  return async (c) => {
    const req = c.req.raw;
    const resHeaders = new Headers();
    return resolveResponse({
      router,
      req,
      path: procedurePath(req.url, endpoint),
      error: null,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      createContext: () => createContext(c, resHeaders),
      responseMeta: () => ({ headers: resHeaders }),
    });
  };
}
