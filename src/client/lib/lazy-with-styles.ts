import {
  createContext,
  createElement,
  use,
  useContext,
  type ComponentProps,
  type ComponentType,
  type FulfilledReactPromise,
  type PendingReactPromise,
  type ReactNode,
} from 'react';

/** Loads a module together with the styles of the components it may use (route-styles.ts). */
export function withRouteStyles<T>(load: () => Promise<T>): Promise<T> {
  return Promise.all([load(), import('./route-styles')]).then(([module]) => module);
}

/**
 * The names of the lazy sections a server render drew, filled as they render. The browser loads
 * their code before it hydrates (preloadSections): a section whose code is still on its way stays
 * server HTML that React has not hydrated, and the first update to reach it (a store the page
 * reads changing, say) makes React throw that HTML away and render the section again.
 */
export const RenderedSectionsContext = createContext<Set<string> | undefined>(undefined);

/** Each section's loader by name; a name may be used twice (the bell in the sidebar and in the header). */
const loaders = new Map<string, (() => Promise<unknown>)[]>();

/** A promise with the fields React's use() reads, so that a section already loaded renders at once. */
type Tracked<T> = Promise<T> & (PendingReactPromise<T> | FulfilledReactPromise<T>);

function tracked<T>(promise: Promise<T>): Tracked<T> {
  const result = Object.assign(promise, { status: 'pending' }) as Tracked<T>;
  void promise.then((value) => Object.assign(result, { status: 'fulfilled', value }));
  return result;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own signature: any props
type AnyComponent = ComponentType<any>;
export type LazySection<C extends AnyComponent> = (props: ComponentProps<C>) => ReactNode;

/**
 * A lazily loaded named export, loaded with the route styles: for sections and dialogs kept out
 * of the first load. Like React.lazy, it suspends until its code arrives. A section whose code
 * cannot be fetched (the connection dropped before it arrived) renders nothing: these sections
 * have no error boundary, and the error would take the whole app down, where offline it must go on
 * showing what the parent last saw. A reload fetches it again; the failed request is in the
 * browser's own log, so nothing is logged here (first-load bytes).
 */
export function lazyNamed<TModule extends Record<TKey, AnyComponent>, TKey extends keyof TModule & string>(
  load: () => Promise<TModule>,
  name: TKey,
): LazySection<TModule[TKey]> {
  let code: Tracked<TModule[TKey]> | undefined;
  const preload = () =>
    (code ??= tracked(
      withRouteStyles(load).then(
        (module) => module[name],
        () => (() => null) as unknown as TModule[TKey],
      ),
    ));
  loaders.set(name, [...(loaders.get(name) ?? []), preload]);
  function Section(props: ComponentProps<TModule[TKey]>) {
    useContext(RenderedSectionsContext)?.add(name);
    return createElement(use(preload()), props);
  }
  Section.displayName = name;
  return Section;
}

/**
 * Loads the code of the named sections before a hydration, and of the sections inside them, whose
 * loaders exist only once the code around them has loaded. A name with no loader is left for
 * React to load as it hydrates.
 */
export async function preloadSections(names: readonly string[]): Promise<void> {
  let waiting = names.filter((name) => !loaders.has(name));
  let ready = names.filter((name) => loaders.has(name));
  while (ready.length > 0) {
    await Promise.all(ready.flatMap((name) => loaders.get(name)!.map((preload) => preload())));
    ready = waiting.filter((name) => loaders.has(name));
    waiting = waiting.filter((name) => !loaders.has(name));
  }
}
