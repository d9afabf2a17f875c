import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin, IconRefresh, IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { specializations } from '../../../shared/schemas/shadow-bookings';
import { QueryState } from '../../components/query-state';
import { trpc } from '../../lib/trpc';
import { TeacherCard } from './teacher-card';

type Specialization = (typeof specializations)[number];

const GRID_COLUMNS = { base: 1, sm: 2, lg: 3 } as const;
const SKELETON_CARDS = 3;

/** The Find tab: a location filter, one specialization at a time, and the matching teachers. */
export function TeacherFinder() {
  const [location, setLocation] = useState('');
  const [specialization, setSpecialization] = useState<Specialization | null>(null);
  // Typing a place should not send a request per keystroke.
  const [searchedLocation] = useDebouncedValue(location.trim(), 300);
  const query = trpc.shadowTeachers.list.useQuery({
    location: searchedLocation || undefined,
    specialization: specialization ?? undefined,
  });

  return (
    <Stack gap="lg">
      <Card>
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <TextInput
              label="Location"
              placeholder="Filter by location"
              leftSection={<IconMapPin size={16} aria-hidden />}
              value={location}
              onChange={(event) => setLocation(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={() => {
                setLocation('');
                setSpecialization(null);
              }}
            >
              Reset
            </Button>
          </Group>
          <Group gap={6} role="group" aria-label="Specialization">
            {specializations.map((option) => {
              const active = option === specialization;
              return (
                <Badge
                  key={option}
                  component="button"
                  type="button"
                  size="lg"
                  tt="none"
                  fw={500}
                  variant={active ? 'filled' : 'outline'}
                  color={active ? 'nest' : 'gray'}
                  aria-pressed={active}
                  style={{ cursor: 'pointer' }}
                  onClick={() => setSpecialization(active ? null : option)}
                >
                  {option}
                </Badge>
              );
            })}
          </Group>
        </Stack>
      </Card>
      <QueryState
        query={query}
        failure="Failed to fetch shadow teachers"
        loading={<TeacherSkeletons />}
        empty={{ title: 'No shadow teachers found', icon: <IconUserSearch size={22} stroke={1.6} aria-hidden /> }}
      >
        {(teachers) => (
          <SimpleGrid cols={GRID_COLUMNS} spacing="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Shadow teachers">
            {teachers.map((teacher) => (
              <li key={teacher.id}>
                <TeacherCard teacher={teacher} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}

function TeacherSkeletons() {
  return (
    <SimpleGrid cols={GRID_COLUMNS} spacing="md" role="status" aria-busy="true" aria-label="Loading shadow teachers">
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <Card key={index} data-testid="teacher-skeleton">
          <Group gap="sm" wrap="nowrap">
            <Skeleton h={56} w={56} circle />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton h={14} w="60%" />
              <Skeleton h={10} w="40%" />
            </Stack>
          </Group>
          <Skeleton h={10} mt="md" />
          <Skeleton h={10} mt={6} />
          <Skeleton h={10} mt={6} w="70%" />
          <Skeleton h={32} mt="md" />
        </Card>
      ))}
    </SimpleGrid>
  );
}
