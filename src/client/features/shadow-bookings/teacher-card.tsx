import { Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconBriefcase, IconMapPin, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { initialsOf, teacherStars } from '../../../shared/booking-display';
import { priceLabel } from '../../../shared/display';
import type { ShadowTeacherDto } from '../../../shared/schemas/shadow-bookings';
import { BookingDialog } from './booking-dialog';

export function TeacherCard({ teacher }: { teacher: ShadowTeacherDto }) {
  const [booking, setBooking] = useState(false);
  const stars = teacherStars(teacher.rating);
  return (
    <Card component="article" aria-label={teacher.name} h="100%">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={teacher.profileImage} alt={teacher.name} size={56} radius="xl" color="nest">
            {initialsOf(teacher.name)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={600} lineClamp={2}>
              {teacher.name}
            </Text>
            <Stars count={stars} />
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={14} color="var(--mantine-color-dimmed)" aria-hidden />
              <Text size="sm" c="dimmed">
                {teacher.location}
              </Text>
            </Group>
          </Stack>
        </Group>
        <Group gap={4}>
          {teacher.specialization.map((specialization) => (
            <Badge key={specialization} size="sm" variant="light" tt="none" fw={500}>
              {specialization}
            </Badge>
          ))}
        </Group>
        <Text size="sm" lineClamp={3}>
          {teacher.bio}
        </Text>
        <Group justify="space-between" mt="auto">
          <Group gap={4} wrap="nowrap">
            <IconBriefcase size={16} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text size="sm">{teacher.experience === 1 ? '1 year' : `${teacher.experience} years`} experience</Text>
          </Group>
          <Text fw={600}>{priceLabel(teacher.hourlyRate)}/hour</Text>
        </Group>
        <Button fullWidth onClick={() => setBooking(true)}>
          Book Now
        </Button>
      </Stack>
      {/* Always in the tree (ModalOnDemand renders nothing until it first opens), so that closing is an update and focus goes back to this button. */}
      <BookingDialog teacher={teacher} opened={booking} onClose={() => setBooking(false)} />
    </Card>
  );
}

const STAR_COLOR = 'var(--mantine-color-yellow-6)';

/** Five stars, the first `count` filled. */
function Stars({ count }: { count: number }) {
  return (
    <Group gap={2} wrap="nowrap" role="img" aria-label={`Rated ${count} out of 5`}>
      {Array.from({ length: 5 }, (_, index) =>
        index < count ? (
          <IconStarFilled key={index} size={14} color={STAR_COLOR} aria-hidden data-star="filled" />
        ) : (
          <IconStar key={index} size={14} color={STAR_COLOR} aria-hidden data-star="empty" />
        ),
      )}
    </Group>
  );
}
