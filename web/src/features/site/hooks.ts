import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc.ts";

/** What the public pages show of the platform settings (the support e-mail). */
export function useSiteInfo() {
  const trpc = useTRPC();
  return useQuery(trpc.site.info.queryOptions(undefined, { staleTime: 10 * 60_000 }));
}
