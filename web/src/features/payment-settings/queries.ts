import type { Trpc } from "../../lib/trpc.ts";

/** The school's payment settings, one source for the hook and the invoices route's prefetch (the same cache key). */
export const paymentSettingsQuery = (trpc: Trpc) => trpc.schoolAdmin.paymentSettings.get.queryOptions();
