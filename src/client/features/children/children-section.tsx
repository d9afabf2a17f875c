import { Badge, Box, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconBabyCarriage } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { childStatusLabel } from '../../../shared/display';
import type { ChildDto } from '../../../shared/schemas/children';
import { ButtonLink } from '../../components/links';
import { QueryState } from '../../components/query-state';
import { SectionHeader } from '../../components/section-header';
import { trpc } from '../../lib/trpc';
import { TimeAgo } from '../../components/time-ago';
import { AddChildButton } from './add-child-button';
import { ChildAvatar } from './child-avatar';

const statusColor = { Online: 'green', 'Nap Time': 'apricot', Offline: 'gray' } as const;

/** The dashboard's My Children section. */
export function ChildrenSection() {
  const query = trpc.children.list.useQuery(undefined);
  return (
    <Card component="section" aria-labelledby="my-children-title">
      <Box mb="md">
        <SectionHeader id="my-children-title" title="My Children" to="/profile" linkLabel="See all" />
      </Box>
      <QueryState
        query={query}
        signInTo="see your children"
        loading={<ChildSkeletons />}
        empty={{
          title: 'No children added yet',
          description: 'Add your children to monitor their activities',
          icon: <IconBabyCarriage size={22} stroke={1.6} aria-hidden />,
          action: <AddChildButton size="xs" />,
        }}
      >
        {(children) => (
          <div className="nestling-children-grid">
            {children.map((child) => (
              <ChildCard key={child.id} child={child} />
            ))}
          </div>
        )}
      </QueryState>
    </Card>
  );
}

function ChildCard({ child }: { child: ChildDto }) {
  const status = childStatusLabel(child.status);
  return (
    <Card padding="md" radius="md" component="article" aria-label={child.name}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ChildAvatar child={child} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} lineClamp={2}>
            {child.name}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {child.age}
            </Text>
            <Badge color={statusColor[status]} variant="light" tt="none">
              {status}
            </Badge>
          </Group>
        </Stack>
      </Group>
      <div className="nestling-child-facts">
        <InfoBox label="Current Activity" value={child.currentActivity ?? 'Nothing right now'} />
        <InfoBox label="Last Update" value={child.lastUpdate ? <TimeAgo at={child.lastUpdate} /> : 'No updates yet'} />
      </div>
      <Group grow gap="xs" mt="md">
        <Button component={Link} to="/monitoring" variant="light" size="xs">
          View Camera
        </Button>
        {/* The spec leaves the destination open: the child's day so far, as a daily report. */}
        <ButtonLink to="/children/$childId/report/$date" params={{ childId: String(child.id), date: 'today' }} variant="default" size="xs">
          Schedule
        </ButtonLink>
      </Group>
    </Card>
  );
}

function InfoBox({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box p="xs" style={{ background: 'var(--mantine-color-default-hover)', borderRadius: 'var(--mantine-radius-md)' }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} lineClamp={2}>
        {value}
      </Text>
    </Box>
  );
}

function ChildSkeletons() {
  return (
    <div className="nestling-children-grid" role="status" aria-busy="true" aria-label="Loading children">
      {Array.from({ length: 2 }, (_, index) => (
        <Card key={index} padding="md" radius="md" data-testid="child-skeleton">
          <Group gap="sm" wrap="nowrap">
            <Skeleton h={52} w={52} circle />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton h={14} w="60%" />
              <Skeleton h={10} w="30%" />
            </Stack>
          </Group>
          <Skeleton h={54} mt="md" />
          <Skeleton h={28} mt="md" />
        </Card>
      ))}
    </div>
  );
}
