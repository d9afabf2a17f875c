import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import { isOfflinePath, keepsOffline } from './allow-list';
import { KEPT_FOR, keptFor } from './offline-data';

// The IndexedDB side of offline reading, loaded after the first paint. This file is the one place
// that knows where the last-seen answers live; server-rendered pages will hydrate their own
// dehydrated cache and leave this for offline use only. Answers go in and out through the query
// client's own getAll and setQueryData, not TanStack's dehydrate/hydrate: those would join the
// first-load data chunk, and a cached answer needs no more than its key, data and time.

/** Answers older than this are not shown offline: a week-old timetable misleads more than it helps. */
export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_EVERY_MS = 1000;

export interface KeptQuery {
  queryKey: QueryKey;
  queryHash: string;
  data: unknown;
  dataUpdatedAt: number;
}
export interface Kept {
  buster: string;
  savedAt: number;
  queries: KeptQuery[];
}

let opened: UseStore | undefined;
const store = () => (opened ??= createStore('nestling-offline', 'last-seen'));
const keyFor = (userId: number) => `queries:${userId}`;

/**
 * This release. The entry script's name carries a hash of the whole build (every chunk's name is
 * written into it), so a new release never restores answers shaped for an older one.
 */
export function buildVersion(): string {
  if (typeof document === 'undefined') return 'dev';
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return entry?.getAttribute('src') ?? 'dev';
}

/**
 * Keeps the user's allow-listed answers in IndexedDB as they change, at most once a second, with
 * those kept earlier for screens not visited since. Returns a stop function.
 */
export function keepLastSeen(queryClient: QueryClient, userId: number): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Until the earlier answers are read, a save would drop them.
  let earlier: KeptQuery[] | undefined;
  const save = () => {
    timer = undefined;
    if (stopped || !earlier) return;
    const now: KeptQuery[] = queryClient
      .getQueryCache()
      .getAll()
      .filter(keepsOffline)
      .map((query) => ({ queryKey: query.queryKey, queryHash: query.queryHash, data: query.state.data, dataUpdatedAt: query.state.dataUpdatedAt }));
    const inMemory = new Set(now.map((query) => query.queryHash));
    const kept: Kept = { buster: buildVersion(), savedAt: Date.now(), queries: [...now, ...earlier.filter((query) => !inMemory.has(query.queryHash))] };
    set(keyFor(userId), kept, store()).catch((error: unknown) => console.error('Could not keep data for offline use:', error));
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    timer ??= setTimeout(save, SAVE_EVERY_MS);
  });
  readFresh(userId)
    .then((queries) => {
      earlier = queries;
      save();
    })
    .catch((error: unknown) => console.error('Could not read data kept for offline use:', error));
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}

/** The user's kept answers from this release and the last week, allow-listed again on the way out. */
async function readFresh(userId: number, now = Date.now()): Promise<KeptQuery[]> {
  const kept = await get<Kept>(keyFor(userId), store());
  if (!kept || kept.buster !== buildVersion()) return [];
  return kept.queries.filter((query) => isOfflinePath(query.queryKey) && now - query.dataUpdatedAt <= MAX_AGE_MS);
}

/**
 * Puts the user's last-seen answers back into the cache, where the cache has nothing newer.
 * Restored queries are ordinary cached answers: with the app's defaults nothing refetches them
 * until the user asks. Returns how many were restored.
 */
export async function restoreLastSeen(queryClient: QueryClient, userId: number, now = Date.now()): Promise<number> {
  let restored = 0;
  for (const kept of await readFresh(userId, now)) {
    const current = queryClient.getQueryCache().get(kept.queryHash);
    if (current && current.state.dataUpdatedAt >= kept.dataUpdatedAt) continue;
    // A request still out (offline, it will fail) would otherwise land after the restore and
    // turn the restored answer into an error.
    if (current?.state.fetchStatus === 'fetching') await queryClient.cancelQueries({ queryKey: kept.queryKey, exact: true });
    queryClient.setQueryData(kept.queryKey, kept.data, { updatedAt: kept.dataUpdatedAt });
    restored += 1;
  }
  return restored;
}

/** Per query client: the user whose answers are being kept, and how to stop keeping them. */
const keeping = new WeakMap<QueryClient, { userId: number; stop: Promise<() => void> }>();

export function stopKeeping(queryClient: QueryClient) {
  const current = keeping.get(queryClient);
  keeping.delete(queryClient);
  void current?.stop.then(
    (stop) => stop(),
    () => undefined,
  );
}

/** Keeps the signed-in user's answers from now on; another user's kept answers are wiped first. */
export function keepFor(queryClient: QueryClient, userId: number) {
  const current = keeping.get(queryClient);
  if (current?.userId === userId) return;
  const before = current || keptFor() !== userId ? forget(queryClient) : Promise.resolve();
  const entry = {
    userId,
    stop: before.then(() => {
      // Signed out (or another user signed in) meanwhile: keep nothing.
      if (keeping.get(queryClient) !== entry) return () => undefined;
      localStorage.setItem(KEPT_FOR, String(userId));
      return keepLastSeen(queryClient, userId);
    }),
  };
  keeping.set(queryClient, entry);
  entry.stop.catch((error: unknown) => console.error('Offline data:', error));
}

/** Stops keeping and wipes every user's last-seen answers from the device. */
export async function forget(queryClient: QueryClient): Promise<void> {
  stopKeeping(queryClient);
  localStorage.removeItem(KEPT_FOR);
  await clear(store());
}
