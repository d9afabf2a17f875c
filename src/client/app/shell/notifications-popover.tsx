import { NotificationBell } from '../../features/notifications/notification-bell';

/**
 * The bell in the mobile bar and the sidebar. Loaded after the first paint (popovers need
 * Floating UI, the count its queries and socket): until then the shell shows BellPlaceholder (bell-placeholder.tsx).
 */
export function NotificationsPopover() {
  return <NotificationBell />;
}
