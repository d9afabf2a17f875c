import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { BottomTabs } from './bottom-tabs';
import { MobileHeader } from './mobile-header';
import { OfflineBanner } from './offline-banner';
import { Sidebar } from './sidebar';

/** Sidebar on wide screens; a top bar, a drawer menu and a bottom tab bar on phones. */
export function AppLayout() {
  const [navOpen, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: { base: 56, sm: 0 } }}
      footer={{ height: { base: 64, sm: 0 } }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
      padding={{ base: 'md', sm: 'lg', lg: 'xl' }}
    >
      <AppShell.Header hiddenFrom="sm">
        <MobileHeader navOpen={navOpen} onToggleNav={toggle} onNavigate={close} />
      </AppShell.Header>
      <AppShell.Navbar aria-label="Main">
        <Sidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Box maw={1280} mx="auto">
          <OfflineBanner />
          <Outlet />
        </Box>
      </AppShell.Main>
      <AppShell.Footer hiddenFrom="sm">
        <BottomTabs />
      </AppShell.Footer>
    </AppShell>
  );
}
