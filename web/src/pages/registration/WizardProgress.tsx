import { useLingui as useI18n } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Check } from "lucide-react";
import { STEPS, type StepNumber } from "./wizard.ts";

/** Numbered progress of the four steps; the current one is `aria-current="step"`. */
export function WizardProgress({ current }: { current: StepNumber }) {
  const { i18n } = useI18n();
  const { t } = useLingui();
  return (
    <nav aria-label={t`Registration progress`}>
      <ol className="grid grid-cols-4 gap-2">
        {STEPS.map((step) => {
          const done = step.number < current;
          const active = step.number === current;
          const number = step.number;
          return (
            <li
              key={step.number}
              aria-current={active ? "step" : undefined}
              className="relative flex flex-col items-center text-center"
            >
              {step.number > 1 ? (
                <span
                  aria-hidden="true"
                  className={`absolute end-1/2 top-4 h-0.5 w-[calc(100%+0.5rem)] -translate-y-1/2 ${step.number <= current ? "bg-brand-500" : "bg-slate-200"}`}
                />
              ) : null}
              <span
                aria-hidden="true"
                className={`relative z-10 flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold ${
                  active
                    ? "border-brand-600 bg-brand-500 text-ink"
                    : done
                      ? "border-brand-500 bg-brand-100 text-brand-700"
                      : "border-slate-300 bg-white text-slate-500"
                }`}
              >
                {done ? <Check className="size-4" strokeWidth={3} /> : step.number}
              </span>
              <span
                className={`mt-2 text-xs leading-snug sm:text-sm ${active ? "font-semibold text-ink" : "text-slate-600"} max-sm:sr-only`}
              >
                <span className="sr-only">
                  {done ? <Trans>Step {number} (completed):</Trans> : <Trans>Step {number}:</Trans>}{" "}
                </span>
                {i18n._(step.title)}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
