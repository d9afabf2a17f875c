import { ACTIVITY_CAP, activityFeedInput } from '../../shared/display';
import type { ActivityDto } from '../../shared/schemas/monitoring';
import { trpc } from './trpc';
import { useRealtimeChannel } from './use-realtime-channel';

/** Puts a live activity at the front and keeps the newest `cap`; an activity already listed is not repeated. */
export function prependActivity(list: readonly ActivityDto[], activity: ActivityDto, cap = ACTIVITY_CAP): ActivityDto[] {
  return [activity, ...list.filter((item) => item.id !== activity.id)].slice(0, cap);
}

/**
 * A camera channel's activity log: the fetched newest 20, then each live activity from /ws put
 * at the front. A rejoin names the last event it had, and the server sends what was missed
 * first, in order, so a phone that lost its signal misses nothing and shows nothing twice.
 * Give `null` to stay idle (no camera, or nobody signed in).
 */
export function useActivityFeed(channel: string | null) {
  const input = activityFeedInput(channel ?? undefined);
  const query = trpc.activities.list.useQuery(input, { enabled: channel !== null });
  const utils = trpc.useUtils();
  const { status, send } = useRealtimeChannel(channel, {
    catchUp: true,
    onMessage: (message) => {
      if (message.type !== 'activity') return;
      utils.activities.list.setData(input, (list) => (list ? prependActivity(list, message.data) : list));
    },
  });

  return {
    /** The activities query; its data is the live list. */
    query,
    activities: query.data,
    status,
    send,
  };
}
