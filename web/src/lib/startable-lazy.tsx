import { type ComponentType, lazy, useState } from "react";

/**
 * A lazily loaded module whose loading can start before a component of it first renders (`start`),
 * and the components it exports (`component`), each like `React.lazy`, except that once the module
 * has loaded a new instance renders at once, in its parent's commit, where `React.lazy` would
 * suspend for a tick on a promise that has already settled (a "Loading…" frame for nothing). Each
 * instance keeps the component it mounted with, so a later render never swaps (and remounts) it.
 */
export function startableModule<M>(load: () => Promise<M>) {
  let loading: Promise<M> | undefined;
  let loaded: M | undefined;
  const start = (): Promise<M> => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // A later render asks again (a chunk lost on a weak signal).
        throw error;
      },
    );
    return loading;
  };
  function component<P extends object>(pick: (module: M) => ComponentType<P>): ComponentType<P> {
    const Lazy = lazy(async () => ({ default: pick(await start()) }));
    // biome-ignore lint/correctness/noComponentHookFactories: made once per component at module load (like React.lazy), never during a render
    return function StartableLazy(props: P) {
      const [Component] = useState<ComponentType<P>>(() => (loaded ? pick(loaded) : Lazy));
      return <Component {...props} />;
    };
  }
  return { start, component };
}
