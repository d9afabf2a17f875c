import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { trpc, type createTrpcClient } from '../lib/trpc';
import { accessibleColorsResolver } from './accessible-colors';
import { colorSchemeManager, theme } from './theme';

interface ProvidersProps {
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof createTrpcClient>;
  children: ReactNode;
  /** 'test' turns off transitions and portals. */
  env?: 'default' | 'test';
}

export function Providers({ queryClient, trpcClient, children, env }: ProvidersProps) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="light"
          cssVariablesResolver={accessibleColorsResolver}
          env={env}
        >
          {/* The spec's toasts: one at a time, shown for 5 seconds, at most 420px wide. */}
          <Notifications limit={1} autoClose={5000} containerWidth={420} position="top-right" />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
