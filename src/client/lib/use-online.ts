import { useSyncExternalStore } from 'react';

/** Said beside every action that needs the server while the app is offline. */
export const OFFLINE_REASON = 'You’re offline — this needs a connection.';

export interface Connectivity {
  /** The browser says it is online and the last request did not fail for want of a network. */
  online: boolean;
  /** The screen may show data from before the connection dropped, until the user refreshes. */
  showingLastSeen: boolean;
  /** The browser reports a network: a refresh may get through even if the last request failed. */
  canRetry: boolean;
}

// The browser's word alone is not enough: a phone at the nursery gate can report "online" while
// every request fails. So a request failing with a network error also counts as offline, and the
// next request the server answers counts as online again.
let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
let networkFailed = false;
let showingLastSeen = !browserOnline;
let snapshot: Connectivity = compute();
const listeners = new Set<() => void>();

function compute(): Connectivity {
  return { online: browserOnline && !networkFailed, showingLastSeen, canRetry: browserOnline };
}

function update(change: () => void) {
  change();
  if (!(browserOnline && !networkFailed)) showingLastSeen = true;
  const next = compute();
  if (next.online === snapshot.online && next.showingLastSeen === snapshot.showingLastSeen && next.canRetry === snapshot.canRetry) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => update(() => (browserOnline = true)));
  window.addEventListener('offline', () => update(() => (browserOnline = false)));
}

/** The one source of "are we online?", fed by the browser's events and by the query client (lib/offline). */
export const connectivity = {
  get: () => snapshot,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A request got no answer at all. */
  networkFailed: () => update(() => (networkFailed = true)),
  /** The server answered a request (any status). */
  answered: () => update(() => (networkFailed = false)),
  /** The user refreshed the screen after being offline: what it shows is current again. */
  refreshed: () => update(() => (showingLastSeen = false)),
};

/** What the server rendered with: online. Hydration reads it, so a connection lost before then is not a mismatch, only the next render. */
const SERVER_SNAPSHOT: Connectivity = { online: true, showingLastSeen: false, canRetry: true };

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(connectivity.subscribe, connectivity.get, () => SERVER_SNAPSHOT);
}

export function useOnline(): boolean {
  return useConnectivity().online;
}

/** For an action that needs the server: disable it while offline, and say why. */
export function useNeedsNetwork(): { disabled: boolean; reason: string | undefined } {
  const online = useOnline();
  return { disabled: !online, reason: online ? undefined : OFFLINE_REASON };
}
