import { Box, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { activityAccent, type Accent } from '../../shared/display';
import type { ActivityDto } from '../../shared/schemas/monitoring';
import { accentColor } from '../lib/theme';
import { TimeAgo } from './time-ago';
import { QueryState, type EmptyContent, type QueryLike } from './query-state';

interface ActivityLogProps {
  query: QueryLike<ActivityDto[]>;
  skeletons: number;
  empty: EmptyContent;
  /** The accent of a type the spec does not name. */
  otherAccent: Accent;
  /** Shows an activity's photos under its description (the monitoring feature's thumbnails). */
  renderPhotos?: (activity: ActivityDto) => ReactNode;
}

/** Newest first; each row's left border takes the colour of its activity type. */
export function ActivityLog({ query, skeletons, empty, otherAccent, renderPhotos }: ActivityLogProps) {
  return (
    <QueryState
      query={query}
      signInTo="see your child's classroom"
      loading={<ActivitySkeletons count={skeletons} />}
      empty={{ icon: <IconClipboardList size={22} stroke={1.6} aria-hidden />, ...empty }}
    >
      {(activities) => (
        <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Activity Log">
          {activities.map((activity) => (
            <ActivityRow key={activity.id} activity={activity} otherAccent={otherAccent} renderPhotos={renderPhotos} />
          ))}
        </Stack>
      )}
    </QueryState>
  );
}

/** One activity, with its time and how long ago that was. */
export function ActivityRow({ activity, otherAccent, renderPhotos }: Pick<ActivityLogProps, 'otherAccent' | 'renderPhotos'> & { activity: ActivityDto }) {
  const color = accentColor[activityAccent(activity.type, otherAccent)];
  return (
    <Box
      component="li"
      data-accent={activityAccent(activity.type, otherAccent)}
      py={8}
      px="sm"
      style={{
        borderLeft: `3px solid var(--mantine-color-${color}-filled)`,
        borderRadius: 'var(--mantine-radius-sm)',
        background: 'var(--mantine-color-default-hover)',
      }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" fw={700}>
          {activity.time}
        </Text>
        <Text size="xs" c="dimmed">
          <TimeAgo at={activity.occurredAt} />
        </Text>
      </Group>
      <Text size="sm" mt={2}>
        {activity.description}
      </Text>
      {renderPhotos?.(activity)}
    </Box>
  );
}

function ActivitySkeletons({ count }: { count: number }) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading activities">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} h={60} radius="sm" data-testid="activity-skeleton" />
      ))}
    </Stack>
  );
}
