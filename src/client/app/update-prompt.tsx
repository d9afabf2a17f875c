import { Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { applyUpdate, registerServiceWorker, supportsServiceWorker, watchForUpdate } from '../lib/service-worker';

/**
 * Registers the service worker once the page has loaded and, when a new release is waiting,
 * offers to reload into it. Nothing reloads unasked: the parent may be halfway through a message.
 */
export function UpdatePrompt() {
  const [waitingIn, setWaitingIn] = useState<ServiceWorkerRegistration>();
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    if (!supportsServiceWorker()) return;
    let stopWatching: (() => void) | undefined;
    let unmounted = false;
    const start = () => {
      registerServiceWorker().then(
        (registration) => {
          if (!unmounted) stopWatching = watchForUpdate(registration, () => setWaitingIn(registration));
        },
        // No worker (a private window may refuse one): the app works as before, only not offline.
        () => undefined,
      );
    };
    // After the load event, so that registering and precaching compete with nothing the first screen needs.
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      unmounted = true;
      window.removeEventListener('load', start);
      stopWatching?.();
    };
  }, []);

  if (!waitingIn) return null;
  return (
    <Paper
      id="update-prompt"
      role="status"
      withBorder
      shadow="md"
      px="md"
      py="sm"
      pos="fixed"
      // Above the phone's bottom tab bar (64 px); the shell's bars sit at z-index 100, modals at 200.
      bottom={{ base: 76, sm: 24 }}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 150, width: 'max-content', maxWidth: 'calc(100vw - 24px)' }}
    >
      <Group gap="md" wrap="nowrap">
        <Text size="sm" fw={500}>
          A new version is ready
        </Text>
        <Button
          size="compact-sm"
          loading={reloading}
          onClick={() => {
            setReloading(true);
            applyUpdate(waitingIn);
          }}
        >
          Reload
        </Button>
      </Group>
    </Paper>
  );
}
