import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { APPROACH_MINUTES_CHOICES } from "#shared/live-constants.ts";
import { DIGEST_TEXTS, EVENT_KINDS, type OptionalChannel, type Preferences } from "#shared/preferences-constants.ts";
import { Button, FormAlert, TextField } from "../../components/ui/form.tsx";
import { sharedText } from "../../i18n/shared-texts.ts";
import { errorMessage } from "../../lib/errors.ts";
import { useSchoolZone } from "../../lib/school-zone.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";

const CHANNEL_LABELS = { push: msg`Push`, email: msg`E-mail` } satisfies Record<OptionalChannel, unknown>;
/** What the quiet-hours fields hold when a parent first turns them on. */
const QUIET_SUGGESTION = { start: "21:00", end: "07:00" } as const;
const SAFETY_CRITICAL = EVENT_KINDS.filter((entry) => entry.safetyCritical).map((entry) => entry.label);

/**
 * My Account's Notifications (ADR 0066): per kind of event, push and e-mail (in the app always),
 * the approach lead time and quiet hours in the school's zone, saved together. One card per kind,
 * so it reads at 375 px; and the daily digest (ADR 0075), with what it gathers and when.
 */
export function NotificationPreferences() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const zone = useSchoolZone();
  const ids = useId();
  const { i18n, t } = useLingui();
  const saved = useQuery(trpc.parent.preferences.get.queryOptions());
  const [draft, setDraft] = useState<Preferences | null>(null);
  const [quietOn, setQuietOn] = useState(false);
  const [quiet, setQuiet] = useState<{ start: string; end: string }>(QUIET_SUGGESTION);
  useEffect(() => {
    if (!saved.data) return;
    setDraft(saved.data);
    setQuietOn(saved.data.quietHours !== null);
    setQuiet(saved.data.quietHours ?? QUIET_SUGGESTION);
  }, [saved.data]);
  const save = useMutation(
    trpc.parent.preferences.set.mutationOptions({
      onSuccess: (stored) => {
        queryClient.setQueryData(trpc.parent.preferences.get.queryKey(), stored);
        notify("success", t`Saved`, t`Your notification choices were saved.`);
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    save.mutate({ ...draft, quietHours: quietOn ? quiet : null });
  };
  const toggle = (kind: keyof Preferences["channels"], channel: OptionalChannel, on: boolean) =>
    setDraft((current) =>
      current
        ? { ...current, channels: { ...current.channels, [kind]: { ...current.channels[kind], [channel]: on } } }
        : current,
    );
  const zoneName = zone?.replaceAll("_", " ");
  const safetyKinds = SAFETY_CRITICAL.join("; ");

  return (
    <form
      aria-labelledby={`${ids}-title`}
      onSubmit={submit}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-ink">
        <Trans>Notifications</Trans>
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        <Trans>
          Everything also appears in the app's notifications. Choose what else reaches you; push starts once you install
          the app on your phone.
        </Trans>
      </p>
      {draft ? (
        <>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {EVENT_KINDS.map((entry) => (
              <li key={entry.kind} className="rounded-lg border border-slate-200 p-3">
                <fieldset>
                  <legend className="font-medium text-ink">{sharedText(entry.label)}</legend>
                  {entry.safetyCritical ? (
                    <p className="text-xs font-medium text-amber-800">
                      <Trans>Safety message: comes through quiet hours</Trans>
                    </p>
                  ) : null}
                  {draft.digest && entry.digestible ? (
                    <p className="text-xs text-slate-600">
                      <Trans>Push and e-mail wait for your daily digest</Trans>
                    </p>
                  ) : null}
                  <div className="mt-1 flex flex-wrap gap-x-4">
                    <span className="inline-flex min-h-11 items-center text-sm text-slate-500">
                      <Trans>In the app: always</Trans>
                    </span>
                    {(["push", "email"] as const).map((channel) => (
                      <label key={channel} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
                        <input
                          type="checkbox"
                          className="h-5 w-5"
                          checked={draft.channels[entry.kind][channel]}
                          onChange={(event) => toggle(entry.kind, channel, event.target.checked)}
                        />
                        {i18n._(CHANNEL_LABELS[channel])}
                      </label>
                    ))}
                  </div>
                </fieldset>
              </li>
            ))}
          </ul>

          <label htmlFor={`${ids}-approach`} className="mt-5 block text-sm font-medium text-slate-700">
            <Trans>Tell me when the bus is</Trans>
          </label>
          <select
            id={`${ids}-approach`}
            className="mt-1 min-h-11 rounded-md border border-slate-300 bg-white px-3 text-ink"
            value={draft.approachMinutes}
            onChange={(event) => setDraft({ ...draft, approachMinutes: Number(event.target.value) })}
          >
            {APPROACH_MINUTES_CHOICES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {t`${plural(minutes, { one: "# minute away", other: "# minutes away" })}`}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-slate-500">
            <Trans>On a school day, once per stop.</Trans>
          </p>

          <fieldset className="mt-5">
            <legend className="text-sm font-medium text-slate-700">
              <Trans>Quiet hours</Trans>
            </legend>
            <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={quietOn}
                onChange={(event) => setQuietOn(event.target.checked)}
              />
              <Trans>No push during quiet hours</Trans>
            </label>
            {quietOn ? (
              <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
                <TextField
                  label={t`From`}
                  type="time"
                  required
                  value={quiet.start}
                  onChange={(event) => setQuiet({ ...quiet, start: event.target.value })}
                />
                <TextField
                  label={t`Until`}
                  type="time"
                  required
                  value={quiet.end}
                  onChange={(event) => setQuiet({ ...quiet, end: event.target.value })}
                />
              </div>
            ) : null}
            <p className="mt-1 text-xs text-slate-500">
              {zoneName ? (
                <Trans>
                  In school time ({zoneName}). Safety messages still come through: {safetyKinds}.
                </Trans>
              ) : (
                <Trans>
                  In school time (the school's time zone). Safety messages still come through: {safetyKinds}.
                </Trans>
              )}{" "}
              {sharedText(DIGEST_TEXTS.quiet)}
            </p>
          </fieldset>

          <fieldset className="mt-5">
            <legend className="text-sm font-medium text-slate-700">
              <Trans>Daily digest</Trans>
            </legend>
            <label className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={draft.digest}
                aria-describedby={`${ids}-digest`}
                onChange={(event) => setDraft({ ...draft, digest: event.target.checked })}
              />
              {sharedText(DIGEST_TEXTS.label)}
            </label>
            <p id={`${ids}-digest`} className="mt-1 text-xs text-slate-500">
              {sharedText(DIGEST_TEXTS.explain)}
            </p>
          </fieldset>

          {save.isError ? (
            <div className="mt-4">
              <FormAlert>{errorMessage(save.error)}</FormAlert>
            </div>
          ) : null}
          <Button type="submit" className="mt-5 min-h-11" disabled={save.isPending}>
            {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save notifications</Trans>}
          </Button>
        </>
      ) : (
        <p className="mt-4 text-sm text-slate-500">
          {saved.isError ? errorMessage(saved.error) : <Trans>Loading…</Trans>}
        </p>
      )}
    </form>
  );
}
