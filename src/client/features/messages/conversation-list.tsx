import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ConversationDto, MessageSide } from '../../../shared/schemas/messages';

/** What a conversation's row says about its newest message. */
function lastLine(conversation: ConversationDto, side: MessageSide): string {
  const last = conversation.lastMessage;
  if (!last) return 'No messages yet';
  const text = last.body || 'Photo';
  return last.side === side ? `You: ${text}` : text;
}

/**
 * Conversations to choose from, each with whose it is, its newest message and an unread badge.
 * `label` names a row as the reader knows it: a classroom for a parent, a family for staff.
 */
export function ConversationList({
  conversations,
  selectedId,
  side,
  label,
  onSelect,
}: {
  conversations: ConversationDto[];
  selectedId: number | null;
  side: MessageSide;
  label: (conversation: ConversationDto) => string;
  onSelect: (id: number) => void;
}) {
  return (
    <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {conversations.map((conversation) => {
        const selected = conversation.id === selectedId;
        const unread = conversation.unreadCount;
        return (
          <li key={conversation.id}>
            <UnstyledButton
              onClick={() => onSelect(conversation.id)}
              aria-current={selected ? 'true' : undefined}
              w="100%"
              p="sm"
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                background: selected ? 'var(--mantine-primary-color-light)' : undefined,
              }}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={unread > 0 ? 700 : 600} size="sm" lineClamp={1}>
                    {label(conversation)}
                  </Text>
                  <Text size="xs" c={selected ? undefined : 'dimmed'} lineClamp={1}>
                    {conversation.children.map((child) => child.name).join(', ')}
                  </Text>
                  <Text size="sm" c={unread > 0 || selected ? undefined : 'dimmed'} fw={unread > 0 ? 600 : 400} lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
                    {lastLine(conversation, side)}
                  </Text>
                </Stack>
                {unread > 0 && (
                  <Badge circle={unread < 10} size="md" aria-label={`${unread} unread`} style={{ flexShrink: 0 }}>
                    {unread}
                  </Badge>
                )}
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
