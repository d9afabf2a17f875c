import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers } from '../app/providers';
import { createAppRouter } from '../app/router';
import { createQueryClient, createTrpcClient } from '../lib/trpc';

/**
 * The whole app at a path, wired exactly as in the browser (the same tRPC client on the
 * page's origin, the spec's query defaults), with Mantine's test mode for instant transitions.
 */
export function renderApp(path = '/') {
  const queryClient = createQueryClient();
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  const result = render(
    <Providers queryClient={queryClient} trpcClient={createTrpcClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, queryClient, user: userEvent.setup() };
}
