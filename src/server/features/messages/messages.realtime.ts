import type { TopicOwner } from '../../realtime/ws-route';
import { socketMay, type SocketUser } from '../../principal';
import type { MessagesService, MessagingSignal } from './messages.service';

/**
 * Messaging owns the channels `conversation:<id>` (one conversation: its messages, receipts and
 * who is typing) and `conversation:inbox` (every conversation of the caller's family, or of
 * their nursery for staff: messages and receipts, to keep a list and its unread counts live).
 * Joining is allowed exactly when the REST reads are (an API token needs messages:read). Messages travel as signals, not outbox
 * events: a client that reconnects reloads the page of newest messages.
 */
export function createMessagingTopics(messages: MessagesService): TopicOwner<SocketUser> {
  return {
    prefix: 'conversation',
    topicFor: async (user, channel) => (socketMay(user, 'messages:read') ? messages.topicFor(user, channel) : undefined),
    refusal: (channel, { wasListening }) =>
      wasListening ? `You can no longer follow the conversation '${channel}'.` : `You cannot follow the conversation '${channel}'.`,
    deliveryOfEvent: () => undefined,
    deliveryOfSignal(signal) {
      const data = signal.data as MessagingSignal;
      switch (data.kind) {
        case 'message':
          return { message: { type: 'conversation.message', message: data.message } };
        case 'read':
          return { message: { type: 'conversation.read', receipt: data.receipt } };
        case 'typing': {
          const { conversationId, side, name, userId } = data;
          // Never back to the typist, on any of their connections.
          return { message: { type: 'conversation.typing', conversationId, side, name }, audience: (user) => user.id !== userId };
        }
        default:
          return undefined;
      }
    },
    onTyping: (user, topic) => messages.typing(user, topic),
  };
}
