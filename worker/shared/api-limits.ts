/**
 * The most procedures one tRPC batch request may carry. A page view batches a handful (the
 * guard's `auth.me` and the page's queries); the client's batch link splits anything larger, and
 * the server refuses a longer batch with 400 before running any of it, so one request cannot
 * make hundreds of procedures run.
 */
export const TRPC_MAX_BATCH_SIZE = 10;
