import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { UserMinus } from "lucide-react";
import { useId, useState } from "react";
import { Button, IconButton } from "../../../components/ui/buttons.tsx";
import { DebouncedInput } from "../../../components/ui/filters.tsx";
import { FormAlert, TextField } from "../../../components/ui/form.tsx";
import { PageSection } from "../../../components/ui/page-header.tsx";
import {
  type RouteDetail,
  useAssignRider,
  useRiderCandidates,
  useUnassignRider,
} from "../../../features/routes/hooks.ts";
import { seatsLabel, weekdaysLabel } from "../../../features/routes/labels.ts";
import { calendarDay, stopClock } from "../../../features/trips/zoned-format.ts";
import { selectClass, WeekdayPicker } from "./fields.tsx";

type Rider = RouteDetail["riders"][number];

/** "rides Bus 4 – Oak": the route a child already rides. */
function ridesLabel(rides: string): string {
  return t`rides ${rides}`;
}

const localToday = () => new Date().toLocaleDateString("en-CA");

function datesLabel(rider: Pick<Rider, "fromDate" | "toDate">): string {
  const from = calendarDay(rider.fromDate);
  if (!rider.toDate) return t`from ${from}`;
  const to = calendarDay(rider.toDate);
  return t`${from} – ${to}`;
}

/**
 * Assign a rider: find one of the school's children by name, choose the stop, weekdays and dates.
 * The server bounds the riders by the bus's seats on each weekday and says so with the numbers.
 */
function AssignRider({ detail }: { detail: RouteDetail }) {
  const { t } = useLingui();
  const { route, stops } = detail;
  const [search, setSearch] = useState("");
  const [childId, setChildId] = useState<string | null>(null);
  const [stopId, setStopId] = useState(stops[0]?.id ?? "");
  const [weekdays, setWeekdays] = useState<number[]>(route.weekdays);
  const [fromDate, setFromDate] = useState(localToday);
  const [toDate, setToDate] = useState("");
  const candidates = useRiderCandidates(search);
  const assign = useAssignRider(() => {
    setChildId(null);
    setSearch("");
  });
  const ids = { stop: useId(), results: useId() };
  const found = search.trim() ? candidates.data?.children : undefined;
  return (
    <form
      noValidate
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      aria-labelledby="assign-heading"
      onSubmit={(event) => {
        event.preventDefault();
        if (!childId) return;
        assign.mutate({ childId, stopId, weekdays, fromDate, toDate: toDate === "" ? null : toDate });
      }}
    >
      <h3 id="assign-heading" className="font-semibold text-ink">
        <Trans>Assign a rider</Trans>
      </h3>
      <DebouncedInput
        label={t`Find a child`}
        icon
        placeholder={t`Part of the child's name`}
        value={search}
        maxLength={120}
        onCommit={(term) => {
          setSearch(term);
          setChildId(null);
        }}
        className="w-full sm:w-80"
      />
      {found ? (
        found.length === 0 ? (
          <p className="text-sm text-slate-600">
            <Trans>No child of the school has that in their name.</Trans>
          </p>
        ) : (
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">
              <Trans>Child</Trans>
            </legend>
            <ul id={ids.results} className="mt-1 space-y-1">
              {found.map((child) => (
                <li key={child.id}>
                  <label className="flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm has-checked:border-brand-500 has-checked:bg-brand-50">
                    <input
                      type="radio"
                      name="child"
                      className="h-4 w-4"
                      checked={childId === child.id}
                      onChange={() => setChildId(child.id)}
                    />
                    <span className="min-w-0 wrap-anywhere">
                      <span className="font-medium text-ink">{child.name}</span> · {child.gradeLabel}
                      {child.rides ? <span className="text-slate-600"> · {ridesLabel(child.rides)}</span> : null}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <label htmlFor={ids.stop} className="block text-sm font-medium text-slate-700">
            <Trans>Stop</Trans>
          </label>
          <select
            id={ids.stop}
            className={selectClass}
            value={stopId}
            onChange={(event) => setStopId(event.target.value)}
          >
            {stops.map((stop, index) => (
              <option key={stop.id} value={stop.id}>
                {index + 1}. {stop.name} ({stopClock(stop.time)})
              </option>
            ))}
          </select>
        </div>
        <TextField label={t`From`} type="date" value={fromDate} onChange={(event) => setFromDate(event.target.value)} />
        <TextField
          label={t`To (optional)`}
          type="date"
          value={toDate}
          onChange={(event) => setToDate(event.target.value)}
        />
      </div>
      <WeekdayPicker value={weekdays} onChange={setWeekdays} legend={t`Rides on`} />
      {assign.error ? <FormAlert>{assign.error.message}</FormAlert> : null}
      <Button type="submit" className="min-h-11" disabled={!childId || assign.isPending}>
        {assign.isPending ? t`Assigning…` : t`Assign to stop`}
      </Button>
      {!childId ? (
        <p className="text-sm text-slate-600">
          <Trans>Find a child and choose them to assign.</Trans>
        </p>
      ) : null}
    </form>
  );
}

/** A route's riders per stop, seats used against the bus's seats, and assigning another. */
export function RidersSection({ detail }: { detail: RouteDetail }) {
  const { t } = useLingui();
  const { route, stops, riders } = detail;
  const routeName = route.name;
  const seats = seatsLabel(route);
  const unassign = useUnassignRider();
  const removeLabel = (childName: string) => t`Remove ${childName} from ${routeName}`;
  return (
    <PageSection
      id="riders-heading"
      title={t`Riders`}
      aside={
        <p className="text-sm font-medium text-ink" aria-live="polite">
          <Trans>{seats} on the busiest day</Trans>
        </p>
      }
    >
      {stops.length === 0 ? (
        <p className="text-sm text-slate-600">
          <Trans>Save the route's stops to assign riders to them.</Trans>
        </p>
      ) : (
        <div className="space-y-4">
          <ul aria-label={t`Riders of ${routeName} by stop`} className="grid gap-3 md:grid-cols-2">
            {stops.map((stop, index) => {
              const here = riders.filter((rider) => rider.stopId === stop.id);
              return (
                <li key={stop.id} className="rounded-lg border border-slate-200 bg-white p-3">
                  <h3 className="font-medium wrap-anywhere text-ink">
                    {index + 1}. <bdi>{stop.name}</bdi>{" "}
                    <span className="font-normal whitespace-nowrap text-slate-600">· {stopClock(stop.time)}</span>
                  </h3>
                  {here.length === 0 ? (
                    <p className="mt-1 text-sm text-slate-600">
                      <Trans>No riders</Trans>
                    </p>
                  ) : (
                    <ul className="mt-2 divide-y divide-slate-100">
                      {here.map((rider) => (
                        <li key={rider.id} className="flex items-center justify-between gap-2 py-1.5 text-sm">
                          <span className="min-w-0 wrap-anywhere">
                            <span className="font-medium text-ink">{rider.childName}</span> ·{" "}
                            {weekdaysLabel(rider.weekdays)} · {datesLabel(rider)}
                          </span>
                          <IconButton
                            label={removeLabel(rider.childName)}
                            tone="danger"
                            disabled={unassign.isPending}
                            onClick={() => unassign.mutate({ riderId: rider.id })}
                          >
                            <UserMinus aria-hidden="true" className="h-4 w-4" />
                          </IconButton>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
          <AssignRider key={route.stopsVersion} detail={detail} />
        </div>
      )}
    </PageSection>
  );
}
