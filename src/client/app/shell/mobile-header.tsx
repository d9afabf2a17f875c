import { ActionIcon, Burger, Group } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Suspense } from 'react';
import { lazyNamed } from '../../lib/lazy-with-styles';
import { Brand } from './brand';

// Popovers need Floating UI; the bar paints without it and the popover arrives a moment later.
const NotificationsPopover = lazyNamed(() => import('./notifications-popover'), 'NotificationsPopover');

/** The mobile top bar: the menu toggle, the brand and the notifications button. */
export function MobileHeader({ navOpen, onToggleNav, onNavigate }: { navOpen: boolean; onToggleNav: () => void; onNavigate: () => void }) {
  const bell = (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Notifications">
      <IconBell size={20} aria-hidden />
    </ActionIcon>
  );
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Burger opened={navOpen} onClick={onToggleNav} size="sm" aria-label={navOpen ? 'Close menu' : 'Open menu'} />
        <Brand onNavigate={onNavigate} />
      </Group>
      <Suspense fallback={bell}>
        <NotificationsPopover target={bell} />
      </Suspense>
    </Group>
  );
}
