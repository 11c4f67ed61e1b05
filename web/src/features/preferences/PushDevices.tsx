import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { PushSetup } from "#shared/push-constants.ts";
import { Button, FormAlert } from "../../components/ui/form.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { formatDateTimeIn, useSchoolZone } from "../../lib/school-zone.ts";
import { notify } from "../../lib/toast.ts";
import { useTRPC } from "../../lib/trpc.ts";
import {
  forgetDevice,
  pushSupported,
  rememberDevice,
  subscribeThisBrowser,
  thisDevice,
  unsubscribeThisBrowser,
} from "./push-device.ts";

/**
 * My Account's "Push on this device" (ADR 0068): turn push on or off in this browser, and the list of
 * the parent's devices with push on, each removable. What is pushed is chosen in Notifications above.
 */
export function PushDevices() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const zone = useSchoolZone();
  const ids = useId();
  const { t } = useLingui();
  const setup = useQuery(trpc.parent.push.get.queryOptions());
  const [device, setDevice] = useState(thisDevice);
  const store = (answer: PushSetup) => queryClient.setQueryData(trpc.parent.push.get.queryKey(), answer);
  const subscribeCall = useMutation(trpc.parent.push.subscribe.mutationOptions());
  const unsubscribeCall = useMutation(trpc.parent.push.unsubscribe.mutationOptions());
  const removeCall = useMutation(trpc.parent.push.remove.mutationOptions());

  const turnOn = useMutation({
    mutationFn: async (publicKey: string) => {
      const subscription = await subscribeThisBrowser(publicKey);
      const answer = await subscribeCall.mutateAsync(subscription);
      // This browser's device: the one just (re)written, the newest.
      const newest = [...answer.devices].sort((a, b) => +new Date(b.createdAt) - +new Date(a.createdAt))[0];
      if (newest) rememberDevice(newest.id, subscription.endpoint);
      return answer;
    },
    onSuccess: (answer) => {
      store(answer);
      setDevice(thisDevice());
      notify("success", t`Push is on`, t`This device will get the notifications you chose for push.`);
    },
  });
  const turnOff = useMutation({
    mutationFn: async () => {
      const endpoint = device.endpoint ?? "";
      await unsubscribeThisBrowser();
      forgetDevice();
      return unsubscribeCall.mutateAsync({ endpoint });
    },
    onSuccess: (answer) => {
      store(answer);
      setDevice(thisDevice());
      notify("success", t`Push is off`, t`This device will not get push notifications.`);
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => removeCall.mutateAsync({ id }),
    onSuccess: (answer, id) => {
      if (id === device.id) {
        forgetDevice();
        setDevice(thisDevice());
      }
      store(answer);
      notify("success", t`Device removed`, t`It will not get push notifications any more.`);
    },
  });

  const data = setup.data;
  const on = data !== undefined && device.id !== null && data.devices.some((entry) => entry.id === device.id);
  const failed = turnOn.error ?? turnOff.error ?? remove.error;
  const busy = turnOn.isPending || turnOff.isPending;

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-ink">
        <Trans>Push on this device</Trans>
      </h2>
      {!data ? (
        <p className="mt-2 text-sm text-slate-500">
          {setup.isError ? errorMessage(setup.error) : <Trans>Loading…</Trans>}
        </p>
      ) : data.publicKey === null ? (
        <p className="mt-2 text-sm text-slate-600">
          <Trans>Push notifications are not set up on this server.</Trans>
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600" aria-live="polite">
            {on ? (
              <Trans>
                Push is on in this browser: it shows the notifications you chose for push, even when SchoolRide is
                closed.
              </Trans>
            ) : (
              <Trans>Push is off in this browser.</Trans>
            )}
          </p>
          {pushSupported() ? (
            on ? (
              <Button
                type="button"
                className="mt-3 min-h-11 bg-white ring-1 ring-slate-300 hover:bg-slate-100"
                disabled={busy}
                onClick={() => turnOff.mutate()}
              >
                {turnOff.isPending ? <Trans>Turning off…</Trans> : <Trans>Turn off push on this device</Trans>}
              </Button>
            ) : (
              <Button
                type="button"
                className="mt-3 min-h-11"
                disabled={busy}
                onClick={() => turnOn.mutate(data.publicKey!)}
              >
                {turnOn.isPending ? <Trans>Turning on…</Trans> : <Trans>Turn on push on this device</Trans>}
              </Button>
            )
          ) : (
            <p className="mt-2 text-sm text-slate-600">
              <Trans>
                This browser cannot receive push notifications. On an iPhone, add SchoolRide to the Home Screen first.
              </Trans>
            </p>
          )}
          {failed ? (
            <div className="mt-3">
              <FormAlert>{errorMessage(failed)}</FormAlert>
            </div>
          ) : null}
          <h3 className="mt-5 text-sm font-semibold text-ink">
            <Trans>Your devices with push on</Trans>
          </h3>
          {data.devices.length === 0 ? (
            <p className="mt-1 text-sm text-slate-500">
              <Trans>None yet.</Trans>
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
              {data.devices.map((entry) => {
                const label = entry.label;
                const added = formatDateTimeIn(new Date(entry.createdAt), zone);
                return (
                  <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                    <div className="text-sm">
                      <span className="font-medium text-ink">{entry.label}</span>
                      {entry.id === device.id ? (
                        <span className="ms-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                          <Trans>This device</Trans>
                        </span>
                      ) : null}
                      <span className="block text-xs text-slate-600">
                        <Trans>Added {added}</Trans>
                      </span>
                    </div>
                    <Button
                      type="button"
                      className="min-h-11 bg-white ring-1 ring-slate-300 hover:bg-slate-100"
                      aria-label={entry.id === device.id ? t`Remove ${label} (this device)` : t`Remove ${label}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(entry.id)}
                    >
                      <Trans>Remove</Trans>
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
