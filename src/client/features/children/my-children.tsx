import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBabyCarriage, IconMessageCircle, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { bookingDateLabel } from '../../../shared/booking-display';
import type { ChildDto } from '../../../shared/schemas/children';
import { ComingSoonButton } from '../../components/coming-soon-button';
import { ButtonLink } from '../../components/links';
import { QueryState } from '../../components/query-state';
import { trpc } from '../../lib/trpc';
import { useCurrentUser } from '../../lib/use-current-user';
import { ChildDialog } from './child-dialog';
import { ChildAvatar } from './child-avatar';

/** My Children: each child of the family, to edit, and Add Child. */
export function MyChildren() {
  const query = trpc.children.list.useQuery(undefined);
  const { user } = useCurrentUser();
  // Unread messages from each child's classroom, shown on its "Message classroom" link.
  const conversations = trpc.messages.conversations.useQuery(undefined, { enabled: user?.familyRole != null });
  const unreadFor = (childId: number) => conversations.data?.find((c) => c.children.some((child) => child.id === childId))?.unreadCount ?? 0;
  // A carer cannot add or edit children; the family's guardians can.
  const isGuardian = user?.familyRole !== 'carer';
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ChildDto | null>(null);
  return (
    <Card>
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          My Children
        </Title>
        {isGuardian && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add Child
          </Button>
        )}
      </Group>
      <QueryState
        query={query}
        loading={
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Skeleton h={140} />
            <Skeleton h={140} />
          </SimpleGrid>
        }
        empty={{
          title: 'No children added yet',
          description: 'Add your children to monitor their activities',
          icon: <IconBabyCarriage size={22} stroke={1.6} aria-hidden />,
        }}
      >
        {(children) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {children.map((child) => (
              <ChildCard key={child.id} child={child} unread={unreadFor(child.id)} onEdit={isGuardian ? () => setEditing(child) : undefined} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      {adding && <ChildDialog onClose={() => setAdding(false)} />}
      {editing && <ChildDialog child={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function ChildCard({ child, unread, onEdit }: { child: ChildDto; unread: number; onEdit?: () => void }) {
  return (
    <Card padding="md" radius="md" component="article" aria-label={child.name}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ChildAvatar child={child} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{child.name}</Text>
          <Text size="sm" c="dimmed">
            {child.age} · born {bookingDateLabel(child.dateOfBirth)}
          </Text>
          {child.specialNeeds && (
            <Badge color="apricot" variant="light" tt="none" w="fit-content">
              Special needs
            </Badge>
          )}
        </Stack>
        {onEdit && (
          <Button variant="subtle" size="xs" leftSection={<IconPencil size={14} aria-hidden />} onClick={onEdit} aria-label={`Edit ${child.name}`}>
            Edit
          </Button>
        )}
      </Group>
      {/* Under the photo rather than beside it: long details stay readable on a phone, beside the Edit action. */}
      {child.specialNeedsDetails && (
        <Text size="sm" mt="sm">
          {child.specialNeedsDetails}
        </Text>
      )}
      {/* At the foot of the card, level with its neighbour's in the row. */}
      <Group grow gap="xs" pt="md" style={{ marginTop: 'auto' }}>
        <ComingSoonButton variant="default" size="xs">
          View Progress
        </ComingSoonButton>
        <ComingSoonButton variant="default" size="xs">
          Schedule Session
        </ComingSoonButton>
      </Group>
      <ButtonLink
        to="/messages"
        search={{ child: child.id }}
        variant="light"
        size="xs"
        mt="xs"
        leftSection={<IconMessageCircle size={14} aria-hidden />}
        rightSection={unread > 0 ? <Badge size="sm" circle={unread < 10}>{unread}</Badge> : undefined}
        aria-label={`Message ${child.name}'s classroom${unread > 0 ? `, ${unread} unread` : ''}`}
      >
        Message classroom
      </ButtonLink>
    </Card>
  );
}
