import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import { keepsOffline } from './allow-list';

// The IndexedDB side of offline reading, loaded after the first paint. This file is the one place
// that knows where the last-seen answers live; server-rendered pages will hydrate their own
// dehydrated cache and leave this for offline use only.

/** Answers older than this are not shown offline: a week-old timetable misleads more than it helps. */
export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_EVERY_MS = 1000;

interface Saved {
  buster: string;
  savedAt: number;
  state: DehydratedState;
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
  let earlier: DehydratedState['queries'] | undefined;
  const save = () => {
    timer = undefined;
    if (stopped || !earlier) return;
    const now = dehydrate(queryClient, { shouldDehydrateQuery: keepsOffline, shouldDehydrateMutation: () => false });
    const inMemory = new Set(now.queries.map((query) => query.queryHash));
    const queries = [...now.queries, ...earlier.filter((query) => !inMemory.has(query.queryHash))];
    const saved: Saved = { buster: buildVersion(), savedAt: Date.now(), state: { queries, mutations: [] } };
    set(keyFor(userId), saved, store()).catch((error: unknown) => console.error('Could not keep data for offline use:', error));
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
async function readFresh(userId: number, now = Date.now()): Promise<DehydratedState['queries']> {
  const saved = await get<Saved>(keyFor(userId), store());
  if (!saved || saved.buster !== buildVersion()) return [];
  return saved.state.queries.filter((query) => keepsOffline(query) && now - query.state.dataUpdatedAt <= MAX_AGE_MS);
}

/**
 * Puts the user's last-seen answers back into the cache, where the cache has nothing newer.
 * Restored queries are ordinary cached answers: with the app's defaults nothing refetches them
 * until the user asks. Returns how many were restored.
 */
export async function restoreLastSeen(queryClient: QueryClient, userId: number, now = Date.now()): Promise<number> {
  const queries = await readFresh(userId, now);
  // A request still out (offline, it will fail) would otherwise land after the restore and turn
  // the restored answer into an error.
  await Promise.all(
    queries.map((query) => {
      const current = queryClient.getQueryCache().get(query.queryHash);
      return current && current.state.data === undefined ? queryClient.cancelQueries({ queryKey: query.queryKey, exact: true }) : undefined;
    }),
  );
  hydrate(queryClient, { queries, mutations: [] });
  return queries.length;
}

/** Forgets every user's last-seen answers. */
export function wipeLastSeen(): Promise<void> {
  return clear(store());
}
