import { Trans, useLingui } from "@lingui/react/macro";
import { Languages } from "lucide-react";
import { useId, useState } from "react";
import { isLocale, type Locale } from "#shared/locales.ts";
import { ActionButton } from "../../components/ui/action-button.tsx";
import { FormAlert } from "../../components/ui/form.tsx";
import { useSetMyLocale } from "../../features/language/hooks.ts";
import { switchLocale } from "../../i18n/i18n.ts";
import { LanguageOptions } from "../../i18n/LanguageOptions.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { type SessionUser, useSession } from "../../lib/session.ts";

/**
 * The person's own language, for SchoolRide's pages and for the e-mails and notifications it sends
 * them (until they choose, their school's default). Each language is listed by its own name. Saved
 * on their record (every role: `<role>.account.setLocale`), the page loads again in it. On a phone
 * the list and the button take the screen's width (a thumb's reach).
 */
export function LanguageChoice({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const ids = useId();
  const current = user.locale;
  // What the reader picked, until saved; else the saved language (which a session read again may change).
  const [picked, setPicked] = useState<Locale | null>(null);
  const choice = picked ?? current;
  const [error, setError] = useState<string | null>(null);
  const saving = useSetMyLocale(user.role, (locale) => switchLocale(locale));

  return (
    <>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          saving.mutate({ locale: choice }, { onError: (failure) => setError(errorMessage(failure)) });
        }}
      >
        <div>
          <label htmlFor={`${ids}-locale`} className="block text-sm font-medium text-slate-700">
            <Trans>Language</Trans>
          </label>
          <select
            id={`${ids}-locale`}
            className="mt-1 min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-ink sm:w-auto"
            value={choice}
            onChange={(event) => {
              if (isLocale(event.target.value)) setPicked(event.target.value);
            }}
          >
            <LanguageOptions />
          </select>
        </div>
        <ActionButton
          type="submit"
          className="min-h-11 w-full sm:w-auto"
          disabled={saving.isPending || choice === current}
        >
          {saving.isPending ? t`Saving…` : t`Save language`}
        </ActionButton>
      </form>
      {error ? (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
    </>
  );
}

/** My Account → Language (the parent's and the school admin's My Account). */
export function LanguageCard() {
  const { user } = useSession();
  if (!user) return null;

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
        <Languages aria-hidden="true" className="h-5 w-5 text-slate-500" />
        <Trans>Language</Trans>
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        <Trans>The language of SchoolRide's pages and of the e-mails and notifications you receive.</Trans>
      </p>
      <LanguageChoice user={user} />
    </div>
  );
}
