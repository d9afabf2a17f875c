import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { Suspense } from 'react';
import { lazyNamed } from '../../lib/lazy-with-styles';
import { BottomTabs } from './bottom-tabs';
import { MobileHeader } from './mobile-header';
import { OfflineBanner } from './offline-banner';
import { Sidebar } from './sidebar';

const LiveNotifications = lazyNamed(() => import('./notifications-popover'), 'LiveNotifications');

/**
 * Sidebar on wide screens; a top bar, a drawer menu and a bottom tab bar on phones.
 *
 * Each region is a Suspense boundary, though none waits for anything: on a server-rendered page
 * React hydrates what lies outside any boundary in one task, and each boundary afterwards in
 * slices that let the browser in between (a dehydrated boundary is scheduled at offscreen
 * priority, which yields every few milliseconds). Without them the whole page hydrated in one
 * task, the longest of a phone's page load (150 to 190 ms at a 4x slower CPU).
 */
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
        <Suspense>
          <MobileHeader navOpen={navOpen} onToggleNav={toggle} onNavigate={close} />
        </Suspense>
      </AppShell.Header>
      <AppShell.Navbar aria-label="Main">
        <Suspense>
          <Sidebar onNavigate={close} />
        </Suspense>
      </AppShell.Navbar>
      <AppShell.Main>
        <Box maw={1280} mx="auto">
          <OfflineBanner />
          <Suspense>
            <Outlet />
          </Suspense>
        </Box>
      </AppShell.Main>
      <AppShell.Footer hiddenFrom="sm">
        <Suspense>
          <BottomTabs />
        </Suspense>
      </AppShell.Footer>
      <Suspense>
        <LiveNotifications />
      </Suspense>
    </AppShell>
  );
}
