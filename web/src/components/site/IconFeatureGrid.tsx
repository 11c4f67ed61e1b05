import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { LucideIcon } from "lucide-react";

/** A feature of the product as the public pages present it. */
export interface IconFeature {
  icon: LucideIcon;
  title: MessageDescriptor;
  text: MessageDescriptor;
}

/** The icon's tile: brand-tinted, rounded. */
const tile = "grid place-items-center rounded-xl bg-brand-100 text-brand-700";

/**
 * Features in a three-column grid, each an icon, a title (h3) and a sentence: `card` stacks them in a
 * white card (home page), `inline` sets the icon beside the text (services page).
 */
export function IconFeatureGrid({ items, look }: { items: readonly IconFeature[]; look: "card" | "inline" }) {
  const { i18n } = useLingui();
  return (
    <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map(({ icon: Icon, title: titleText, text: bodyText }) => {
        const [key, title, text] = [titleText.id, i18n._(titleText), i18n._(bodyText)];
        return look === "card" ? (
          <li key={key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className={`${tile} size-12`}>
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="mt-5 text-lg font-semibold text-ink">{title}</h3>
            <p className="mt-2 leading-relaxed text-slate-700">{text}</p>
          </li>
        ) : (
          <li key={key} className="flex gap-4">
            <span className={`${tile} size-11 shrink-0`}>
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h3 className="font-semibold text-ink">{title}</h3>
              <p className="mt-1 leading-relaxed text-slate-700">{text}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
