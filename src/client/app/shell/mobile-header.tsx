import { ActionIcon, Burger, Group, Popover, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Brand } from './brand';

/** The mobile top bar: the menu toggle, the brand and the notifications button. */
export function MobileHeader({ navOpen, onToggleNav, onNavigate }: { navOpen: boolean; onToggleNav: () => void; onNavigate: () => void }) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Burger opened={navOpen} onClick={onToggleNav} size="sm" aria-label={navOpen ? 'Close menu' : 'Open menu'} />
        <Brand onNavigate={onNavigate} />
      </Group>
      <Popover position="bottom-end" shadow="md" width={240}>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Notifications">
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Text size="sm" fw={600}>
            Notifications
          </Text>
          <Text size="sm" c="dimmed">
            You're all caught up.
          </Text>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
