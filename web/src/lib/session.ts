import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { activeLocale, rememberLocale } from "../i18n/i18n.ts";
import { forgetStoredData } from "../pwa/query-persistence.ts";
import type { SessionUser } from "./roles.ts";
import { ROLE_HOMES } from "./roles.ts";
import { type Trpc, useTRPC } from "./trpc.ts";

export type { Role, SessionUser } from "./roles.ts";

export { ROLE_HOMES } from "./roles.ts";

/**
 * The session (`auth.me`), read again at most once a minute. One source for the hooks (here,
 * school-zone.ts) and the routes' prefetch (web/src/routes/prefetch-queries.ts): the same cache key.
 */
export const sessionQuery = (trpc: Trpc) => trpc.auth.me.queryOptions(undefined, { staleTime: 60_000 });

/**
 * The signed-in user, from the server session (an HttpOnly cookie the browser cannot read).
 * `user` is undefined while loading and null when signed out.
 */
export function useSession() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useQuery(sessionQuery(trpc));
  const logoutMutation = useMutation(trpc.auth.logout.mutationOptions());
  const pushUnsubscribe = useMutation(trpc.parent.push.unsubscribe.mutationOptions());
  /**
   * Leave the guarded area first, so no page of it asks the server anything after the session is
   * gone (which would read as "session ended" and send the user to a login page). End this
   * browser's push subscription (ADR 0068; it needs the session), then send the logout at once and,
   * while it travels, forget everything cached for this user, in memory, in storage and in caches:
   * a closed tab or a weak signal leaves neither the session waiting to be ended nor the user's data
   * waiting to be forgotten. Forgotten again once the server has answered.
   */
  const logout = async () => {
    // Loaded here only (every area page carries this hook, and only a logout needs it), from the
    // click on, while the home page loads: no round trip of its own before the logout leaves.
    const pushDevice = import("../features/preferences/push-device.ts");
    await navigate("/");
    await queryClient.cancelQueries();
    try {
      await pushDevice.then(
        ({ endPushOnThisDevice }) => endPushOnThisDevice((endpoint) => pushUnsubscribe.mutateAsync({ endpoint })),
        // Its chunk did not load (a deployment replaced it, or no signal): the logout still leaves;
        // the browser's subscription goes at the next push's 410.
        () => undefined,
      );
      const ended = logoutMutation.mutateAsync();
      forgetUser();
      await forgetStoredData();
      await ended;
    } finally {
      // A session read that left before the server ended it (a page mounting meanwhile) would answer
      // with this user after the forgetting above and keep their data again: it is dropped unread.
      await queryClient.cancelQueries();
      forgetUser();
      await forgetStoredData();
    }
  };
  /**
   * Signed out at once: `me` becomes null in place (its mounted observers, such as the header, see
   * it now; `clear()` alone would detach them and leave the old user on screen until a refetch),
   * then every other cached query about the user is dropped.
   */
  const forgetUser = () => {
    const meKey = trpc.auth.me.queryKey();
    queryClient.setQueryData(meKey, null);
    const me = queryClient.getQueryCache().find({ queryKey: meKey, exact: true });
    queryClient.removeQueries({ predicate: (query) => query !== me });
  };
  const user = me.isPending ? undefined : (me.data ?? null);
  return {
    user,
    loading: me.isPending,
    home: user ? ROLE_HOMES[user.role] : null,
    logout,
    loggingOut: logoutMutation.isPending,
  };
}

/**
 * After a sign-in (password, two-factor step or accepted invitation): this browser keeps the user's
 * language, the one the server gave by ADR 0084's order (their own saved choice, else the one chosen
 * on this device's switcher, now saved as theirs, else their school's default, else the browser's);
 * the switcher's mark is forgotten (used up). When the page shows another one, `path` is
 * loaded in full (so the language's catalogs load) and this returns true: the caller does not
 * navigate. Else it returns false and the caller navigates as usual.
 */
export function enterInUserLocale(user: Pick<SessionUser, "locale">, path: string): boolean {
  rememberLocale(user.locale);
  if (user.locale === activeLocale()) return false;
  location.replace(path);
  return true;
}
