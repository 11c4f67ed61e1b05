import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Locale } from "#shared/locales.ts";
import type { Role, SessionUser } from "../../lib/session.ts";
import { useTRPC } from "../../lib/trpc.ts";

/** A person's own language (My Account → Language; the driver's and the super admin's Language page), through their role's router. */
export function useSetMyLocale(role: Role, onSaved: (locale: Locale) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const callbacks = {
    onSuccess: ({ locale }: { locale: Locale }) => {
      // The session says the new language at once: the page that loads again in it restores the
      // kept session (the app's stored data) before asking the server, and shows it as saved.
      queryClient.setQueryData(trpc.auth.me.queryKey(), (me: SessionUser | null | undefined) =>
        me ? { ...me, locale } : me,
      );
      onSaved(locale);
    },
  };
  const mutations = {
    parent: useMutation(trpc.parent.account.setLocale.mutationOptions(callbacks)),
    school_admin: useMutation(trpc.schoolAdmin.account.setLocale.mutationOptions(callbacks)),
    driver: useMutation(trpc.driver.account.setLocale.mutationOptions(callbacks)),
    super_admin: useMutation(trpc.superAdmin.account.setLocale.mutationOptions(callbacks)),
  };
  return mutations[role];
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
