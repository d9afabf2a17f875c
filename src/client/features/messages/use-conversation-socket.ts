import { useCallback, useEffect, useRef, useState } from 'react';
import type { ServerMessage } from '../../../shared/realtime';
import { closeCodes, TYPING_EVERY_MS } from '../../../shared/realtime-constants';
import { feedUrl, retryDelay, type FeedStatus } from '../../lib/use-activity-feed';

const loadDecoder = () => import('../../../shared/realtime').then((module) => module.decodeServerMessage);

/**
 * One /ws connection joined to a messaging channel (`conversation:<id>` or `conversation:inbox`).
 * Reconnects with backoff; signals are not replayed, so `onMessage` hears `rejoined` after a
 * reconnect, for the caller to reload what it shows. `null` stays idle.
 */
export function useConversationSocket(channel: string | null, onMessage: (message: ServerMessage | { type: 'rejoined' }) => void) {
  const [status, setStatus] = useState<FeedStatus>('connecting');
  const socketRef = useRef<WebSocket | null>(null);
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  }, [onMessage]);
  const lastTyping = useRef(0);

  useEffect(() => {
    if (channel === null) return;
    let socket: WebSocket | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let joinedBefore = false;
    let stopped = false;

    const connect = async () => {
      setStatus('connecting');
      const decode = await loadDecoder();
      if (stopped) return;
      socket = new WebSocket(feedUrl(channel));
      socketRef.current = socket;
      socket.addEventListener('open', () => socket?.send(JSON.stringify({ type: 'join', channel })));
      socket.addEventListener('message', (event) => {
        if (typeof event.data !== 'string') return;
        const decoded = decode(event.data);
        if (!decoded.ok) {
          console.error('Ignored a realtime message:', decoded.detail);
          return;
        }
        if (decoded.message.type === 'joined') {
          attempt = 0;
          setStatus('open');
          if (joinedBefore) handler.current({ type: 'rejoined' });
          joinedBefore = true;
          return;
        }
        handler.current(decoded.message);
      });
      socket.addEventListener('close', (event) => {
        if (socketRef.current === socket) socketRef.current = null;
        setStatus('closed');
        if (stopped || event.code === closeCodes.notSignedIn || event.code === closeCodes.notAllowed) return;
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

  /** Says "I am typing", at most as often as the server passes it on. */
  const sendTyping = useCallback(() => {
    const socket = socketRef.current;
    const at = Date.now();
    if (!socket || socket.readyState !== WebSocket.OPEN || at - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = at;
    socket.send(JSON.stringify({ type: 'typing' }));
  }, []);

  return { status: channel === null ? ('closed' as const) : status, sendTyping };
}
