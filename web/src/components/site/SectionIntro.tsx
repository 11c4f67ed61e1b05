/** The opening of a public-page section: an eyebrow, the section's h2 (`id` labels the section) and an optional lead. */
export function SectionIntro({ id, eyebrow, title, text }: { id: string; eyebrow: string; title: string; text?: string }) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {title}
      </h2>
      {text ? <p className="mt-4 text-lg text-slate-700">{text}</p> : null}
    </div>
  );
}
