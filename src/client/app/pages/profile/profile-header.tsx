import { Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconPencil } from '@tabler/icons-react';
import { initialsOf } from '../../../../shared/booking-display';
import type { UserDto } from '../../../../shared/schemas/auth';
import { trpc } from '../../../lib/trpc';
import { useFamilyBookings } from './use-family-bookings';

/** Avatar, name, email, how many children and bookings, and the city. */
export function ProfileHeader({ user, onEdit }: { user: UserDto; onEdit: () => void }) {
  const children = trpc.children.list.useQuery(undefined);
  const isCarer = user.familyRole === 'carer';
  const { shadow, mentalHealth } = useFamilyBookings(user.id, !isCarer);
  const bookingCount = shadow.data && mentalHealth.data ? shadow.data.length + mentalHealth.data.length : undefined;
  return (
    <Card>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={user.profileImage} alt={user.name} size={72} radius="xl" color="nest">
            {initialsOf(user.name)}
          </Avatar>
          <Stack gap={4}>
            <Title order={2} fz="xl">
              {user.name}
            </Title>
            <Text size="sm" c="dimmed">
              {user.email}
            </Text>
            <Group gap="md" mt={4}>
              <Count label="Children" value={children.data?.length} />
              {!isCarer && <Count label="Bookings" value={bookingCount} />}
              {user.city && (
                <Group gap={4} wrap="nowrap">
                  <IconMapPin size={14} color="var(--mantine-color-dimmed)" aria-hidden />
                  <Text size="sm">{user.city}</Text>
                </Group>
              )}
            </Group>
          </Stack>
        </Group>
        <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
          Edit Profile
        </Button>
      </Group>
    </Card>
  );
}

function Count({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Text size="sm">
      <Text span fw={700}>
        {value ?? '–'}
      </Text>{' '}
      {label}
    </Text>
  );
}
