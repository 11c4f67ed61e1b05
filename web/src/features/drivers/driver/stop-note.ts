import { t } from "@lingui/core/macro";
import type { RouteType } from "#shared/enums.ts";
import type { AttendanceStatus } from "#shared/live-constants.ts";

/**
 * The children on the bus now: recorded Boarded, or dropped at the school by the engine on arrival
 * there (they boarded first); never one marked Absent or not recorded yet.
 */
export function onBoardCount(
  stops: readonly { riders: readonly { childId: string }[] }[],
  taps: ReadonlyMap<string, { status: AttendanceStatus }>,
): number {
  const statuses = stops.flatMap((stop) => stop.riders.map((rider) => taps.get(rider.childId)?.status));
  return statuses.filter((status) => status === "boarded" || status === "dropped").length;
}

/**
 * What the driver reads at a stop where no child of the route boards or gets off: at a pickup's last
 * stop (the school) everyone on board gets off, with how many while the run is open (`onBoard`);
 * anywhere else, nobody boards or leaves.
 */
export function emptyStopNote(direction: RouteType, last: boolean, onBoard: number | null): string {
  if (direction === "pickup" && last)
    return onBoard === null ? t`Everyone on board gets off here.` : t`Everyone on board gets off here (${onBoard}).`;
  return t`Nobody boards or leaves here today.`;
}
