import { Burger, Group } from '@mantine/core';
import { Suspense } from 'react';
import { lazyNamed } from '../../lib/lazy-with-styles';
import { Brand } from './brand';
import { BellPlaceholder } from './bell-placeholder';

// Popovers need Floating UI; the bar paints without it and the popover arrives a moment later.
const NotificationsPopover = lazyNamed(() => import('./notifications-popover'), 'NotificationsPopover');

/** The mobile top bar: the menu toggle, the brand and the notifications button. */
export function MobileHeader({ navOpen, onToggleNav, onNavigate }: { navOpen: boolean; onToggleNav: () => void; onNavigate: () => void }) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={navOpen}
          onClick={onToggleNav}
          size="sm"
          aria-label={navOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={navOpen}
          aria-controls="main-navigation"
        />
        <Brand onNavigate={onNavigate} />
      </Group>
      <Suspense fallback={<BellPlaceholder />}>
        <NotificationsPopover />
      </Suspense>
    </Group>
  );
}
