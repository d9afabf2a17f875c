import type { QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { isUnauthorized } from '../trpc';
import { connectivity } from '../use-online';
import { trpcPathOf } from './allow-list';

// The eager half of offline reading: it watches the query client and loads the IndexedDB half
// (last-seen-store.ts) only when there is something to keep, restore or wipe.
const loadStore = () => import('./last-seen-store');

/** Whose answers the device keeps: read synchronously, so a signed-out visitor never loads IndexedDB code. */
const KEPT_FOR = 'nestling.offline-user';

const ME = 'users.me';

/** A request that got no answer at all: the browser's fetch failed (offline, DNS, connection dropped). */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError) || error.data !== undefined || error.shape !== undefined) return false;
  const cause: unknown = error.cause;
  return cause instanceof Error && (cause.name === 'TypeError' || cause.name === 'NetworkError');
}

interface Watch {
  /** The user whose answers are being kept, and how to stop keeping them. */
  keeping?: { userId: number; stop: Promise<() => void> };
  restored: boolean;
}
const watches = new WeakMap<QueryClient, Watch>();

function keptFor(): number | undefined {
  try {
    const id = Number(localStorage.getItem(KEPT_FOR));
    return Number.isInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

function stopKeeping(watch: Watch) {
  const keeping = watch.keeping;
  watch.keeping = undefined;
  void keeping?.stop.then(
    (stop) => stop(),
    () => undefined,
  );
}

/**
 * Forgets the last-seen answers on this device: at sign-out, and when the session turns out to
 * be gone. Safe to call when nothing is kept.
 */
export async function forgetLastSeen(queryClient: QueryClient): Promise<void> {
  const watch = watches.get(queryClient);
  if (watch) stopKeeping(watch);
  const hadSome = keptFor() !== undefined;
  try {
    localStorage.removeItem(KEPT_FOR);
  } catch {
    // Storage blocked: nothing was kept either.
  }
  if (hadSome && typeof indexedDB !== 'undefined') await (await loadStore()).wipeLastSeen();
}

function keep(queryClient: QueryClient, watch: Watch, userId: number) {
  if (watch.keeping?.userId === userId) return;
  // Another user's answers, if any, go before this user's are kept.
  const before = watch.keeping || keptFor() !== userId ? forgetLastSeen(queryClient) : Promise.resolve();
  const keeping: NonNullable<Watch['keeping']> = {
    userId,
    stop: before.then(async () => {
      const { keepLastSeen } = await loadStore();
      // Signed out (or another user) while this was loading: keep nothing.
      if (watch.keeping !== keeping) return () => undefined;
      localStorage.setItem(KEPT_FOR, String(userId));
      return keepLastSeen(queryClient, userId);
    }),
  };
  watch.keeping = keeping;
  keeping.stop.catch((error: unknown) => console.error('Offline data:', error));
}

/** Offline: the answers the signed-in user last saw, once per page, where the cache has nothing newer. */
async function restore(queryClient: QueryClient, watch: Watch) {
  if (watch.restored) return;
  watch.restored = true;
  const me = queryClient.getQueryCache().find({ queryKey: [['users', 'me']] });
  if (me && isUnauthorized(me.state.error)) return;
  const userId = (me?.state.data as { id?: number } | undefined)?.id ?? keptFor();
  if (userId === undefined) return;
  await (await loadStore()).restoreLastSeen(queryClient, userId);
}

/**
 * Feeds `connectivity` from every request's outcome, keeps the signed-in user's allow-listed
 * answers in IndexedDB, restores them when the app is offline, and forgets them when the session
 * is gone. Returns a function that stops watching.
 */
export function watchQueryClient(queryClient: QueryClient): () => void {
  if (typeof indexedDB === 'undefined' || typeof localStorage === 'undefined') return () => undefined;
  const watch: Watch = { restored: false };
  watches.set(queryClient, watch);
  const fail = (error: unknown) => console.error('Offline data:', error);

  const onOffline = () => {
    if (!connectivity.get().online) restore(queryClient, watch).catch(fail);
  };
  const unsubscribeConnectivity = connectivity.subscribe(onOffline);
  onOffline();

  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { action, query } = event;
    const path = trpcPathOf(query.queryKey);
    if (action.type === 'success' && !action.manual) {
      connectivity.answered();
      const user = query.state.data as { id?: number } | null | undefined;
      if (path === ME && typeof user?.id === 'number') keep(queryClient, watch, user.id);
    } else if (action.type === 'error') {
      if (isNetworkError(action.error)) return connectivity.networkFailed();
      connectivity.answered();
      // A read refused for want of a session: the session has ended (expired, signed out
      // elsewhere, the family erased). What was kept for it goes.
      if (!isUnauthorized(action.error)) return;
      forgetLastSeen(queryClient).catch(fail);
      // An identity still on screen (restored, or from before) is no longer true.
      if (path === ME && query.state.data !== undefined) void queryClient.resetQueries();
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
    stopKeeping(watch);
    watches.delete(queryClient);
  };
}
