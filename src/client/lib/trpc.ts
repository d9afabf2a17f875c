import { QueryClient } from '@tanstack/react-query';
import { httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/trpc/router';

export const trpc = createTRPCReact<AppRouter>();

/** The spec's client defaults: nothing refetches on its own, nothing goes stale, nothing retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
        retry: false,
        // Offline, a request fails at once (and the app shows what it last saw) instead of
        // pausing and then running by itself on reconnect: nothing refreshes unasked.
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** Every call carries the session cookie; tRPC sends bodies as application/json. */
export function createTrpcClient(url = '/trpc') {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url,
        fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
      }),
    ],
  });
}

/** The HTTP status behind a failed call, when the server answered. */
export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data = error.data as { httpStatus?: number } | undefined;
  return data?.httpStatus;
}

export const isUnauthorized = (error: unknown) => httpStatusOf(error) === 401;
