import { Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconStethoscope } from '@tabler/icons-react';
import { QueryState } from '../../components/query-state';
import { trpc } from '../../lib/trpc';
import type { BookingTarget } from './booking-target';
import { CardSkeletons } from './services-tab';

export function SpecialistsTab({ onBook }: { onBook: (target: BookingTarget) => void }) {
  const specialists = trpc.mentalHealth.specialists.useQuery(undefined);
  return (
    <QueryState
      query={specialists}
      loading={<CardSkeletons />}
      empty={{ title: 'No specialists available', icon: <IconStethoscope size={22} stroke={1.6} aria-hidden /> }}
    >
      {(list) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {list.map((specialist) => (
            <Card key={specialist.id} component="article" aria-label={specialist.name}>
              <Stack gap="sm" style={{ flex: 1 }}>
                <Group gap="md" wrap="nowrap">
                  <Avatar src={specialist.image} name={specialist.name} color="initials" size={64} radius="xl" alt="" />
                  <div>
                    <Title order={2} fz="lg">
                      {specialist.name}
                    </Title>
                    <Text size="sm" c="nest" fw={600}>
                      {specialist.specialty}
                    </Text>
                  </div>
                </Group>
                <Text size="sm">{specialist.bio}</Text>
                <Text size="xs" c="dimmed">
                  {specialist.qualifications}
                </Text>
                <Group gap={6}>
                  <Badge variant="light" color="gray" tt="none">
                    {specialist.experience} experience
                  </Badge>
                  {specialist.languages.map((language) => (
                    <Badge key={language} variant="outline" color="gray" tt="none">
                      {language}
                    </Badge>
                  ))}
                </Group>
                <Button
                  mt="auto"
                  variant="light"
                  leftSection={<IconCalendarPlus size={16} aria-hidden />}
                  aria-label={`Book a session with ${specialist.name}`}
                  onClick={() => onBook({ kind: 'specialist', specialist })}
                >
                  Book a session
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </QueryState>
  );
}
