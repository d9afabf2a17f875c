import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { ClientMessage, ServerMessage } from '../../shared/realtime';
import { closeCodes, REALTIME_PATH } from '../../shared/realtime-constants';
import { nextTask } from './next-task';

/** connecting → open ('Live') → closed or error (shown as 'Connecting...' again). */
export type RealtimeStatus = 'connecting' | 'open' | 'closed';

/** What the server sends after a join; the `joined` itself is handled here and reported by `onJoin`. */
export type ChannelMessage = Exclude<ServerMessage, { type: 'joined' }>;

/** The callbacks are read when each event happens, so callers may pass new functions on every render. */
export interface RealtimeChannelOptions {
  /** Each well-formed message the server sends on the channel, in order; `error` is also logged. */
  onMessage?: (message: ChannelMessage) => void;
  /**
   * Each join the server confirms: `rejoin` is false for a channel's first join and true after a
   * reconnect. Without `catchUp` nothing sent in between is replayed, so reload what is shown.
   */
  onJoin?: (rejoin: boolean) => void;
  /**
   * Rejoin naming the last event the channel had (from `joined`, then each `activity`), so the
   * server sends what was missed first, in order. Only activity channels have events to replay.
   */
  catchUp?: boolean;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** ws on http pages, wss on https. */
export function feedUrl(channel: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${REALTIME_PATH}?channel=${encodeURIComponent(channel)}`;
}

/** Waits 1 s, 2 s, 4 s ... up to 30 s between attempts, with some jitter so clients spread out. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * The message decoder brings Zod with it; loaded beside the socket, not in the first load,
 * so the dashboard paints sooner. Zod (with the common schemas, its chunk) first and the message
 * schemas in a later task: run together they held a phone's main thread for over 100 ms. Not
 * import('zod'): a dynamic import of the package takes all of it, unshaken (386 kB).
 */
const loadDecoder = () =>
  import('../../shared/schemas/common')
    .then(nextTask)
    .then(() => import('../../shared/realtime'))
    .then((module) => module.decodeServerMessage);

/**
 * One /ws connection joined to `channel`: opens, joins, hands each server message to the
 * caller, and reconnects with backoff until the server says trying again will not help. A new
 * channel closes the old connection and opens another; `null` stays idle (status 'closed').
 * `send` sends a frame (such as typing) on the open connection; without one it says so in the
 * console and returns false.
 */
export function useRealtimeChannel(channel: string | null, options: RealtimeChannelOptions = {}) {
  const [status, setStatusNow] = useState<RealtimeStatus>('connecting');
  // The status is news, not an answer to the parent's touch: as a transition, the re-render it
  // causes (the whole live card, on the dashboard) runs in slices that let the page respond,
  // where it was one task of about 0.1 s on a phone as the page started.
  const setStatus = (next: RealtimeStatus) => startTransition(() => setStatusNow(next));
  const socketRef = useRef<WebSocket | null>(null);
  // The caller's callbacks may be new on each of its renders; the connection must outlive them,
  // since a new connection is a new join. Declared before the connection's effect, so a
  // channel change and its callbacks take effect in the same commit.
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  useEffect(() => {
    if (channel === null) return;
    let socket: WebSocket | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let joinedBefore = false;
    /** The newest event this channel has had: from `joined`, then each activity. */
    let lastEventId: number | undefined;
    // Set when the channel changes or the caller unmounts. A stopped connection hands on no
    // message and sets no status: the callbacks and status now belong to the next connection.
    let stopped = false;

    const connect = async () => {
      setStatus('connecting');
      const decodeServerMessage = await loadDecoder();
      if (stopped) return;
      const current = new WebSocket(feedUrl(channel));
      socket = current;
      socketRef.current = current;
      current.addEventListener('open', () => {
        send(current, { type: 'join', channel, ...(optionsRef.current.catchUp && lastEventId !== undefined ? { lastEventId } : {}) });
      });
      current.addEventListener('message', (event) => {
        if (stopped || typeof event.data !== 'string') return;
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
          optionsRef.current.onJoin?.(joinedBefore);
          joinedBefore = true;
          return;
        }
        if (message.type === 'activity') lastEventId = message.eventId;
        if (message.type === 'error') console.error(`Realtime channel ${channel}: ${message.message}`);
        optionsRef.current.onMessage?.(message);
      });
      current.addEventListener('error', () => {
        console.error(`Realtime connection to ${channel} failed.`);
      });
      current.addEventListener('close', (event) => {
        if (socketRef.current === current) socketRef.current = null;
        if (stopped) return;
        setStatus('closed');
        // Not signed in, or not allowed on this channel: trying again will not change the answer.
        // Anything else (going away, too many connections, a lost signal) is tried again.
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
  }, [channel]);

  const sendMessage = useCallback((message: ClientMessage) => send(socketRef.current, message), []);

  return { status: channel === null ? ('closed' as const) : status, send: sendMessage };
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
