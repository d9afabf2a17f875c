import { ActionIcon, Anchor, Avatar, Box, Button, Group, Paper, ScrollArea, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconArticle, IconLeaf, IconSend, IconUser, IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../shared/chat-limits';
import type { ResourceDto } from '../../../shared/schemas/assistant';
import { useCurrentUser } from '../../lib/use-current-user';
import { useChat, type ChatMessage } from './use-chat';

const SUGGESTIONS = ['How can I help my toddler sleep through the night?', 'What are early signs of a speech delay?', 'How do I handle tantrums calmly?'];

/** The assistant conversation: messages, the typing indicator and the input. */
export function Chat({ height }: { height: string | number }) {
  const { messages, send, pending } = useChat();
  const { user } = useCurrentUser();
  const [draft, setDraft] = useState('');
  const viewport = useRef<HTMLDivElement>(null);

  // Bring the newest message into view from its first line, so a long reply is read from the top.
  useEffect(() => {
    const element = viewport.current;
    const newest = element ? [...element.querySelectorAll('[data-message]')].at(-1) : undefined;
    if (!element || !newest) return;
    const top = element.scrollTop + newest.getBoundingClientRect().top - element.getBoundingClientRect().top - 8;
    element.scrollTo?.({ top: pending ? element.scrollHeight : top, behavior: 'smooth' });
  }, [messages.length, pending]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (send(draft)) setDraft('');
  };

  // Enter sends; Shift+Enter starts a new line; Enter while composing (IME) does neither.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Stack gap="sm">
      <ScrollArea h={height} viewportRef={viewport} offsetScrollbars type="auto">
        <Stack gap="md" py={4} role="log" aria-label="Conversation" aria-live="polite">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} userImage={user?.profileImage ?? null} userName={user?.name ?? 'You'} />
          ))}
          {pending && <TypingIndicator />}
          {messages.length === 1 && !pending && (
            <Group gap={6} pl={44} aria-label="Suggested questions">
              {SUGGESTIONS.map((question) => (
                <Button
                  key={question}
                  variant="default"
                  size="compact-sm"
                  radius="xl"
                  fw={500}
                  h="auto"
                  py={6}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.35 } }}
                  onClick={() => send(question)}
                >
                  {question}
                </Button>
              ))}
            </Group>
          )}
        </Stack>
      </ScrollArea>
      <form onSubmit={submit}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Textarea
            style={{ flex: 1 }}
            placeholder="Ask anything about parenting or childhood development..."
            aria-label="Ask anything about parenting or childhood development"
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            disabled={pending}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            autosize
            minRows={1}
            maxRows={4}
          />
          <ActionIcon type="submit" size={36} aria-label="Send" disabled={pending || !draft.trim()}>
            <IconSend size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </form>
    </Stack>
  );
}

function AssistantAvatar() {
  return (
    <ThemeIcon radius="xl" size={32} variant="light" aria-hidden style={{ flexShrink: 0 }}>
      <IconLeaf size={18} />
    </ThemeIcon>
  );
}

function MessageBubble({ message, userImage, userName }: { message: ChatMessage; userImage: string | null; userName: string }) {
  const mine = message.role === 'user';
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap" justify={mine ? 'flex-end' : 'flex-start'} data-role={message.role} data-message>
      {!mine && <AssistantAvatar />}
      <Paper
        px="md"
        py="sm"
        radius="lg"
        maw="85%"
        bg={mine ? 'var(--mantine-primary-color-filled)' : message.urgent ? 'var(--mantine-color-red-light)' : 'var(--mantine-color-default-hover)'}
        c={mine ? 'white' : undefined}
      >
        {message.urgent && (
          <Group gap={6} mb={4} c="red">
            <IconAlertTriangle size={16} aria-hidden />
            <Text size="sm" fw={700}>
              This sounds urgent
            </Text>
          </Group>
        )}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.content}
        </Text>
        {message.resources && message.resources.length > 0 && <Resources resources={message.resources} />}
      </Paper>
      {mine && (
        <Avatar src={userImage} alt={userName} radius="xl" size={32} color="nest">
          <IconUser size={18} aria-hidden />
        </Avatar>
      )}
    </Group>
  );
}

function Resources({ resources }: { resources: ResourceDto[] }) {
  return (
    <Box mt="sm">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
        Resources for you
      </Text>
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {resources.map((resource) => {
          const Icon = resource.icon === 'group' ? IconUsersGroup : IconArticle;
          return (
            <Group key={resource.url} component="li" gap={6} wrap="nowrap">
              <Icon size={16} aria-label={resource.icon === 'group' ? 'Group' : 'Article'} data-icon={resource.icon} style={{ flexShrink: 0 }} />
              <Anchor href={resource.url} target="_blank" rel="noopener noreferrer" size="sm">
                {resource.title}
              </Anchor>
            </Group>
          );
        })}
      </Stack>
    </Box>
  );
}

function TypingIndicator() {
  return (
    <Group gap="sm" align="center" wrap="nowrap">
      <AssistantAvatar />
      <Paper px="md" py="sm" radius="lg" bg="var(--mantine-color-default-hover)" role="status" aria-label="The assistant is typing">
        <Group gap={5} h={18} align="center">
          <span className="nestling-typing-dot" />
          <span className="nestling-typing-dot" />
          <span className="nestling-typing-dot" />
        </Group>
      </Paper>
    </Group>
  );
}
