import { type ComponentType, lazy, Suspense, useState } from "react";

/**
 * A dialog whose code (form, schema, dialog primitives) loads the first time it opens, not with the
 * page. Drop-in for the component it wraps: same props; once opened it stays mounted as before.
 * A dialog without an `open` prop is rendered (so loaded) only while its parent shows it.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per dialog at module level, never during a render
  return function LazyDialog(props: P) {
    const open = "open" in props ? props.open === true : true;
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened && !open) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
