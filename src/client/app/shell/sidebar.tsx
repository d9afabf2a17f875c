import { Box, Divider, Group, Stack, Text } from '@mantine/core';
import { IconClipboardList, type Icon } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { Suspense } from 'react';
import { lazyNamed } from '../../lib/lazy-with-styles';
import { useCurrentUser } from '../../lib/use-current-user';
import { BellPlaceholder } from './bell-placeholder';
import { Brand } from './brand';
import { isActive, navItems } from './nav-items';
import { ProfileLink } from './profile-link';
import { ThemeSwitch } from './theme-switch';

// As in the mobile bar: the bell arrives a moment after the first paint.
const NotificationsPopover = lazyNamed(() => import('./notifications-popover'), 'NotificationsPopover');

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { user } = useCurrentUser();
  const isStaff = user?.role === 'staff' || user?.role === 'admin';
  return (
    <>
      <Box p="md" visibleFrom="sm">
        <Group justify="space-between" wrap="nowrap">
          <Brand />
          <Suspense fallback={<BellPlaceholder />}>
            <NotificationsPopover />
          </Suspense>
        </Group>
      </Box>
      <Box px="sm" py={{ base: 'sm', sm: 0 }} style={{ flexGrow: 1, overflowY: 'auto' }}>
        <Stack gap={2}>
          {navItems.map(({ to, label, icon }) => (
            <SidebarLink key={to} to={to} label={label} icon={icon} onNavigate={onNavigate} />
          ))}
          {isStaff && <SidebarLink to="/staff" label="Log activities" icon={IconClipboardList} onNavigate={onNavigate} />}
        </Stack>
      </Box>
      <Box p="md">
        <Stack gap="sm">
          <div>
            <Text size="xs" c="dimmed" mb={6}>
              Theme
            </Text>
            <ThemeSwitch />
          </div>
          <Divider />
          <ProfileLink onNavigate={onNavigate} />
        </Stack>
      </Box>
    </>
  );
}

/** One navigation entry: a plain link, styled in global.css (Mantine's NavLink would bring collapsible children we never use). */
function SidebarLink({ to, label, icon: Icon, onNavigate }: { to: string; label: string; icon: Icon; onNavigate: () => void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const active = isActive(pathname, to);
  return (
    <Link to={to} className="nestling-nav-link" data-active={active || undefined} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
      <Icon size={20} stroke={1.7} aria-hidden />
      <span>{label}</span>
    </Link>
  );
}
