import { ActionIcon, Anchor, Box, Button, CloseButton, Group, Image, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconArrowLeft, IconPhoto, IconRefresh, IconSend } from '@tabler/icons-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { IMAGE_UPLOAD_PATH } from '../../../shared/community-rules';
import type { ServerMessage } from '../../../shared/realtime';
import { MAX_MESSAGE_CHARS, conversationChannel, type ConversationDto, type MessageDto, type MessageSide } from '../../../shared/schemas/messages';
import { LiveIndicator } from '../../components/live-indicator';
import { trpc } from '../../lib/trpc';
import { useNeedsNetwork } from '../../lib/use-online';
import { useConversationSocket } from './use-conversation-socket';

const PAGE = 30;
/** A typing indicator goes away this long after the last "typing" heard. */
const TYPING_SHOWN_MS = 5_000;

interface Pending {
  clientId: string;
  body: string;
  photo: { id: string; preview: string } | null;
  failed: boolean;
}

/** Who a thread is shown to. */
export interface ThreadViewer {
  userId: number;
  side: MessageSide;
}

/** 3:04 PM today, Mon 3:04 PM this week, Nov 3, 3:04 PM before. */
function sentAt(iso: string): string {
  const at = new Date(iso);
  const age = Date.now() - at.getTime();
  const sameDay = at.toDateString() === new Date().toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay
    ? { hour: 'numeric', minute: '2-digit' }
    : age < 6 * 86_400_000
      ? { weekday: 'short', hour: 'numeric', minute: '2-digit' }
      : { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
  return new Intl.DateTimeFormat('en-US', options).format(at);
}

function newClientId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Oldest first, each message once (a live one may also arrive in a reloaded page). */
function inOrder(messages: MessageDto[]): MessageDto[] {
  const byId = new Map(messages.map((message) => [message.id, message]));
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
}

async function uploadPhoto(file: File): Promise<string> {
  const response = await fetch(IMAGE_UPLOAD_PATH, { method: 'POST', body: file, headers: { 'Content-Type': file.type }, credentials: 'include' });
  const body = (await response.json().catch(() => ({}))) as { id?: string; detail?: string };
  if (!response.ok || !body.id) throw new Error(body.detail ?? 'The photo could not be uploaded. Please try again.');
  return body.id;
}

/**
 * One conversation: its messages oldest to newest with the composer pinned under them, live
 * over /ws (new messages, "Seen", who is typing). A message shows at once and is sent with a
 * client id of its own; a failed one offers Retry with the same id, so it is never stored twice.
 */
export function ConversationThread({
  conversation,
  viewer,
  title,
  onBack,
  headingOrder = 2,
  height,
}: {
  conversation: ConversationDto;
  viewer: ThreadViewer;
  title: string;
  onBack?: () => void;
  headingOrder?: 1 | 2 | 3;
  height: string;
}) {
  const { id } = conversation;
  const utils = trpc.useUtils();
  const pages = trpc.messages.list.useInfiniteQuery({ id, limit: PAGE }, { getNextPageParam: (last) => last.nextCursor ?? undefined });
  const [live, setLive] = useState<MessageDto[]>([]);
  const [pending, setPending] = useState<Pending[]>([]);
  const [seenUpTo, setSeenUpTo] = useState(conversation.seenUpToMessageId ?? 0);
  const [typing, setTyping] = useState<{ name: string; until: number } | null>(null);
  const [draft, setDraft] = useState('');
  const [photo, setPhoto] = useState<{ id: string; preview: string } | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  const markRead = trpc.messages.markRead.useMutation({ onSuccess: () => void utils.messages.conversations.invalidate() });
  const sendMutation = trpc.messages.send.useMutation();
  const network = useNeedsNetwork();

  const messages = useMemo(() => inOrder([...(pages.data?.pages.flatMap((page) => page.items) ?? []), ...live]), [pages.data, live]);
  const newestFromOthers = messages.filter((message) => message.side !== viewer.side).at(-1)?.id;

  // What the other side wrote is read once it is on screen.
  const { mutate: markReadMutate } = markRead;
  useEffect(() => {
    if (newestFromOthers !== undefined) markReadMutate({ id, upToMessageId: newestFromOthers });
  }, [id, newestFromOthers, markReadMutate]);

  const onSocket = useCallback(
    (message: ServerMessage | { type: 'rejoined' }) => {
      if (message.type === 'rejoined') {
        void pages.refetch();
        return;
      }
      if (message.type === 'conversation.message' && message.message.conversationId === id) {
        setLive((list) => [...list, message.message]);
        setPending((list) => list.filter((item) => item.clientId !== message.message.clientId));
        if (message.message.side !== viewer.side) setTyping(null);
      } else if (message.type === 'conversation.read' && message.receipt.conversationId === id && message.receipt.side !== viewer.side) {
        setSeenUpTo((seen) => Math.max(seen, message.receipt.lastReadMessageId));
      } else if (message.type === 'conversation.typing' && message.conversationId === id) {
        setTyping({ name: message.name, until: Date.now() + TYPING_SHOWN_MS });
      }
    },
    [id, pages, viewer.side],
  );
  const socket = useConversationSocket(conversationChannel(id), onSocket);

  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(null), Math.max(0, typing.until - Date.now()));
    return () => clearTimeout(timer);
  }, [typing]);

  // Newest at the bottom: follow new messages unless the reader has scrolled up to older ones.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && stickToBottom.current) element.scrollTop = element.scrollHeight;
  }, [messages.length, pending.length, typing]);

  const deliver = (item: Pending) => {
    setPending((list) => list.map((entry) => (entry.clientId === item.clientId ? { ...entry, failed: false } : entry)));
    sendMutation.mutate(
      { id, clientId: item.clientId, body: item.body, photoId: item.photo?.id ?? null },
      {
        onSuccess: (message) => {
          setLive((list) => [...list, message]);
          setPending((list) => list.filter((entry) => entry.clientId !== item.clientId));
          void utils.messages.conversations.invalidate();
        },
        onError: () => setPending((list) => list.map((entry) => (entry.clientId === item.clientId ? { ...entry, failed: true } : entry))),
      },
    );
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = draft.trim();
    if ((!body && !photo) || uploading || network.disabled) return;
    const item: Pending = { clientId: newClientId(), body, photo, failed: false };
    stickToBottom.current = true;
    setPending((list) => [...list, item]);
    setDraft('');
    setPhoto(null);
    deliver(item);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const choosePhoto = async (file: File | undefined) => {
    if (!file) return;
    setPhotoError(null);
    setUploading(true);
    try {
      const photoId = await uploadPhoto(file);
      setPhoto({ id: photoId, preview: URL.createObjectURL(file) });
    } catch (error) {
      setPhotoError((error as Error).message);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const lastMine = messages.filter((message) => message.side === viewer.side).at(-1);
  const seen = lastMine !== undefined && lastMine.id <= seenUpTo && pending.length === 0;

  return (
    <Stack gap={0} h={height} style={{ minHeight: 0 }}>
      <Group gap="xs" wrap="nowrap" pb="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        {onBack && (
          <ActionIcon variant="subtle" size="lg" onClick={onBack} aria-label="Back to conversations">
            <IconArrowLeft size={20} aria-hidden />
          </ActionIcon>
        )}
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Title order={headingOrder} fz="lg" lineClamp={1}>
            {title}
          </Title>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {conversation.children.map((child) => child.name).join(', ')}
          </Text>
        </Box>
        <LiveIndicator status={socket.status} />
      </Group>

      <Box
        ref={scroller}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden', overscrollBehavior: 'contain' }}
        py="sm"
        onScroll={(event) => {
          const element = event.currentTarget;
          stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
        }}
      >
        {pages.hasNextPage && (
          <Group justify="center" mb="sm">
            <Button variant="subtle" size="xs" loading={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
              Load earlier messages
            </Button>
          </Group>
        )}
        {pages.isPending && (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label="Loading messages" />
          </Group>
        )}
        {pages.isError && (
          <Text size="sm" c="dimmed" ta="center" role="alert">
            We couldn't load the messages just now.{' '}
            <Anchor component="button" size="sm" onClick={() => void pages.refetch()}>
              Try again
            </Anchor>
          </Text>
        )}
        {pages.isSuccess && messages.length === 0 && pending.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="lg" px="md">
            {viewer.side === 'family' ? 'Write to the classroom: the staff see it straight away.' : 'No messages yet. Write to the family: they are told straight away.'}
          </Text>
        )}
        <Stack gap={6} role="log" aria-label="Messages" aria-live="polite" px={2}>
          {messages.map((message) => (
            <Bubble key={message.id} message={message} mine={message.side === viewer.side} ownMessage={message.authorId === viewer.userId} />
          ))}
          {pending.map((item) => (
            <PendingBubble key={item.clientId} item={item} onRetry={() => deliver(item)} />
          ))}
          {seen && (
            <Text size="xs" c="dimmed" ta="right" pr={4}>
              Seen
            </Text>
          )}
        </Stack>
      </Box>

      {typing && (
        <Text size="xs" c="dimmed" py={4} role="status">
          {typing.name} is typing…
        </Text>
      )}
      <form onSubmit={submit}>
        <Stack gap={6} pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          {photo && (
            <Group gap="xs">
              <Image src={photo.preview} alt="Photo to send" h={56} w={56} radius="sm" fit="cover" />
              <CloseButton aria-label="Remove the photo" onClick={() => setPhoto(null)} />
            </Group>
          )}
          {photoError && (
            <Text size="xs" c="red" role="alert">
              {photoError}
            </Text>
          )}
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <input ref={fileInput} type="file" accept="image/png,image/jpeg,image/webp,image/gif" hidden onChange={(event) => void choosePhoto(event.currentTarget.files?.[0])} />
            <ActionIcon variant="default" size={36} aria-label="Add a photo" loading={uploading} onClick={() => fileInput.current?.click()}>
              <IconPhoto size={18} aria-hidden />
            </ActionIcon>
            <Textarea
              style={{ flex: 1, minWidth: 0 }}
              placeholder="Write a message"
              aria-label="Message"
              value={draft}
              onChange={(event) => {
                setDraft(event.currentTarget.value);
                socket.sendTyping();
              }}
              onKeyDown={onKeyDown}
              maxLength={MAX_MESSAGE_CHARS}
              autosize
              minRows={1}
              maxRows={4}
            />
            <ActionIcon
              type="submit"
              size={36}
              aria-label="Send"
              aria-describedby={network.reason ? `send-offline-${id}` : undefined}
              disabled={(!draft.trim() && !photo) || uploading || network.disabled}
            >
              <IconSend size={18} aria-hidden />
            </ActionIcon>
          </Group>
          {network.reason && (
            <Text id={`send-offline-${id}`} size="xs" c="dimmed" ta="right">
              {network.reason}
            </Text>
          )}
        </Stack>
      </form>
    </Stack>
  );
}

