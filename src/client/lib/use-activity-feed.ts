import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClientMessage } from '../../shared/realtime';
import { closeCodes, REALTIME_PATH } from '../../shared/realtime-constants';
import type { ActivityDto } from '../../shared/schemas/monitoring';
import { trpc } from './trpc';

/** The spec keeps the newest 20 activities. */
export const ACTIVITY_CAP = 20;

/** connecting → open ('Live') → closed or error (shown as 'Connecting...' again). */
export type FeedStatus = 'connecting' | 'open' | 'closed';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** Puts a live activity at the front and keeps the newest `cap`; an activity already listed is not repeated. */
export function prependActivity(list: readonly ActivityDto[], activity: ActivityDto, cap = ACTIVITY_CAP): ActivityDto[] {
  return [activity, ...list.filter((item) => item.id !== activity.id)].slice(0, cap);
}

/** ws on http pages, wss on https. */
export function feedUrl(channel: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${REALTIME_PATH}?channel=${encodeURIComponent(channel)}`;
}

/**
 * The message decoder brings Zod with it; loaded beside the socket, not in the first load,
 * so the dashboard paints sooner.
 */
const loadDecoder = () => import('../../shared/realtime').then((module) => module.decodeServerMessage);

/** Waits 1 s, 2 s, 4 s ... up to 30 s between attempts, with some jitter so clients spread out. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * A camera channel's activity log: the fetched newest 20, then each live activity from /ws put
 * at the front. Joins on open and reconnects with backoff. A rejoin names the last event it had,
 * and the server sends what was missed first, in order, so a phone that lost its signal misses
 * nothing and shows nothing twice. Give `null` to stay idle (no camera, or nobody signed in).
 */
export function useActivityFeed(channel: string | null) {
  const input = { channel: channel ?? undefined, limit: ACTIVITY_CAP };
  const query = trpc.activities.list.useQuery(input, { enabled: channel !== null });
  const utils = trpc.useUtils();
  const [status, setStatus] = useState<FeedStatus>('connecting');
  const socketRef = useRef<WebSocket | null>(null);

  useEffect(() => {
    if (channel === null) return;
    const listInput = { channel, limit: ACTIVITY_CAP };
    let socket: WebSocket | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    /** The newest event this connection's channel has had: from `joined`, then each activity. */
    let lastEventId: number | undefined;
    let stopped = false;

    const connect = async () => {
      setStatus('connecting');
      const decodeServerMessage = await loadDecoder();
      if (stopped) return;
      socket = new WebSocket(feedUrl(channel));
      socketRef.current = socket;
      socket.addEventListener('open', () => {
        send(socket, { type: 'join', channel, ...(lastEventId === undefined ? {} : { lastEventId }) });
      });
      socket.addEventListener('message', (event) => {
        if (typeof event.data !== 'string') return;
        const decoded = decodeServerMessage(event.data);
        if (!decoded.ok) {
          console.error('Ignored a realtime message:', decoded.detail);
          return;
        }
        const message = decoded.message;
        if (message.type === 'joined') {
          attempt = 0;
          setStatus('open');
          // On a rejoin the server sends what came after the lastEventId we sent before this.
          lastEventId ??= message.lastEventId;
        } else if (message.type === 'activity') {
          lastEventId = message.eventId;
          utils.activities.list.setData(listInput, (list) => (list ? prependActivity(list, message.data) : list));
        } else if (message.type === 'error') {
          console.error(`Realtime channel ${channel}: ${message.message}`);
        }
      });
      socket.addEventListener('error', () => {
        console.error(`Realtime connection to ${channel} failed.`);
      });
      socket.addEventListener('close', (event) => {
        if (socketRef.current === socket) socketRef.current = null;
        setStatus('closed');
        if (stopped) return;
        // Not signed in, or not this family's classroom: trying again will not change the answer.
        if (event.code === closeCodes.notSignedIn || event.code === closeCodes.notAllowed) return;
        retryTimer = setTimeout(() => void connect(), retryDelay(attempt));
        attempt += 1;
      });
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      socketRef.current = null;
      socket?.close(1000, 'left the page');
    };
  }, [channel, utils]);

  const sendMessage = useCallback((message: ClientMessage) => send(socketRef.current, message), []);

  return {
    /** The activities query; its data is the live list. */
    query,
    activities: query.data,
    status: channel === null ? ('closed' as const) : status,
    send: sendMessage,
  };
}

/** Sends only on an open socket; otherwise says so in the console, as the spec asks. */
function send(socket: WebSocket | null, message: ClientMessage): boolean {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    console.warn('WebSocket is not connected');
    return false;
  }
  socket.send(JSON.stringify(message));
  return true;
}
