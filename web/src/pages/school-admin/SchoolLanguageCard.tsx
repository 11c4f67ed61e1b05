import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { isLocale, LOCALE_NAMES, type Locale } from "#shared/locales.ts";
import { ActionButton } from "../../components/ui/action-button.tsx";
import { FormAlert } from "../../components/ui/form.tsx";
import { Panel } from "../../components/ui/panel.tsx";
import { useSetSchoolLocale } from "../../features/language/hooks.ts";
import { activeLocale, switchLocale } from "../../i18n/i18n.ts";
import { LanguageOptions } from "../../i18n/LanguageOptions.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";

/**
 * The school's default language: the language of its parents, drivers and admins who have not
 * chosen their own (their pages once signed in, their e-mails and notifications). Each language is
 * listed by its own name.
 */
export function SchoolLanguageCard({ current: saved }: { current: string }) {
  const { t } = useLingui();
  const ids = useId();
  const [choice, setChoice] = useState<Locale | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useSetSchoolLocale((locale, me) => {
    setChoice(null);
    const language = LOCALE_NAMES[locale];
    notify("success", t`Language saved`, t`People of the school who have not chosen a language now get ${language}.`);
    // The admin's own language may follow the school's: their pages then load again in it.
    if (me && me.locale !== activeLocale()) switchLocale(me.locale);
  });
  const current = isLocale(saved) ? saved : undefined;
  const value = choice ?? current ?? "en";

  return (
    <Panel title={t`School language`}>
      <p className="text-sm text-slate-600">
        {t`The language of the school's parents, drivers and admins who have not chosen their own: their pages, e-mails and notifications.`}
      </p>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          save.mutate({ locale: value }, { onError: (failure) => setError(errorMessage(failure)) });
        }}
      >
        <div>
          <label htmlFor={`${ids}-locale`} className="block text-sm font-medium text-slate-700">
            {t`Default language`}
          </label>
          <select
            id={`${ids}-locale`}
            className="mt-1 min-h-11 rounded-md border border-slate-300 bg-white px-3 text-ink"
            value={value}
            disabled={!current}
            onChange={(event) => {
              if (isLocale(event.target.value)) setChoice(event.target.value);
            }}
          >
            <LanguageOptions />
          </select>
        </div>
        <ActionButton type="submit" className="min-h-11" disabled={!current || save.isPending || value === current}>
          {save.isPending ? t`Saving…` : t`Save default language`}
        </ActionButton>
      </form>
      {error ? (
        <div className="mt-3">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
    </Panel>
  );
}
