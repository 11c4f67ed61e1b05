import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Locale } from "#shared/locales.ts";
import type { SessionUser } from "../../lib/session.ts";
import { useTRPC } from "../../lib/trpc.ts";

/** My Account → Language: saves the person's own language through their role's account router. */
export function useSetMyLocale(role: "parent" | "school_admin", onSaved: (locale: Locale) => void) {
  const trpc = useTRPC();
  const callbacks = { onSuccess: ({ locale }: { locale: Locale }) => onSaved(locale) };
  const parent = useMutation(trpc.parent.account.setLocale.mutationOptions(callbacks));
  const schoolAdmin = useMutation(trpc.schoolAdmin.account.setLocale.mutationOptions(callbacks));
  return role === "parent" ? parent : schoolAdmin;
}

/**
 * Saves the school's default language; `onSaved` gets it and the session read again (the admin's own
 * language follows the school's when they have not chosen one).
 */
export function useSetSchoolLocale(onSaved: (locale: Locale, me: SessionUser | null) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.schoolAdmin.language.update.mutationOptions({
      onSuccess: async ({ locale }) => {
        void queryClient.invalidateQueries({ queryKey: trpc.schoolAdmin.dashboard.queryKey() });
        const me = await queryClient.fetchQuery(trpc.auth.me.queryOptions(undefined, { staleTime: 0 }));
        onSaved(locale, me);
      },
    }),
  );
}
