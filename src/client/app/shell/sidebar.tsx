import { AppShell, Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { Brand } from './brand';
import { isActive, navItems } from './nav-items';
import { ProfileLink } from './profile-link';
import { ThemeSwitch } from './theme-switch';

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <>
      <AppShell.Section p="md" visibleFrom="sm">
        <Brand />
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="sm" py={{ base: 'sm', sm: 0 }}>
        <Stack gap={2}>
          {navItems.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              component={Link}
              to={to}
              label={label}
              leftSection={<Icon size={20} stroke={1.7} aria-hidden />}
              active={isActive(pathname, to)}
              aria-current={isActive(pathname, to) ? 'page' : undefined}
              onClick={onNavigate}
              variant="light"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
              fw={500}
            />
          ))}
        </Stack>
      </AppShell.Section>
      <AppShell.Section p="md">
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
      </AppShell.Section>
    </>
  );
}
