import { Trans } from "@lingui/react/macro";
import { ArrowLeft, ArrowRight, Loader2, type LucideIcon } from "lucide-react";
import { buttonPrimary, buttonSecondary } from "../../components/site/ui.ts";

/** The footer of a step: Previous (from step 2 on) and the step's submit button. */
export function StepActions({
  label,
  pendingLabel,
  pending = false,
  onPrevious,
  icon: Icon = ArrowRight,
}: {
  label: string;
  pendingLabel: string;
  pending?: boolean;
  onPrevious?: (() => void) | undefined;
  icon?: LucideIcon;
}) {
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
      {onPrevious ? (
        <button type="button" className={`${buttonSecondary} w-full sm:w-auto`} onClick={onPrevious} disabled={pending}>
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          <Trans>Previous</Trans>
        </button>
      ) : (
        <span className="hidden sm:block" />
      )}
      {/* Not `disabled` while pending: the button keeps the focus; the step ignores a second submit. */}
      <button
        type="submit"
        className={`${buttonPrimary} w-full sm:w-auto aria-disabled:cursor-wait aria-disabled:opacity-70`}
        aria-disabled={pending || undefined}
      >
        {pending ? (
          <>
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            {pendingLabel}
          </>
        ) : (
          <>
            {label}
            <Icon aria-hidden="true" className={`size-4 ${Icon === ArrowRight ? "rtl:-scale-x-100" : ""}`} />
          </>
        )}
      </button>
    </div>
  );
}
