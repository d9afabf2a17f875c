// Loaded by the first toast (toast.ts): Mantine's notifications, their styles and the container.
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

export { notifications } from '@mantine/notifications';

/** The spec's toasts: one at a time, shown for 5 seconds, at most 420px wide. */
export function Toasts() {
  return <Notifications limit={1} autoClose={5000} containerWidth={420} position="top-right" />;
}
