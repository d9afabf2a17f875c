import type { TooltipProps } from '@mantine/core';
import { Suspense } from 'react';
import { lazyNamed } from '../lib/lazy-with-styles';

const LazyTooltip = lazyNamed(() => import('./floating'), 'Tooltip');

/**
 * Mantine's Tooltip, minus its weight on the first load: tooltips need Floating UI (about
 * 20 kB gzipped), which the first screen can paint without. Until that code arrives, a moment
 * after the page, the target is shown on its own.
 */
export function DeferredTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      {/* Beside its target, not in a portal, as ComingSoonButton's (coming-soon-button.tsx). */}
      <LazyTooltip withinPortal={false} floatingStrategy="fixed" {...props} />
    </Suspense>
  );
}
