import { useQuery } from "@tanstack/react-query";
import type { AttendanceStatus } from "#shared/live-constants.ts";
import { formatDay, formatTime } from "#shared/school-time.ts";
import { Badge, type Tone } from "../../components/ui/badge.tsx";
import { useTRPC } from "../../lib/trpc.ts";

const LABELS: Record<AttendanceStatus, { text: string; tone: Tone }> = {
  boarded: { text: "Boarded", tone: "green" },
  dropped: { text: "Dropped off", tone: "green" },
  absent: { text: "Absent", tone: "amber" },
};

/**
 * A child's recent rides as the driver recorded them (boarded, absent, dropped off), with the day,
 * time and stop: My Children's card. One request for the whole family (shared by the cards).
 */
export function RideHistory({ childId, childName }: { childId: string; childName: string }) {
  const trpc = useTRPC();
  const history = useQuery(trpc.parent.live.attendance.queryOptions());
  const rows = history.data?.children[childId];
  const zone = history.data?.timeZone ?? "UTC";
  return (
    <section aria-label={`${childName}'s ride history`} className="mt-4">
      <h3 className="text-sm font-semibold text-slate-700">Recent rides</h3>
      {history.isPending ? (
        <p className="text-sm text-slate-600">Loading ride history…</p>
      ) : !rows ? (
        <p className="text-sm text-slate-600">Ride history could not be loaded.</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600">No rides recorded yet.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100 text-sm">
          {rows.map((row) => (
            <li key={row.runId} className="flex flex-wrap items-center gap-x-2 gap-y-1 py-2">
              <Badge tone={LABELS[row.status].tone}>{LABELS[row.status].text}</Badge>
              <span className="text-ink">
                {formatDay(new Date(row.at), zone)}, {formatTime(new Date(row.at), zone)}
              </span>
              <span className="min-w-0 text-slate-600">
                {row.stopName ? `${row.stopName} · ` : ""}
                {row.routeName} ({row.direction === "pickup" ? "pickup" : "drop-off"})
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
