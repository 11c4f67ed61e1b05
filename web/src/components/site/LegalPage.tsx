import { Trans } from "@lingui/react/macro";
import type { ReactElement } from "react";
import { LOCALE_TAGS } from "#shared/locales.ts";
import { activeLocale } from "../../i18n/i18n.ts";
import { narrowContainer, textLink } from "./ui.ts";
import { usePageTitle } from "./usePageTitle.ts";

/** Inline content: plain text, or an element such as a fragment with a link in it. */
type Inline = string | ReactElement;

/** A block of a section: a string or element is a paragraph, an array is a bulleted list. */
export type LegalBlock = Inline | readonly Inline[];

export interface LegalSection {
  /** The section's anchor (`#your-gdpr-rights`): the same in every language. */
  id: string;
  /** The section's h2. */
  heading: string;
  body: readonly LegalBlock[];
}

export interface LegalPageProps {
  /** The page's h1. */
  title: string;
  /** The document's title ("Privacy Policy · SchoolRide", as the prerendered page has it). */
  documentTitle: string;
  /** The month of the last update, as `YYYY-MM`; shown as "Last updated: January 2025" in the reader's language. */
  lastUpdated: string;
  /** Optional lead paragraph under the title. */
  intro?: string;
  sections: readonly LegalSection[];
}

/** An e-mail address as a mailto link in running text. */
export function MailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} dir="ltr" className={textLink}>
      {address}
    </a>
  );
}

/** "2025-01" as "January 2025" in the active language (the same on the server as in the browser). */
function monthOf(yearMonth: string): string {
  const [year = 2025, month = 1] = yearMonth.split("-").map(Number);
  return new Intl.DateTimeFormat(LOCALE_TAGS[activeLocale()], {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(Date.UTC(year, month - 1, 1));
}

function isList(block: LegalBlock): block is readonly Inline[] {
  return Array.isArray(block);
}

function Block({ block }: { block: LegalBlock }) {
  if (isList(block)) {
    return (
      <ul className="list-disc space-y-2 ps-6 marker:text-brand-600">
        {block.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed text, never reordered
          <li key={index}>{item}</li>
        ))}
      </ul>
    );
  }
  return <p>{block}</p>;
}

/** Shared layout of the legal pages: title, last-updated line, contents and the sections. */
export default function LegalPage({ title, documentTitle, lastUpdated, intro, sections }: LegalPageProps) {
  usePageTitle(documentTitle);
  const updated = monthOf(lastUpdated);

  return (
    <article>
      <header className="border-b border-slate-200 bg-brand-50">
        <div className={`${narrowContainer} py-12 sm:py-16`}>
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm font-medium text-slate-600">
            <Trans>Last updated: {updated}</Trans>
          </p>
          {intro && <p className="mt-6 text-lg leading-relaxed text-slate-700">{intro}</p>}
        </div>
      </header>

      <div className={`${narrowContainer} py-10 sm:py-12`}>
        <nav aria-labelledby="legal-contents" className="rounded-xl border border-slate-200 bg-slate-50 p-5">
          <p id="legal-contents" className="text-sm font-semibold text-ink">
            <Trans>On this page</Trans>
          </p>
          <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 ps-5 text-sm sm:grid-cols-2">
            {sections.map((section) => (
              <li key={section.id} className="text-slate-500">
                <a
                  href={`#${section.id}`}
                  className="rounded-sm text-slate-700 underline-offset-2 hover:text-brand-700 hover:underline"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-10 space-y-10">
          {sections.map((section) => (
            <section key={section.id} id={section.id} className="scroll-mt-24">
              <h2 className="text-xl font-semibold text-ink sm:text-2xl">{section.heading}</h2>
              <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
                {section.body.map((block, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed text, never reordered
                  <Block key={index} block={block} />
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
