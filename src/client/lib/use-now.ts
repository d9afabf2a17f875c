import { useEffect, useState, useSyncExternalStore } from 'react';
import { useServerClock } from './server-clock';

const subscribeToNothing = () => () => {};

/**
 * The current time, renewed every minute, so 'just now' becomes '1 minute ago' without a reload.
 * While a server-rendered page hydrates, it is the instant the server rendered at
 * (lib/server-clock.ts): an activity's 'just now' that had become '1 minute ago' by the time the
 * page hydrated did not match the server's HTML, and React threw the hydration away. React renders
 * again with the browser's clock at once (useSyncExternalStore's server snapshot is for hydration only).
 */
export function useNow(): Date {
  const renderedAt = useServerClock()?.at;
  const hydrating = useSyncExternalStore(subscribeToNothing, () => false, () => true);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return hydrating && renderedAt !== undefined ? new Date(renderedAt) : now;
}
