import type { Query, QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { isUnauthorized } from '../trpc';
import { connectivity } from '../use-online';

// The eager half of offline reading, kept small for the first load: it watches the query client
// and hands work to the IndexedDB half (last-seen-store.ts) only when there is something to keep,
// restore or wipe, so a signed-out visitor never loads it.
let storeWanted = false;
const loadStore = () => {
  storeWanted = true;
  return import('./last-seen-store');
};

/** Whose answers the device keeps (last-seen-store.ts writes it); read here synchronously. */
export const KEPT_FOR = 'nestling.offline-user';

export function keptFor(): number | undefined {
  try {
    const id = Number(localStorage.getItem(KEPT_FOR));
    return Number.isInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

/** A request that got no answer at all: the browser's fetch failed (offline, DNS, connection dropped). */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError) || error.data !== undefined || error.shape !== undefined) return false;
  const cause: unknown = error.cause;
  return cause instanceof Error && (cause.name === 'TypeError' || cause.name === 'NetworkError');
}

const isMe = (queryKey: readonly unknown[]) => JSON.stringify(queryKey[0]) === '["users","me"]';
const fail = (error: unknown) => console.error('Offline data:', error);

/**
 * Forgets the last-seen answers on this device: at sign-out, and when the session turns out to
 * be gone. Safe to call when nothing is kept.
 */
export async function forgetLastSeen(queryClient: QueryClient): Promise<void> {
  if (!storeWanted && keptFor() === undefined) return;
  await (await loadStore()).forget(queryClient);
}

/**
 * Feeds `connectivity` from every request's outcome, keeps the signed-in user's allow-listed
 * answers in IndexedDB, restores them when the app is offline, and forgets them when the session
 * is gone. Returns a function that stops watching.
 */
export function watchQueryClient(queryClient: QueryClient): () => void {
  if (typeof indexedDB === 'undefined' || typeof localStorage === 'undefined') return () => undefined;
  let restoring = false;
  // Not exact: tRPC's key is [['users', 'me'], { type: 'query' }], and find() matches exactly unless told.
  const findMe = () => queryClient.getQueryCache().find({ queryKey: [['users', 'me']], exact: false });
  const onOffline = () => {
    if (connectivity.get().online || restoring) return;
    const me = findMe();
    if (me && isUnauthorized(me.state.error)) return;
    const userId = (me?.state.data as { id?: number } | undefined)?.id ?? keptFor();
    if (userId === undefined) return;
    // Once per page: later, the cache itself holds what was restored.
    restoring = true;
    loadStore()
      .then((store) => store.restoreLastSeen(queryClient, userId))
      .catch(fail);
  };
  const unsubscribeConnectivity = connectivity.subscribe(onOffline);
  onOffline();

  const keepIfSignedIn = (query?: Query) => {
    const userId = (query?.state.data as { id?: number } | null | undefined)?.id;
    if (userId && isMe(query!.queryKey))
      loadStore()
        .then((store) => store.keepFor(queryClient, userId))
        .catch(fail);
  };
  // A server-rendered page arrives with the user already in the cache.
  keepIfSignedIn(findMe());

  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { action, query } = event;
    if (action.type === 'success' && !action.manual) {
      connectivity.answered();
      keepIfSignedIn(query);
    } else if (action.type === 'error') {
      if (isNetworkError(action.error)) return connectivity.networkFailed();
      connectivity.answered();
      // A read refused for want of a session: the session has ended (expired, signed out
      // elsewhere, the family erased). What was kept for it goes.
      if (!isUnauthorized(action.error)) return;
      forgetLastSeen(queryClient).catch(fail);
      // An identity still on screen (restored, or from before) is no longer true.
      if (isMe(query.queryKey) && query.state.data !== undefined) void queryClient.resetQueries();
    }
  });
  const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'error') {
      if (isNetworkError(event.action.error)) connectivity.networkFailed();
      else connectivity.answered();
    } else if (event.action.type === 'success') connectivity.answered();
  });

  return () => {
    unsubscribeConnectivity();
    unsubscribeQueries();
    unsubscribeMutations();
    if (storeWanted) void loadStore().then((store) => store.stopKeeping(queryClient));
  };
}
