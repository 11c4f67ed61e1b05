import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "./trpc.ts";

/** The signed-in user's school settings, from the session (`auth.me`, already cached by the area's guard). */
function useSchool() {
  const trpc = useTRPC();
  return useQuery(trpc.auth.me.queryOptions(undefined, { staleTime: 60_000 })).data;
}

/** The school's zone, in which a school area shows every instant; null outside a school (the super admin: the reader's own zone). */
export const useSchoolZone = (): string | null => useSchool()?.timeZone ?? null;

/** The school's phone region (ISO 3166 alpha-2) for the forms' phone rule; null: numbers need + and a country code. */
export const usePhoneRegion = (): string | null => useSchool()?.phoneRegion ?? null;
