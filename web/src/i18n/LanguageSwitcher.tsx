import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { isLocale } from "#shared/locales.ts";
import { useHydrated } from "../lib/hydrated.ts";
import { activeLocale, switchLocale } from "./i18n.ts";
import { LanguageOptions } from "./LanguageOptions.tsx";

/** The URL parameter that shows a page in a language without choosing it (`?lang=es`, the hreflang alternates). */
export const LANG_PARAM = "lang";

/**
 * The language switcher of the public pages (ADR 0078): a native select, each language by its own
 * name (and in its own language, `lang`). A choice is remembered (and kept at sign-in by a user who
 * has not saved a language) and the page reloads in it, without
 * a `?lang=` the address had (it would otherwise win over the choice). Disabled until the page has
 * hydrated, as the prerendered forms are: a choice made before could not be acted on.
 */
export function LanguageSwitcher({
  className = "",
  selectClassName = "",
}: {
  className?: string;
  selectClassName?: string;
}) {
  const { t } = useLingui();
  const id = useId();
  const hydrated = useHydrated();
  const current = activeLocale();

  function choose(value: string) {
    if (!isLocale(value) || value === current) return;
    const url = new URL(window.location.href);
    if (url.searchParams.has(LANG_PARAM)) {
      url.searchParams.delete(LANG_PARAM);
      window.history.replaceState(window.history.state, "", url);
    }
    // The visitor's own choice: a sign-in without a saved language keeps it (ADR 0084).
    switchLocale(value, { chosen: true });
  }

  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t`Language`}
      </label>
      <select
        id={id}
        value={current}
        disabled={!hydrated}
        onChange={(event) => choose(event.target.value)}
        className={`rounded-md border border-slate-300 bg-white py-1.5 ps-2 pe-8 text-sm text-ink focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-70 ${selectClassName}`}
      >
        <LanguageOptions />
      </select>
    </div>
  );
}
