import { Suspense, useEffect } from 'react';
import { lazyNamed } from '../../lib/lazy-with-styles';
import { useConnectivity } from '../../lib/use-online';

const OfflineNotice = lazyNamed(() => import('./offline-notice'), 'OfflineNotice');

/**
 * The offline banner's place in the shell. Its code stays out of the first load but arrives just
 * after it, so that it is at hand when the connection drops (offline it could not be fetched
 * without the service worker).
 */
export function OfflineBanner() {
  const { online, showingLastSeen } = useConnectivity();
  useEffect(() => {
    void OfflineNotice.preload();
  }, []);
  if (online && !showingLastSeen) return null;
  return (
    <Suspense>
      <OfflineNotice />
    </Suspense>
  );
}
