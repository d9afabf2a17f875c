import { useConnectivity } from '../../lib/use-online';
import { OfflineNotice } from './offline-notice';

/**
 * The offline banner's place in the shell. Its code is in the first load (under 1 kB): fetched
 * later, it could be on its way when the connection drops, and never arrive.
 */
export function OfflineBanner() {
  const { online, showingLastSeen } = useConnectivity();
  if (online && !showingLastSeen) return null;
  return <OfflineNotice />;
}
