import { useState } from 'react';
import { CHAT_HISTORY_MAX_TURNS } from '../../../shared/chat-limits';
import type { ChatTurn, ResourceDto } from '../../../shared/schemas/assistant';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

export const GREETING = "Hello! I'm your parenting assistant. How can I help you today?";

export interface ChatMessage extends ChatTurn {
  id: number;
  resources?: ResourceDto[];
  /** The reply is safety guidance for an urgent situation. */
  urgent?: boolean;
}

/**
 * One conversation. Sending appends the user's message and waits for the reply; a blank
 * message, or one sent while a reply is pending, is never sent.
 */
export function useChat() {
  const [messages, setMessages] = useState<ChatMessage[]>([{ id: 0, role: 'assistant', content: GREETING }]);
  const chat = trpc.assistant.chat.useMutation();

  const send = (text: string): boolean => {
    const message = text.trim();
    if (!message || chat.isPending) return false;
    // The greeting is ours, not part of what the parent and the assistant said to each other.
    const history = messages
      .slice(1)
      .map(({ role, content }) => ({ role, content }))
      .slice(-CHAT_HISTORY_MAX_TURNS);
    setMessages((current) => [...current, { id: current.length, role: 'user', content: message }]);
    chat.mutate(
      { message, history },
      {
        onSuccess: (reply) =>
          setMessages((current) => [
            ...current,
            { id: current.length, role: 'assistant', content: reply.answer, resources: reply.resources, urgent: reply.urgent },
          ]),
        onError: () => toast({ title: 'Error', message: 'Failed to get a response. Please try again.', tone: 'error' }),
      },
    );
    return true;
  };

  return { messages, send, pending: chat.isPending };
}
