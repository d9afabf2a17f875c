import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { moreTagsLabel, visibleTags } from '../../../shared/community-rules';
import type { GroupDto } from '../../../shared/schemas/community';
import { ImageWithPlaceholder } from '../../components/image-with-placeholder';
import { QueryState } from '../../components/query-state';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ModalOnDemand } from '../../components/modal-on-demand';

const countLabel = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The support groups, each with up to 3 tags and a '+N more' badge; a dialog joins or leaves. */
export function SupportGroups({ signedIn, askToSignIn }: { signedIn: boolean; askToSignIn: (reason: string) => void }) {
  const groups = trpc.community.groups.list.useQuery(undefined);
  const [openId, setOpenId] = useState<number | null>(null);
  const open = groups.data?.find((group) => group.id === openId) ?? null;
  return (
    <>
      <QueryState
        query={groups}
        loading={<GroupSkeletons />}
        empty={{ title: 'No support groups yet', icon: <IconUsersGroup size={22} stroke={1.6} aria-hidden /> }}
      >
        {(list) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {list.map((group) => (
              <GroupCard key={group.id} group={group} onOpen={() => setOpenId(group.id)} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <GroupDialog group={open} signedIn={signedIn} askToSignIn={askToSignIn} onClose={() => setOpenId(null)} />
    </>
  );
}

export function GroupTags({ tags }: { tags: string[] }) {
  const { shown } = visibleTags(tags);
  const more = moreTagsLabel(tags);
  return (
    <Group gap={6}>
      {shown.map((tag) => (
        <Badge key={tag} variant="light" tt="none">
          {tag}
        </Badge>
      ))}
      {more && (
        <Badge variant="outline" color="gray" tt="none" title={tags.slice(shown.length).join(', ')}>
          {more}
        </Badge>
      )}
    </Group>
  );
}

function GroupCard({ group, onOpen }: { group: GroupDto; onOpen: () => void }) {
  return (
    <Card component="article" aria-label={group.name} padding="lg">
      <Card.Section>
        <ImageWithPlaceholder src={group.image} alt="" height={120} radius={0} placeholderIcon={<IconUsersGroup size={28} stroke={1.4} aria-hidden />} />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} fz="md">
            {group.name}
          </Title>
          {group.joined && (
            <Badge color="green" variant="light" tt="none" leftSection={<IconCheck size={12} aria-hidden />} style={{ flexShrink: 0 }}>
              Joined
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {group.description}
        </Text>
        <Text size="xs" c="dimmed">
          {countLabel(group.members, 'member', 'members')} · {countLabel(group.posts, 'post', 'posts')}
        </Text>
        <GroupTags tags={group.tags} />
        <Button variant="light" mt="auto" onClick={onOpen}>
          View group
        </Button>
      </Stack>
    </Card>
  );
}

function GroupDialog({ group, signedIn, askToSignIn, onClose }: {
  group: GroupDto | null;
  signedIn: boolean;
  askToSignIn: (reason: string) => void;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  // The server answers the group with its new member count; show exactly that. Membership
  // decides which group posts the feed may show, so the feed is read again.
  const showNewState = (updated: GroupDto) => {
    utils.community.groups.list.setData(undefined, (list) => list?.map((g) => (g.id === updated.id ? updated : g)));
    void utils.community.posts.list.invalidate();
  };
  const failed = () => toast({ title: 'Something went wrong', message: 'We could not update your membership. Please try again.', tone: 'error' });
  const join = trpc.community.groups.join.useMutation({
    onSuccess: (updated) => {
      showNewState(updated);
      toast({ title: 'Welcome to the group!', message: `You are now a member of ${updated.name}.`, tone: 'success' });
    },
    onError: failed,
  });
  const leave = trpc.community.groups.leave.useMutation({
    onSuccess: (updated) => {
      showNewState(updated);
      toast({ title: 'You left the group', message: `You are no longer a member of ${updated.name}.` });
    },
    onError: failed,
  });

  return (
    <ModalOnDemand opened={group !== null} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title={group?.name} size="lg">
      {group && (
        <Stack gap="md">
          <ImageWithPlaceholder src={group.image} alt="" height={160} placeholderIcon={<IconUsersGroup size={28} stroke={1.4} aria-hidden />} />
          <Text size="sm">{group.description}</Text>
          <Group gap={6}>
            {group.tags.map((tag) => (
              <Badge key={tag} variant="light" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
          <Group justify="space-between" align="center">
            <Text size="sm" c="dimmed" aria-live="polite">
              {countLabel(group.members, 'member', 'members')} · {countLabel(group.posts, 'post', 'posts')}
              {group.joined && ' · You are a member'}
            </Text>
            {group.joined ? (
              <Button variant="default" loading={leave.isPending} onClick={() => leave.mutate({ id: group.id })}>
                Leave
              </Button>
            ) : (
              <Button
                loading={join.isPending}
                onClick={() => (signedIn ? join.mutate({ id: group.id }) : askToSignIn('join a support group'))}
              >
                Join Group
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </ModalOnDemand>
  );
}

function GroupSkeletons() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" role="status" aria-busy="true" aria-label="Loading support groups">
      {[0, 1, 2].map((index) => (
        <Card key={index}>
          <Skeleton h={120} />
          <Skeleton h={16} w="60%" mt="md" />
          <Skeleton h={10} mt="sm" />
          <Skeleton h={10} w="80%" mt={6} />
        </Card>
      ))}
    </SimpleGrid>
  );
}
