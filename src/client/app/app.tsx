import { RouterProvider } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../lib/lazy-with-styles';
import { ServerClockContext } from '../lib/server-clock';
import { createQueryClient, createTrpcClient } from '../lib/trpc';
import { Providers } from './providers';
import type { ClientRouter } from './router';
import type { SsrState } from './ssr-state';

// The service worker and its "new version" prompt: out of the first load, and not under the Vite
// dev server, where a worker holding on to files would fight hot reload.
const UpdatePrompt = lazyNamed(() => import('./update-prompt'), 'UpdatePrompt');

interface AppProps {
  /** The page's router; loaded before a server render or a hydration, so the first render holds the route's screen. */
  router: ClientRouter;
  /** The server's state for a server-rendered page: the same on the server and when hydrating. */
  ssr?: SsrState;
}

export function App({ router, ssr }: AppProps) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // The server's dehydrated answers, restored with setQueryData as the offline store does
    // (lib/offline/last-seen-store.ts): TanStack's hydrate() would add to the first load.
    for (const { queryKey, state } of ssr?.queries.queries ?? []) client.setQueryData(queryKey, state.data);
    return client;
  });
  const [trpcClient] = useState(() => createTrpcClient());
  return (
    <ServerClockContext value={ssr?.clock}>
      <Providers queryClient={queryClient} trpcClient={trpcClient}>
        <RouterProvider router={router} />
        {import.meta.env.PROD && (
          <Suspense>
            <UpdatePrompt />
          </Suspense>
        )}
      </Providers>
    </ServerClockContext>
  );
}
