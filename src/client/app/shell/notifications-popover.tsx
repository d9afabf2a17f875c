import { NotificationBell } from '../../features/notifications/notification-bell';
import { useLiveNotifications } from '../../features/notifications/use-live-notifications';
import { useCurrentUser } from '../../lib/use-current-user';

/**
 * The bell in the mobile bar and the sidebar. Loaded after the first paint (popovers need
 * Floating UI, the count its queries and socket): until then the shell shows BellPlaceholder (bell-placeholder.tsx).
 */
export function NotificationsPopover() {
  return <NotificationBell />;
}

/**
 * Keeps the bells' count live, once for the page: both bells are always mounted (CSS shows one),
 * and each with its own socket joined the channel twice and fetched the count three times.
 */
export function LiveNotifications() {
  const { user } = useCurrentUser();
  useLiveNotifications(user !== null);
  return null;
}
