import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useToastsContainer } from '../lib/toast';
import { trpc, type createTrpcClient } from '../lib/trpc';
import { watchQueryClient } from '../lib/offline/offline-data';
import { colorSchemeManager, theme } from '../lib/theme';

/** Toasts appear only after something happens: their container loads and mounts with the first one. */
function ToastsOnceLoaded() {
  return useToastsContainer();
}

interface ProvidersProps {
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof createTrpcClient>;
  children: ReactNode;
  /** 'test' turns off transitions and portals. */
  env?: 'default' | 'test';
}

export function Providers({ queryClient, trpcClient, children, env }: ProvidersProps) {
  // Offline reading: the signed-in user's last-seen answers kept in IndexedDB (its code loads only when needed).
  useEffect(() => watchQueryClient(queryClient), [queryClient]);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="light"
          // The theme's CSS variables are a stylesheet (app/theme-variables.css), not computed here.
          withCssVariables={false}
          env={env}
        >
          <ToastsOnceLoaded />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
