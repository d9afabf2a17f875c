import { notifications } from '@mantine/notifications';

/**
 * Shows one toast, replacing whatever was showing: the spec allows at most one at a time,
 * and the newest message is the one that matters.
 */
export function toast({ title, message, tone = 'info' }: { title: string; message?: string; tone?: 'info' | 'success' | 'error' }) {
  notifications.clean();
  notifications.show({
    title,
    message: message ?? '',
    color: tone === 'error' ? 'red' : tone === 'success' ? 'green' : undefined,
    // Mantine's close button has no name of its own: screen readers would announce just "button".
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
  });
}
