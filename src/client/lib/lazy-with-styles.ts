import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Loads a module together with the styles of the components it may use (route-styles.ts). */
export function withRouteStyles<T>(load: () => Promise<T>): Promise<T> {
  return Promise.all([load(), import('./route-styles')]).then(([module]) => module);
}

/**
 * React.lazy for a named export, loaded with the route styles: for sections and dialogs kept
 * out of the first load. A section whose code cannot be fetched (the connection dropped before it
 * arrived) renders nothing: these sections have no error boundary, and the error would take the
 * whole app down, where offline it must go on showing what the parent last saw. A reload fetches
 * it again; the failed request is in the browser's own log, so nothing is logged here (first-load bytes).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own signature: any props
export function lazyNamed<TModule extends Record<TKey, ComponentType<any>>, TKey extends keyof TModule>(
  load: () => Promise<TModule>,
  name: TKey,
): LazyExoticComponent<TModule[TKey]> {
  return lazy(() =>
    withRouteStyles(load).then(
      (module) => ({ default: module[name] }),
      () => ({ default: (() => null) as unknown as TModule[TKey] }),
    ),
  );
}
