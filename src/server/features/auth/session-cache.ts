/**
 * Who a credential (a session or an API token, by hash) signs in, remembered for a few seconds,
 * so that a burst of requests on one sign-in costs one database lookup rather than one each:
 * on the embedded database every lookup runs on the event loop.
 *
 * An entry is dropped when its time is up, when the session itself expires, and at once when
 * its user's sign-ins or profile change (forgetUser): the auth service calls that on this
 * instance and broadcasts it to the others. A broadcast lost while an instance's LISTEN
 * connection is down is bounded by the time to live.
 */
export interface CachedCredential<TUser> {
  user: TUser;
  /** When the credential itself stops working; null when only a revocation ends it. */
  expiresAt: Date | null;
}

export function createSessionCache<TUser extends { id: number }>(options: { ttlMs: number; maxEntries: number; now: () => Date }) {
  const entries = new Map<string, CachedCredential<TUser> & { cachedAt: number }>();
  // Lookups under way, shared by every request that arrives meanwhile with the same credential.
  const loading = new Map<string, Promise<TUser | undefined>>();
  // Bumped by every forgetUser. A lookup that began before one may have read what it revoked,
  // so its answer serves the requests that asked but is not kept.
  let generation = 0;

  function fresh(key: string, at: number): TUser | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (at - entry.cachedAt < options.ttlMs && (entry.expiresAt === null || at < entry.expiresAt.getTime())) return entry.user;
    entries.delete(key);
    return undefined;
  }

  function remember(key: string, credential: CachedCredential<TUser>) {
    entries.delete(key);
    // A Map iterates in insertion order, so the first key is the oldest entry.
    if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { ...credential, cachedAt: options.now().getTime() });
  }

  return {
    /** The user `key` signs in, from memory while fresh, else from `load` (undefined: it signs no one in, which is not kept). */
    lookup(key: string, load: () => Promise<CachedCredential<TUser> | undefined>): Promise<TUser | undefined> {
      const cached = fresh(key, options.now().getTime());
      if (cached) return Promise.resolve(cached);
      const pending = loading.get(key);
      if (pending) return pending;
      const startedIn = generation;
      const lookup = load()
        .then((credential) => {
          if (credential && startedIn === generation) remember(key, credential);
          return credential?.user;
        })
        .finally(() => {
          if (loading.get(key) === lookup) loading.delete(key);
        });
      loading.set(key, lookup);
      return lookup;
    },

    /** Forgets every credential of this user, and any lookup under way: the next request asks the database. */
    forgetUser(userId: number) {
      generation += 1;
      loading.clear();
      for (const [key, entry] of entries) if (entry.user.id === userId) entries.delete(key);
    },
  };
}

export type SessionCache<TUser extends { id: number }> = ReturnType<typeof createSessionCache<TUser>>;
