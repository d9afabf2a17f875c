import { Button, ScrollArea, Stack, Text } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import type { Accent } from '../../../shared/display';
import { QueryState } from '../../components/query-state';
import { trpc } from '../../lib/trpc';
import { ActivityRow } from '../../components/activity-log';
import { renderActivityPhotos } from './activity-photos-slot';
import { ModalOnDemand } from '../../components/modal-on-demand';

/** The whole log of a camera's classroom, newest first, a page at a time. */
export function ActivityHistory({ channel, caption, opened, onClose, otherAccent }: {
  channel: string | null;
  caption: string;
  opened: boolean;
  onClose: () => void;
  otherAccent: Accent;
}) {
  const history = trpc.activities.page.useInfiniteQuery(
    { channel: channel ?? undefined },
    {
      getNextPageParam: (page) => page.nextCursor,
      enabled: opened && channel !== null,
      // Opening the history again shows what has happened since.
      staleTime: 0,
      refetchOnMount: 'always',
    },
  );
  const activities = history.data?.pages.flatMap((page) => page.items);

  return (
    <ModalOnDemand opened={opened} onClose={onClose} title={`Full history · ${caption}`} size="lg" scrollAreaComponent={ScrollArea.Autosize}>
      <QueryState
        query={{ ...history, data: activities }}
        signInTo="see your child's classroom"
        loading={<Text c="dimmed" size="sm">Loading the history...</Text>}
        empty={{ title: 'No activities', description: 'Activities will appear here when they occur.', icon: <IconClipboardList size={22} stroke={1.6} aria-hidden /> }}
      >
        {(items) => (
          <Stack gap="xs">
            <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
              {items.map((activity) => (
                <ActivityRow key={activity.id} activity={activity} otherAccent={otherAccent} renderPhotos={renderActivityPhotos} />
              ))}
            </Stack>
            {history.hasNextPage ? (
              <Button variant="light" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
                Show older activities
              </Button>
            ) : (
              <Text size="sm" c="dimmed" ta="center" py="xs">
                That's the whole history.
              </Text>
            )}
          </Stack>
        )}
      </QueryState>
    </ModalOnDemand>
  );
}
