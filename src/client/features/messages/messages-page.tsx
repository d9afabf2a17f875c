import { Anchor, Box, Card, Grid, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ServerMessage } from '../../../shared/realtime';
import { CONVERSATION_INBOX_CHANNEL, type ConversationDto } from '../../../shared/schemas/messages';
import { PageHeader } from '../../components/page-header';
import { EmptyNote, QueryState } from '../../components/query-state';
import { SignInPrompt } from '../../components/sign-in-prompt';
import { isUnauthorized, trpc } from '../../lib/trpc';
import { useCurrentUser } from '../../lib/use-current-user';
import { ConversationList } from './conversation-list';
import { ConversationThread } from './conversation-thread';
import type { MessagesSearch } from './messages-search';
import { useConversationSocket } from './use-conversation-socket';

/** A phone's thread fills the screen between the top bar and the tab bar, so the composer sits just above the tabs. */
const PHONE_THREAD_HEIGHT = 'calc(100dvh - var(--app-shell-header-offset, 0px) - var(--app-shell-footer-offset, 0px) - 2 * var(--mantine-spacing-md))';
const WIDE_HEIGHT = 'max(28rem, calc(100dvh - 12rem))';

/** A conversation's unread counts and newest messages stay current while the page is open. */
export function useLiveConversations(enabled: boolean) {
  const utils = trpc.useUtils();
  const query = trpc.messages.conversations.useQuery(undefined, { enabled });
  const onMessage = useCallback(
    (message: ServerMessage | { type: 'rejoined' }) => {
      if (message.type === 'conversation.message' || message.type === 'conversation.read' || message.type === 'rejoined') void utils.messages.conversations.invalidate();
    },
    [utils],
  );
  useConversationSocket(enabled ? CONVERSATION_INBOX_CHANNEL : null, onMessage);
  return query;
}

/** The family's conversations with their children's classrooms. */
export function MessagesPage() {
  const { user, isLoading } = useCurrentUser();
  const isStaff = user?.role === 'staff' || user?.role === 'admin';
  const conversations = useLiveConversations(Boolean(user) && !isStaff);

  if (isLoading) return <PageHeader title="Messages" />;
  if (!user || isUnauthorized(conversations.error)) {
    return (
      <>
        <PageHeader title="Messages" />
        <Card>
          <SignInPrompt reason="message your child's classroom" />
        </Card>
      </>
    );
  }
  if (isStaff) {
    return (
      <>
        <PageHeader title="Messages" />
        <Card>
          <EmptyNote
            icon={<IconMessageCircle size={22} stroke={1.6} aria-hidden />}
            title="Your families' messages are on the Staff page"
            description="Open Staff to read and answer them, classroom by classroom."
            action={
              <Anchor component={Link} to="/staff">
                Go to the Staff page
              </Anchor>
            }
          />
        </Card>
      </>
    );
  }
  return (
    <QueryState
      query={conversations}
      loading={
        <>
          <PageHeader title="Messages" />
          <Skeleton h={240} radius="md" />
        </>
      }
      empty={{
        title: 'No classrooms to message yet',
        description: "Once your child's nursery places them in a classroom, you can write to its staff here.",
        icon: <IconMessageCircle size={22} stroke={1.6} aria-hidden />,
      }}
    >
      {(list) => <Conversations conversations={list} userId={user.id} />}
    </QueryState>
  );
}

function Conversations({ conversations, userId }: { conversations: ConversationDto[]; userId: number }) {
  const search = useSearch({ strict: false }) as MessagesSearch;
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const requested =
    conversations.find((c) => c.id === search.conversation) ?? conversations.find((c) => search.child !== undefined && c.children.some((child) => child.id === search.child));
  const only = conversations.length === 1 ? conversations[0] : undefined;
  const selected = requested ?? only ?? (wide ? conversations[0] : undefined);
  const select = (id: number) => void navigate({ to: '/messages', search: { conversation: id } });
  const viewer = { userId, side: 'family' as const };

  if (!wide) {
    if (selected) {
      return (
        <Box h={PHONE_THREAD_HEIGHT}>
          <ConversationThread
            key={selected.id}
            conversation={selected}
            viewer={viewer}
            title={selected.classroom.name}
            headingOrder={1}
            height="100%"
            onBack={only ? undefined : () => void navigate({ to: '/messages', search: {} })}
          />
        </Box>
      );
    }
    return (
      <>
        <PageHeader title="Messages" description="Write to your children's classrooms." />
        <Card p="xs">
          <ConversationList conversations={conversations} selectedId={null} side="family" label={(c) => c.classroom.name} onSelect={select} />
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Messages" description="Write to your children's classrooms. The staff see it straight away." />
      <Card p={0}>
        <Grid gap={0}>
          {conversations.length > 1 && (
            <Grid.Col span={{ base: 12, sm: 4 }} p="xs" style={{ borderRight: '1px solid var(--mantine-color-default-border)' }}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py={6}>
                Classrooms
              </Text>
              <ConversationList conversations={conversations} selectedId={selected?.id ?? null} side="family" label={(c) => c.classroom.name} onSelect={select} />
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, sm: conversations.length > 1 ? 8 : 12 }} p="md">
            {selected && (
              <Stack h={WIDE_HEIGHT}>
                <ConversationThread key={selected.id} conversation={selected} viewer={viewer} title={selected.classroom.name} height="100%" />
              </Stack>
            )}
          </Grid.Col>
        </Grid>
      </Card>
    </>
  );
}
