import { Badge, Loader } from '@mantine/core';
import type { RealtimeStatus } from '../lib/use-realtime-channel';

/** 'Live' while the realtime connection is open, 'Connecting...' otherwise. */
export function LiveIndicator({ status }: { status: RealtimeStatus }) {
  const live = status === 'open';
  return (
    <Badge
      variant={live ? 'light' : 'default'}
      color={live ? 'red' : 'gray'}
      size="lg"
      radius="xl"
      tt="none"
      fw={600}
      leftSection={live ? <span className="nestling-live-dot" aria-hidden /> : <Loader size={10} color="gray" aria-hidden />}
      role="status"
      aria-live="polite"
    >
      {live ? 'Live' : 'Connecting...'}
    </Badge>
  );
}
