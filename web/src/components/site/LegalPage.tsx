import type { ReactElement } from "react";
import { narrowContainer, textLink } from "./ui.ts";
import { usePageTitle } from "./usePageTitle.ts";

/** Inline content: plain text, or an element such as a fragment with a link in it. */
type Inline = string | ReactElement;

/** A block of a section: a string or element is a paragraph, an array is a bulleted list. */
export type LegalBlock = Inline | readonly Inline[];

export interface LegalSection {
  /** The section's h2. */
  heading: string;
  body: readonly LegalBlock[];
}

export interface LegalPageProps {
  /** The page's h1; the document title becomes "<title> · SchoolRide". */
  title: string;
  /** E.g. "January 2025"; shown as "Last updated: January 2025". */
  lastUpdated: string;
  /** Optional lead paragraph under the title. */
  intro?: string;
  sections: readonly LegalSection[];
}

/** An e-mail address as a mailto link in running text. */
export function MailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className={textLink}>
      {address}
    </a>
  );
}

/** Anchor id for a heading: "Your GDPR Rights" → "your-gdpr-rights". */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function isList(block: LegalBlock): block is readonly Inline[] {
  return Array.isArray(block);
}

function Block({ block }: { block: LegalBlock }) {
  if (isList(block)) {
    return (
      <ul className="list-disc space-y-2 pl-6 marker:text-brand-600">
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
export default function LegalPage({ title, lastUpdated, intro, sections }: LegalPageProps) {
  usePageTitle(`${title} · SchoolRide`);

  return (
    <article>
      <header className="border-b border-slate-200 bg-brand-50">
        <div className={`${narrowContainer} py-12 sm:py-16`}>
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm font-medium text-slate-600">Last updated: {lastUpdated}</p>
          {intro && <p className="mt-6 text-lg leading-relaxed text-slate-700">{intro}</p>}
        </div>
      </header>

      <div className={`${narrowContainer} py-10 sm:py-12`}>
        <nav aria-labelledby="legal-contents" className="rounded-xl border border-slate-200 bg-slate-50 p-5">
          <p id="legal-contents" className="text-sm font-semibold text-ink">
            On this page
          </p>
          <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 text-sm sm:grid-cols-2">
            {sections.map((section) => (
              <li key={section.heading} className="text-slate-500">
                <a
                  href={`#${slug(section.heading)}`}
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
            <section key={section.heading} id={slug(section.heading)} className="scroll-mt-24">
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
