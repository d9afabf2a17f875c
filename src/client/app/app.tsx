import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { createQueryClient, createTrpcClient } from '../lib/trpc';
import { Providers } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() => createTrpcClient());
  const [router] = useState(() => createAppRouter());
  return (
    <Providers queryClient={queryClient} trpcClient={trpcClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
