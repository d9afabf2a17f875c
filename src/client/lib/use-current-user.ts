import { useEffect } from 'react';
import { isUnauthorized, trpc } from './trpc';

/**
 * The signed-in user, or null. A 401 simply means "signed out"; any other failure is logged
 * and also treated as signed out, as the spec asks.
 */
export function useCurrentUser() {
  const query = trpc.users.me.useQuery(undefined);
  const { error } = query;
  useEffect(() => {
    if (error && !isUnauthorized(error)) console.error('Could not load the signed-in user:', error);
  }, [error]);
  return {
    user: query.data ?? null,
    /** True until we know whether someone is signed in. */
    isLoading: query.isPending && query.fetchStatus !== 'idle',
  };
}
