import { Avatar, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBriefcase, IconMapPin, IconStar, IconStarFilled } from '@tabler/icons-react';
import { Suspense, useState, useTransition } from 'react';
import { initialsOf, teacherStars } from '../../../shared/booking-display';
import { priceLabel } from '../../../shared/display';
import type { ShadowTeacherDto } from '../../../shared/schemas/shadow-bookings';
import { lazyNamed } from '../../lib/lazy-with-styles';

// The form's date picker and selects are most of this page's code: they load when a parent
// reaches for Book Now (a pointer over it, or focus), not with the list.
const BookingDialog = lazyNamed(() => import('./booking-dialog'), 'BookingDialog');

export function TeacherCard({ teacher }: { teacher: ShadowTeacherDto }) {
  // 'unused' until Book Now is first pressed; then the dialog stays in the tree, so that closing it
  // is an update and its focus return gives focus back to this card's button.
  const [dialog, setDialog] = useState<'unused' | 'open' | 'closed'>('unused');
  const [opening, startOpening] = useTransition();
  // The dialog opens once its code is here: a dialog that suspended as it opened would leave the
  // button without a sign of what is happening.
  const openBooking = () =>
    startOpening(async () => {
      await BookingDialog.preload();
      startOpening(() => setDialog('open'));
    });
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
        <Button
          fullWidth
          onClick={openBooking}
          onPointerEnter={() => void BookingDialog.preload()}
          onFocus={() => void BookingDialog.preload()}
          // Not `loading`: that disables the button, and focus would leave it.
          rightSection={opening ? <Loader size="xs" color="currentColor" aria-label="Opening the booking form" /> : undefined}
        >
          Book Now
        </Button>
      </Stack>
      {dialog !== 'unused' && (
        <Suspense fallback={null}>
          <BookingDialog teacher={teacher} opened={dialog === 'open'} onClose={() => setDialog('closed')} />
        </Suspense>
      )}
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
