import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { RouterInputs } from "../../lib/api-types.ts";
import { useTRPC } from "../../lib/trpc.ts";

/** The event types that occur in the audit log (the filter's options). */
export function useAuditEventTypes() {
  const trpc = useTRPC();
  return useQuery(trpc.superAdmin.auditLogs.eventTypes.queryOptions());
}

/** One page of audit log entries, newest first. */
export function useAuditLogs(input: RouterInputs["superAdmin"]["auditLogs"]["list"]) {
  const trpc = useTRPC();
  return useQuery(trpc.superAdmin.auditLogs.list.queryOptions(input, { placeholderData: keepPreviousData }));
}
