/**
 * The server's texts in a person's language (ADR 0078): e-mails, pushes, PDFs, CSV headers and the
 * notices it composes. Each text is a descriptor with an explicit id (`/*i18n*\/ { id, message }`, the
 * English in `message`), extracted into worker/locales/{shared,server}/<locale>.po and compiled to
 * the modules imported here (`npm run i18n:extract`); a missing translation falls back to English
 * at compile time.
 */
import { type I18n, type MessageDescriptor, setupI18n } from "@lingui/core";
import { LOCALE_TAGS, type Locale, requestLocale } from "#shared/locales.ts";
import { translated, written } from "#shared/said.ts";
import { messages as serverAr } from "../locales/server/ar.ts";
import { messages as serverEn } from "../locales/server/en.ts";
import { messages as serverEs } from "../locales/server/es.ts";
import { messages as serverSv } from "../locales/server/sv.ts";
import { messages as serverVi } from "../locales/server/vi.ts";
import { messages as serverZh } from "../locales/server/zh.ts";
import { messages as sharedAr } from "../locales/shared/ar.ts";
import { messages as sharedEn } from "../locales/shared/en.ts";
import { messages as sharedEs } from "../locales/shared/es.ts";
import { messages as sharedSv } from "../locales/shared/sv.ts";
import { messages as sharedVi } from "../locales/shared/vi.ts";
import { messages as sharedZh } from "../locales/shared/zh.ts";

const CATALOGS = {
  en: [sharedEn, serverEn],
  es: [sharedEs, serverEs],
  ar: [sharedAr, serverAr],
  zh: [sharedZh, serverZh],
  vi: [sharedVi, serverVi],
  sv: [sharedSv, serverSv],
} satisfies Record<Locale, unknown[]>;

const instances = new Map<Locale, I18n>();

/** Lingui's runtime for one language (made once per isolate). */
export function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    const [shared, server] = CATALOGS[locale];
    i18n = setupI18n({ locale, locales: [LOCALE_TAGS[locale]], messages: { [locale]: { ...shared, ...server } } });
    instances.set(locale, i18n);
  }
  return i18n;
}

/** `descriptor` in `locale`, its placeholders filled from `values` (else its own). */
export function text(locale: Locale, descriptor: MessageDescriptor, values?: Record<string, unknown>): string {
  const i18n = i18nFor(locale);
  return i18n._({ ...descriptor, values: written(i18n, values ?? descriptor.values) });
}

/**
 * A refusal an HTTP route answers with, in the requester's language (the `schoolride_locale`
 * cookie, else Accept-Language): a fixed text of worker/shared by its English; any other as it is.
 */
export function requestText(request: Request, message: string): string {
  return translated(i18nFor(requestLocale(request.headers)), message);
}
