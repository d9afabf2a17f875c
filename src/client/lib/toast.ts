import { createElement, useSyncExternalStore, type ReactElement } from 'react';
import { withRouteStyles } from './lazy-with-styles';

/**
 * The toasts' container once the first toast has loaded it. It is not mounted while the first
 * screen starts (a portal and a transition for each corner, rendered again in layout effects);
 * Mantine's notifications store holds the first toast until the container reads it.
 */
let container: ReactElement | null = null;
const onContainerLoaded = new Set<() => void>();

export function useToastsContainer(): ReactElement | null {
  return useSyncExternalStore(
    (listener) => {
      onContainerLoaded.add(listener);
      return () => onContainerLoaded.delete(listener);
    },
    () => container,
    () => null,
  );
}

/**
 * Shows one toast, replacing whatever was showing: the spec allows at most one at a time,
 * and the newest message is the one that matters. Mantine's notifications and the container
 * arrive with the first toast rather than in the first load.
 */
export function toast({ title, message, tone = 'info' }: { title: string; message?: string; tone?: 'info' | 'success' | 'error' }) {
  void withRouteStyles(() => import('./toasts-container')).then(({ Toasts, notifications }) => {
    if (!container) {
      container = createElement(Toasts);
      onContainerLoaded.forEach((listener) => listener());
    }
    notifications.clean();
    notifications.show({
      title,
      message: message ?? '',
      color: tone === 'error' ? 'red' : tone === 'success' ? 'green' : undefined,
      // Mantine's close button has no name of its own: screen readers would announce just "button".
      closeButtonProps: { 'aria-label': 'Dismiss notification' },
    });
  });
}
