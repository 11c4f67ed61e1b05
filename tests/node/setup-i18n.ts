/**
 * The node tests read the English texts (ADR 0078): every catalog in English, active before any test
 * runs, as the entry makes them before the first render. A test that renders components wraps them
 * in Lingui's provider (`withI18n`).
 */
import { I18nProvider } from "@lingui/react";
import { createElement, type ReactNode } from "react";
import { i18n, startLocale } from "../../web/src/i18n/i18n.ts";

await startLocale("en", ["frame", "shared", "public", "account", "parent", "driver", "school", "admin"]);

/** `children` inside Lingui's provider, as main.tsx renders the app. */
export const withI18n = (children: ReactNode) => createElement(I18nProvider, { i18n }, children);
