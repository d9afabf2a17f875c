import { Popover, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The mobile bar's notifications; loaded after the first paint (see mobile-header.tsx). */
export function NotificationsPopover({ target }: { target: ReactNode }) {
  return (
    <Popover position="bottom-end" shadow="md" width={240}>
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={600}>
          Notifications
        </Text>
        <Text size="sm" c="dimmed">
          You're all caught up.
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
