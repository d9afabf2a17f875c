import { RouterProvider } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../lib/lazy-with-styles';
import { createQueryClient, createTrpcClient } from '../lib/trpc';
import { Providers } from './providers';
import { createAppRouter } from './router';

// The service worker and its "new version" prompt: out of the first load, and not under the Vite
// dev server, where a worker holding on to files would fight hot reload.
const UpdatePrompt = lazyNamed(() => import('./update-prompt'), 'UpdatePrompt');

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() => createTrpcClient());
  const [router] = useState(() => createAppRouter());
  return (
    <Providers queryClient={queryClient} trpcClient={trpcClient}>
      <RouterProvider router={router} />
      {import.meta.env.PROD && (
        <Suspense>
          <UpdatePrompt />
        </Suspense>
      )}
    </Providers>
  );
}
