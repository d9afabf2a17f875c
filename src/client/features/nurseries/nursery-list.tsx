import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconMapPin, IconSchool, IconStarFilled } from '@tabler/icons-react';
import { nurseryLocationLabel, nurseryTags, ratingLabel } from '../../../shared/display';
import type { NurseryDto } from '../../../shared/schemas/nurseries';
import { ImageWithPlaceholder } from '../../components/image-with-placeholder';
import { QueryState, type EmptyContent, type QueryLike } from '../../components/query-state';

type Where = 'dashboard' | 'page';

/** Search results: the dashboard's compact rows, or the full page's larger ones. */
export function NurseryList({ query, where, skeletons, empty }: { query: QueryLike<NurseryDto[]>; where: Where; skeletons: number; empty: EmptyContent }) {
  return (
    <QueryState
      query={query}
      loading={<NurserySkeletons count={skeletons} where={where} />}
      empty={{ icon: <IconSchool size={22} stroke={1.6} aria-hidden />, ...empty }}
    >
      {(nurseries) => (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Nurseries">
          {nurseries.map((nursery) => (
            <NurseryRow key={nursery.id} nursery={nursery} where={where} />
          ))}
        </Stack>
      )}
    </QueryState>
  );
}

function NurseryRow({ nursery, where }: { nursery: NurseryDto; where: Where }) {
  const compact = where === 'dashboard';
  // The full page's larger picture gives way to the text on a phone.
  const image = compact ? { height: 56, width: 56 } : { height: { base: 64, sm: 96 }, width: { base: 64, sm: 128 } };
  return (
    <Group
      component="li"
      gap="md"
      wrap="nowrap"
      align="flex-start"
      p={compact ? 'xs' : 'sm'}
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <ImageWithPlaceholder src={nursery.image} alt={nursery.name} height={image.height} width={image.width} />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} size={compact ? 'sm' : 'md'} lineClamp={2}>
            {nursery.name}
          </Text>
          <Group gap={4} wrap="nowrap" aria-label={`Rated ${ratingLabel(nursery.rating)} out of 5`}>
            <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-hidden />
            <Text size="sm" fw={600}>
              {ratingLabel(nursery.rating)}
            </Text>
          </Group>
        </Group>
        <Group gap={4} wrap="nowrap" align="flex-start">
          <IconMapPin size={14} color="var(--mantine-color-dimmed)" aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
          <Text size="xs" c="dimmed" lineClamp={2}>
            {nurseryLocationLabel(nursery.location, nursery.distance)}
          </Text>
        </Group>
        <Group gap={4} mt={2}>
          {nurseryTags(nursery, where).map((tag) => (
            <Badge key={tag} size="sm" fz="xs" variant="light" color={tag === 'Special Needs Support' ? 'apricot' : 'gray'} tt="none" fw={500}>
              {tag}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Group>
  );
}

function NurserySkeletons({ count, where }: { count: number; where: Where }) {
  const size = where === 'dashboard' ? 56 : 96;
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading nurseries">
      {Array.from({ length: count }, (_, index) => (
        <Group key={index} gap="md" wrap="nowrap" data-testid="nursery-skeleton">
          <Skeleton h={size} w={where === 'dashboard' ? 56 : 128} radius="md" />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton h={12} w="60%" />
            <Skeleton h={10} w="40%" />
            <Skeleton h={10} w="70%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
