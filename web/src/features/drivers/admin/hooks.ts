import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RouterOutputs } from "../../../lib/api-types.ts";
import { useTRPC } from "../../../lib/trpc.ts";
import { sendToasts } from "../../invitations/hooks.ts";
import { setActiveToasts } from "../../parents/hooks.ts";

export type DriverList = RouterOutputs["schoolAdmin"]["drivers"]["list"];
export type DriverRow = DriverList["drivers"][number];
export type DriverInvitationRow = DriverList["invitations"][number];

/** The school's drivers and their invitations not yet accepted (school admin, ADR 0057). */
export function useDrivers() {
  const trpc = useTRPC();
  return useQuery(trpc.schoolAdmin.drivers.list.queryOptions());
}

/** Invite a driver: the invitation e-mail, as a parent's (the dialog closes itself once sent). */
export function useInviteDriver() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.schoolAdmin.drivers.invite.mutationOptions(
      sendToasts(() => queryClient.invalidateQueries(trpc.schoolAdmin.drivers.pathFilter())),
    ),
  );
}

/** Deactivates or reactivates a driver. `onDone` runs first, whatever the outcome (the confirmation closes). */
export function useSetDriverActive(onDone: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.schoolAdmin.drivers.setActive.mutationOptions(
      setActiveToasts("Driver", onDone, () => queryClient.invalidateQueries(trpc.schoolAdmin.pathFilter())),
    ),
  );
}
