import { type ReactNode, useLayoutEffect, useRef } from "react";
import { sharedText } from "../../i18n/shared-texts.ts";

/**
 * An empty list: a title, an optional explanation and an optional action ("Schedule a Trip");
 * `spacious` adds vertical room. The action usually fills the list, which replaces this block: if
 * the focus is in it then (back from the action's dialog), it moves to the page's content
 * (`<main id="main">`, where the skip link sends it) instead of falling to the start of the page.
 */
export function EmptyState({
  title,
  children,
  action,
  spacious = false,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  spacious?: boolean;
}) {
  const block = useRef<HTMLDivElement>(null);
  // A layout effect's cleanup runs before React removes the block, while the focus is still in it.
  useLayoutEffect(
    () => () => {
      if (block.current?.contains(document.activeElement))
        document.getElementById("main")?.focus({ preventScroll: true });
    },
    [],
  );
  return (
    <div
      ref={block}
      className={`rounded-lg border border-dashed border-slate-300 bg-white px-4 ${spacious ? "py-12" : "py-10"} text-center`}
    >
      <p className="font-semibold text-ink">{sharedText(title)}</p>
      {children ? <p className="mt-1 text-sm text-slate-600">{children}</p> : null}
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}
