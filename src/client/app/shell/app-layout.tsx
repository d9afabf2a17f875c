import { Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { Suspense } from 'react';
import { lazyNamed } from '../../lib/lazy-with-styles';
import { BottomTabs } from './bottom-tabs';
import { MobileHeader } from './mobile-header';
import { OfflineBanner } from './offline-banner';
import { Sidebar } from './sidebar';
import './app-layout.css';

const LiveNotifications = lazyNamed(() => import('./notifications-popover'), 'LiveNotifications');

/**
 * Sidebar on wide screens; a top bar, a menu and a bottom tab bar on phones (app-layout.css).
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
    <div className="nestling-shell">
      <header className="nestling-shell-header">
        <Suspense>
          <MobileHeader navOpen={navOpen} onToggleNav={toggle} onNavigate={close} />
        </Suspense>
      </header>
      <nav className="nestling-shell-navbar" aria-label="Main" id="main-navigation" data-open={navOpen || undefined}>
        <Suspense>
          <Sidebar onNavigate={close} />
        </Suspense>
      </nav>
      <main className="nestling-shell-main">
        <Box maw={1280} mx="auto">
          <OfflineBanner />
          <Suspense>
            <Outlet />
          </Suspense>
        </Box>
      </main>
      <footer className="nestling-shell-footer">
        <Suspense>
          <BottomTabs />
        </Suspense>
      </footer>
      <Suspense>
        <LiveNotifications />
      </Suspense>
    </div>
  );
}
