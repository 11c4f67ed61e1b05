import { t } from "@lingui/core/macro";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

export type RouteList = RouterOutputs["schoolAdmin"]["routes"]["list"];
export type RouteRow = RouteList["routes"][number];
export type RouteDetail = RouterOutputs["schoolAdmin"]["routes"]["get"];
export type BusRow = RouterOutputs["schoolAdmin"]["buses"]["list"]["buses"][number];

/** A page of the school's routes, with bus, direction, stops, riders and seats used. */
export function useRoutes(page: number) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.schoolAdmin.routes.list.queryOptions({ page }), placeholderData: keepPreviousData });
}

/** One route with its stops in order and its riders. */
export function useRoute(routeId: string) {
  const trpc = useTRPC();
  return useQuery(trpc.schoolAdmin.routes.get.queryOptions({ routeId }));
}

/** The school's buses, by number. */
export function useBuses() {
  const trpc = useTRPC();
  return useQuery(trpc.schoolAdmin.buses.list.queryOptions());
}

/** Routes, buses and riders feed each other's counts, and their runs feed trips and the dashboard. */
function useInvalidateSchool() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.schoolAdmin.pathFilter());
}

/** A refused save's toast: `title` is read when it fails (in the reader's language). */
const failed = (title: () => string) => (error: unknown) => notify("error", title(), errorMessage(error));

/** New Route and Edit Route. `onSaved` closes the dialog (with the new route's id). */
export function useSaveRoute(onSaved: (routeId: string) => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateSchool();
  const options = (title: () => string) => ({
    onSuccess: async ({ id }: { id: string }) => {
      onSaved(id);
      notify("success", title());
      await invalidate();
    },
    onError: failed(() => t`The route was not saved`),
  });
  const create = useMutation(trpc.schoolAdmin.routes.create.mutationOptions(options(() => t`Route created`)));
  const update = useMutation(trpc.schoolAdmin.routes.update.mutationOptions(options(() => t`Route updated`)));
  return { create, update, isPending: create.isPending || update.isPending };
}

/** Delete a route (after confirmation). `onDone` closes the confirmation. */
export function useDeleteRoute(onDone: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateSchool();
  return useMutation(
    trpc.schoolAdmin.routes.delete.mutationOptions({
      onSuccess: async () => {
        onDone();
        notify("success", t`Route deleted`);
        await invalidate();
      },
      onError: (error) => {
        onDone();
        failed(() => t`The route was not deleted`)(error);
      },
    }),
  );
}

/** Add a bus. `onSaved` closes the dialog with the new bus's id (the route form selects it). */
export function useCreateBus(onSaved: (busId: string) => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateSchool();
  return useMutation(
    trpc.schoolAdmin.buses.create.mutationOptions({
      onSuccess: async ({ id }) => {
        onSaved(id);
        notify("success", t`Bus added`);
        await invalidate();
      },
      onError: failed(() => t`The bus was not added`),
    }),
  );
}

/** Delete a bus no route uses. */
export function useDeleteBus(onDone: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateSchool();
  return useMutation(
    trpc.schoolAdmin.buses.delete.mutationOptions({
      onSuccess: async () => {
        onDone();
        notify("success", t`Bus deleted`);
        await invalidate();
      },
      onError: (error) => {
        onDone();
        failed(() => t`The bus was not deleted`)(error);
      },
    }),
  );
}

/** Save a route's whole ordered list of stops (`version` as read: a stale list is refused). */
export function useSetStops() {
  const trpc = useTRPC();
  const invalidate = useInvalidateSchool();
  return useMutation(
    trpc.schoolAdmin.routes.stops.set.mutationOptions({
      onSuccess: async () => {
        notify("success", t`Stops saved`);
        await invalidate();
      },
    }),
  );
}

/** "Optimise stop order": a shorter order of the saved stops, asked afresh each time the dialog opens. */
export function useSuggestedOrder(routeId: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.schoolAdmin.routes.suggestOrder.queryOptions({ routeId }), staleTime: 0, gcTime: 0 });
}

export type GeocodedPlace = RouterOutputs["schoolAdmin"]["routes"]["geocode"]["places"][number];

/**
 * "Find an address" (ADR 0054): the places for a text, asked when the admin submits it (never as
 * they type: the geocoder's usage policy forbids autocomplete). Fetched imperatively, so a search
 * on screen is never asked again by an invalidation; the same text again is answered from the cache.
 */
export function useGeocode() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: string) =>
      queryClient.fetchQuery({ ...trpc.schoolAdmin.routes.geocode.queryOptions({ query }), staleTime: 10 * 60_000 }),
  });
}

/** The school's children whose name holds `search` (asked once something is typed). */
export function useRiderCandidates(search: string) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.schoolAdmin.riders.candidates.queryOptions({ search }),
    enabled: search.trim() !== "",
    placeholderData: keepPreviousData,
  });
}

/** Assign a child to a stop; the server refuses over the bus's seats with the numbers (the caller shows it). */
export function useAssignRider(onDone: () => void) {
  const trpc = useTRPC();
  const invalidate = useInvalidateSchool();
  return useMutation(
    trpc.schoolAdmin.riders.assign.mutationOptions({
      onSuccess: async () => {
        onDone();
        notify("success", t`Rider assigned`);
        await invalidate();
      },
    }),
  );
}

/** Take a child off the route. */
export function useUnassignRider() {
  const trpc = useTRPC();
  const invalidate = useInvalidateSchool();
  return useMutation(
    trpc.schoolAdmin.riders.unassign.mutationOptions({
      onSuccess: async () => {
        notify("success", t`Rider removed from the route`);
        await invalidate();
      },
      onError: failed(() => t`The rider was not removed`),
    }),
  );
}
