import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { activeLocale } from "../i18n/i18n.ts";
import type { StrengthEstimate } from "../lib/password-strength.ts";
import type { StrengthRequest, StrengthResponse } from "../lib/password-strength.worker.ts";

/** Score 0–4: a label (the meter is never colour alone) and its colours. */
const LEVELS = [
  { label: msg`Very weak`, bar: "bg-red-600", text: "text-red-700" },
  { label: msg`Weak`, bar: "bg-orange-500", text: "text-orange-700" },
  { label: msg`Fair`, bar: "bg-amber-500", text: "text-amber-800" },
  { label: msg`Strong`, bar: "bg-lime-600", text: "text-lime-800" },
  { label: msg`Very strong`, bar: "bg-green-600", text: "text-green-800" },
] as const;

/** Typing pauses this long before the estimate runs. */
const DEBOUNCE_MS = 150;

/**
 * A strength meter and zxcvbn's feedback for a new password, shown under the field. zxcvbn and
 * its dictionaries load, in a worker of their own, when a set-password form first renders this;
 * never on other pages. Advice only: the server has the last word.
 */
export function PasswordStrength({
  password,
  userInputs = [],
}: {
  password: string;
  userInputs?: readonly (string | null | undefined)[];
}) {
  const { i18n } = useLingui();
  const worker = useRef<Worker | null>(null);
  const latest = useRef(0);
  const [estimate, setEstimate] = useState<StrengthEstimate | null>(null);
  const inputs = userInputs.filter((input): input is string => Boolean(input)).join("\n");

  useEffect(() => {
    const instance = new Worker(new URL("../lib/password-strength.worker.ts", import.meta.url), { type: "module" });
    instance.onmessage = ({ data }: MessageEvent<StrengthResponse>) => {
      // Answers to older keystrokes are dropped.
      if (data.id === latest.current) setEstimate(data.estimate);
    };
    // Without the estimator the form still works; the server checks the password anyway.
    instance.onerror = () => instance.terminate();
    worker.current = instance;
    return () => {
      instance.terminate();
      worker.current = null;
    };
  }, []);

  useEffect(() => {
    const id = ++latest.current;
    if (!password) return;
    const timer = window.setTimeout(() => {
      const request: StrengthRequest = { id, password, userInputs: inputs ? inputs.split("\n") : [] };
      worker.current?.postMessage(request);
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [password, inputs]);

  const shown = password ? estimate : null;
  const level = shown ? LEVELS[shown.score] : null;
  const levelLabel = level ? i18n._(level.label) : "";
  // zxcvbn's own advice is in English only: another language shows the meter and its level.
  const advice = activeLocale() === "en";
  // The bars and the level's line keep their place while there is no estimate yet (an empty field,
  // or the worker still loading on a slow phone): the estimate never moves the fields and the
  // button below it under a finger (it did, and a tap on the form's button then missed it).
  return (
    <div aria-live="polite" data-testid="password-strength" className="-mt-2">
      <div aria-hidden="true" className="flex gap-1">
        {LEVELS.map((step, index) => (
          <span
            key={step.label.id}
            className={`h-1.5 flex-1 rounded-full ${shown && level && index <= shown.score ? level.bar : "bg-slate-200"}`}
          />
        ))}
      </div>
      <p className={`mt-1 min-h-4 text-xs font-semibold ${level?.text ?? ""}`}>
        {level ? <Trans>Password strength: {levelLabel}</Trans> : null}
      </p>
      {shown && advice && shown.warning ? <p className="mt-1 text-xs text-slate-700">{shown.warning}</p> : null}
      {shown && advice && shown.suggestions.length > 0 ? (
        <ul className="mt-1 list-disc space-y-0.5 ps-4 text-xs text-slate-600">
          {shown.suggestions.map((suggestion) => (
            <li key={suggestion}>{suggestion}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
