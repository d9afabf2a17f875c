import { Box, Text, UnstyledButton } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { isActive, navItems } from './nav-items';

/** The mobile tab bar: every section except the assistant. */
export function BottomTabs() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <Box component="nav" aria-label="Tab bar" h="100%" style={{ display: 'flex', alignItems: 'stretch' }}>
      {navItems
        .filter((item) => item.inBottomBar)
        .map(({ to, label, shortLabel, icon: Icon }) => {
          const active = isActive(pathname, to);
          return (
            <UnstyledButton
              key={to}
              component={Link}
              to={to}
              aria-label={label}
              aria-current={active ? 'page' : undefined}
              style={{
                flex: 1,
                minWidth: 0,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                gap: 2,
                color: active ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-dimmed)',
              }}
            >
              <Icon size={22} stroke={active ? 2 : 1.6} aria-hidden />
              <Text fz={10} fw={500} lh={1.2} lts="-0.04em" truncate maw="100%">
                {shortLabel}
              </Text>
            </UnstyledButton>
          );
        })}
    </Box>
  );
}
