import { Box, Text, UnstyledButton, useMantineTheme } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { isActive, navItems } from './nav-items';

/** The mobile tab bar: every section except the assistant. */
export function BottomTabs() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The primary colour's text role, not its fill: the fill is picked for white text on it and reads
  // 3.1:1 as a label on the dark theme's bar (accessible-colors.ts gives the text role AA in both).
  const activeColor = `var(--mantine-color-${useMantineTheme().primaryColor}-text)`;
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
                color: active ? activeColor : 'var(--mantine-color-dimmed)',
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
