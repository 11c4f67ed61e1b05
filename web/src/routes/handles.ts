import { useMatches } from "react-router";

/** What a route's `handle` can say about its page. */
export type RouteHandle = {
  /**
   * A page the user works on with one hand, where nothing may come up late under a thumb (the
   * driver's run): the app offers nothing there (no Install offer, ADR 0090).
   */
  atWork?: true;
};

export const AT_WORK: RouteHandle = { atWork: true };

/** Whether the page shown is one where the user is at work (a matched route's handle says so). */
export function useAtWork(): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.atWork === true);
}
