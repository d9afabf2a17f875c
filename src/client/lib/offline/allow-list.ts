import type { Query, QueryKey } from '@tanstack/react-query';

/**
 * The only answers kept on the device for reading offline: who is signed in (the dashboard needs
 * it to render) and the last-seen children, activities, bookings and articles. Anything else
 * (invitation links, API tokens, sessions, camera access, messages, photo bytes) never leaves memory.
 */
export const OFFLINE_QUERY_PATHS: ReadonlySet<string> = new Set([
  'users.me',
  'children.list',
  'activities.list',
  'activities.page',
  'shadowBookings.list',
  'shadowBookings.page',
  'mentalHealth.bookings.list',
  'articles.list',
  'articles.get',
  'mentalHealth.articles',
]);

/** The tRPC procedure path of a query key (`[['users', 'me'], { type: 'query' }]` is 'users.me'). */
export function trpcPathOf(queryKey: QueryKey): string | undefined {
  const path = queryKey[0];
  return Array.isArray(path) && path.every((part) => typeof part === 'string') ? path.join('.') : undefined;
}

/** An answer of an allow-listed procedure. */
export function isOfflinePath(queryKey: QueryKey): boolean {
  const path = trpcPathOf(queryKey);
  return path !== undefined && OFFLINE_QUERY_PATHS.has(path);
}

/** Kept offline: an allow-listed procedure whose last answer succeeded. */
export function keepsOffline(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return isOfflinePath(query.queryKey) && query.state.status === 'success';
}
