/**
 * Shows one toast, replacing whatever was showing: the spec allows at most one at a time,
 * and the newest message is the one that matters. Mantine's notifications arrive with the first
 * toast rather than in the first load (the toasts' container loads them too).
 */
export function toast({ title, message, tone = 'info' }: { title: string; message?: string; tone?: 'info' | 'success' | 'error' }) {
  void import('@mantine/notifications').then(({ notifications }) => {
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
