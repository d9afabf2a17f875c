import { useCallback, useRef } from 'react';
import { TYPING_EVERY_MS } from '../../../shared/realtime-constants';
import { useRealtimeChannel, type ChannelMessage } from '../../lib/use-realtime-channel';

/**
 * One /ws connection joined to a messaging channel (`conversation:<id>` or `conversation:inbox`).
 * Reconnects with backoff; signals are not replayed, so `onMessage` hears `rejoined` after a
 * reconnect, for the caller to reload what it shows. `null` stays idle.
 */
export function useConversationSocket(channel: string | null, onMessage: (message: ChannelMessage | { type: 'rejoined' }) => void) {
  const { status, send } = useRealtimeChannel(channel, {
    onMessage,
    onJoin: (rejoin) => {
      if (rejoin) onMessage({ type: 'rejoined' });
    },
  });
  const lastTyping = useRef(0);

  /**
   * Says "I am typing", at most as often as the server passes it on. Quietly skipped until the
   * channel is joined: before that the server has nobody to pass it to.
   */
  const sendTyping = useCallback(() => {
    const at = Date.now();
    if (status !== 'open' || at - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = at;
    send({ type: 'typing' });
  }, [send, status]);

  return { status, sendTyping };
}
