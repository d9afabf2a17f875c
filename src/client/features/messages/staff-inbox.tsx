import { Badge, Box, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessageCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { ConversationDto } from '../../../shared/schemas/messages';
import { QueryState } from '../../components/query-state';
import { ConversationList } from './conversation-list';
import { ConversationThread } from './conversation-thread';
import { useLiveConversations } from './messages-page';

const THREAD_HEIGHT = 'min(36rem, calc(100dvh - var(--app-shell-header-offset, 0px) - var(--app-shell-footer-offset, 0px) - 8rem))';

/** Groups conversations by classroom, in the order they came (by classroom name). */
function byClassroom(conversations: ConversationDto[]) {
  const groups = new Map<number, { name: string; conversations: ConversationDto[] }>();
  for (const conversation of conversations) {
    const group = groups.get(conversation.classroom.id) ?? { name: conversation.classroom.name, conversations: [] };
    group.conversations.push(conversation);
    groups.set(conversation.classroom.id, group);
  }
  return [...groups.values()];
}

/** The staff page's inbox: every family with a child in the nursery, by classroom, with unread counts; a thread opens beside it, live. */
export function StaffInbox({ userId }: { userId: number }) {
  const conversations = useLiveConversations(true);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const unread = conversations.data?.reduce((sum, c) => sum + c.unreadCount, 0) ?? 0;
  const section = useRef<HTMLElement>(null);
  // On a phone the thread takes the list's place: bring all of it, composer included, into view.
  useEffect(() => {
    if (selectedId !== null && !wide) section.current?.scrollIntoView({ block: 'end' });
  }, [selectedId, wide]);

  return (
    <Card
      component="section"
      ref={section}
      aria-labelledby="staff-inbox-title"
      mt="lg"
      // Scrolled to, it stops clear of the phone's tab bar.
      style={{ scrollMarginBottom: 'calc(var(--app-shell-footer-offset, 0px) + var(--mantine-spacing-xs))' }}
    >
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="staff-inbox-title">
          Messages from families
        </Title>
        {unread > 0 && <Badge aria-label={`${unread} unread messages`}>{unread} unread</Badge>}
      </Group>
      <QueryState
        query={conversations}
        loading={<Skeleton h={160} radius="md" />}
        empty={{
          title: 'No families yet',
          description: 'Families with a child in your classrooms can write to you here.',
          icon: <IconMessageCircle size={22} stroke={1.6} aria-hidden />,
        }}
      >
        {(list) => {
          const selected = list.find((c) => c.id === selectedId);
          const thread = selected && (
            <ConversationThread
              key={selected.id}
              conversation={selected}
              viewer={{ userId, side: 'staff' }}
              title={selected.family.name}
              headingOrder={3}
              height={THREAD_HEIGHT}
              onBack={wide ? undefined : () => setSelectedId(null)}
            />
          );
          const lists = (
            <Stack gap="sm">
              {byClassroom(list).map((group) => (
                <Box key={group.name} component="section" aria-label={group.name}>
                  <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py={4}>
                    {group.name}
                  </Text>
                  <ConversationList conversations={group.conversations} selectedId={selectedId} side="staff" label={(c) => c.family.name} onSelect={setSelectedId} />
                </Box>
              ))}
            </Stack>
          );
          if (!wide) return thread ?? lists;
          return (
            <Grid gap="md">
              <Grid.Col span={5}>{lists}</Grid.Col>
              <Grid.Col span={7}>
                {thread ?? (
                  <Text size="sm" c="dimmed" ta="center" py="xl">
                    Choose a family to read and answer their messages.
                  </Text>
                )}
              </Grid.Col>
            </Grid>
          );
        }}
      </QueryState>
    </Card>
  );
}