function Bubble({ message, mine, ownMessage }: { message: MessageDto; mine: boolean; ownMessage: boolean }) {
  const time = sentAt(message.createdAt);
  const who = ownMessage ? 'You' : (message.authorName ?? (message.side === 'staff' ? 'Nursery staff' : 'A parent'));
  return (
    <Stack gap={2} align={mine ? 'flex-end' : 'flex-start'} data-message>
      <Paper
        px="sm"
        py={6}
        radius="lg"
        maw="85%"
        bg={mine ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-hover)'}
        c={mine ? 'white' : undefined}
      >
        {message.photo && (
          <Anchor href={message.photo.url} target="_blank" rel="noopener noreferrer" display="block" mb={message.body ? 4 : 0}>
            <Image src={message.photo.thumbnailUrl} alt={`Photo from ${who}`} radius="md" maw={240} mah={240} fit="contain" />
          </Anchor>
        )}
        {message.body && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.body}
          </Text>
        )}
      </Paper>
      <Text size="xs" c="dimmed" px={4}>
        {who} · {time}
      </Text>
    </Stack>
  );
}

function PendingBubble({ item, onRetry }: { item: Pending; onRetry: () => void }) {
  return (
    <Stack gap={2} align="flex-end">
      <Paper px="sm" py={6} radius="lg" maw="85%" bg="var(--mantine-primary-color-filled)" c="white" style={{ opacity: item.failed ? 1 : 0.75 }}>
        {item.photo && <Image src={item.photo.preview} alt="Your photo" radius="md" maw={240} mah={240} fit="contain" mb={item.body ? 4 : 0} />}
        {item.body && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.body}
          </Text>
        )}
      </Paper>
      {item.failed ? (
        <Group gap={4}>
          <Text size="xs" c="red" role="alert">
            Not sent.
          </Text>
          <Button variant="subtle" size="compact-xs" leftSection={<IconRefresh size={12} aria-hidden />} onClick={onRetry}>
            Retry
          </Button>
        </Group>
      ) : (
        <Text size="xs" c="dimmed" px={4}>
          Sending…
        </Text>
      )}
    </Stack>
  );
}
