import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import type { AttendanceStatus } from "#shared/live-constants.ts";
import { formatDay, formatTime } from "#shared/school-time.ts";
import { Badge, type Tone } from "../../components/ui/badge.tsx";
import { activeLocale } from "../../i18n/i18n.ts";
import type { RouterOutputs } from "../../lib/api-types.ts";
import { useTRPC } from "../../lib/trpc.ts";

const LABELS: Record<AttendanceStatus, { text: MessageDescriptor; tone: Tone }> = {
  boarded: { text: msg`Boarded`, tone: "green" },
  dropped: { text: msg`Dropped off`, tone: "green" },
  absent: { text: msg`Absent`, tone: "amber" },
};

type Ride = NonNullable<RouterOutputs["parent"]["live"]["attendance"]["children"][string]>[number];
type RideEvent = NonNullable<Ride["boarding"]>;

/** "Boarded 7:42 AM at Oak & 5th": the badge, the time and the stop. */
function EventLine({ event, zone }: { event: RideEvent; zone: string }) {
  const { i18n, t } = useLingui();
  const time = formatTime(new Date(event.at), zone, activeLocale());
  const stopName = event.stopName;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5">
      <Badge tone={LABELS[event.status].tone}>{i18n._(LABELS[event.status].text)}</Badge>
      <span className="text-ink">{stopName ? t`${time} at ${stopName}` : time}</span>
    </span>
  );
}

/**
 * A child's recent rides as the driver recorded them, one line per run: the day and the run, then
 * when and where the child got on (boarded, or marked absent) and off ("Boarded 7:42 AM at Oak & 5th ·
 * Dropped off 8:14 AM at Maple Grove Primary"). My Children's card. One request for the whole
 * family (shared by the cards).
 */
export function RideHistory({ childId, childName }: { childId: string; childName: string }) {
  const trpc = useTRPC();
  const history = useQuery(trpc.parent.live.attendance.queryOptions());
  const rows = history.data?.children[childId];
  const zone = history.data?.timeZone ?? "UTC";
  const { t } = useLingui();
  return (
    <section aria-label={t`${childName}'s ride history`} className="mt-4">
      <h3 className="text-sm font-semibold text-slate-700">
        <Trans>Recent rides</Trans>
      </h3>
      {history.isPending ? (
        <p className="text-sm text-slate-600" data-loading="">
          <Trans>Loading ride history…</Trans>
        </p>
      ) : !rows ? (
        <p className="text-sm text-slate-600">
          <Trans>Ride history could not be loaded.</Trans>
        </p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600">
          <Trans>No rides recorded yet.</Trans>
        </p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100 text-sm">
          {rows.map((ride) => {
            const first = ride.boarding ?? ride.drop;
            const routeName = ride.routeName;
            return (
              <li key={ride.runId} className="py-2">
                <p className="min-w-0 text-slate-600">
                  {first ? `${formatDay(new Date(first.at), zone, activeLocale())} · ` : ""}
                  {ride.direction === "pickup" ? t`${routeName} (pickup)` : t`${routeName} (drop-off)`}
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                  {ride.boarding ? <EventLine event={ride.boarding} zone={zone} /> : null}
                  {ride.boarding && ride.drop ? (
                    <span aria-hidden="true" className="text-slate-600">
                      ·
                    </span>
                  ) : null}
                  {ride.drop ? <EventLine event={ride.drop} zone={zone} /> : null}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
