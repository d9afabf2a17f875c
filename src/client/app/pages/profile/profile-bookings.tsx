import { Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconFilter, IconHeartHandshake, IconPlus, IconSchool } from '@tabler/icons-react';
import { bookingDateLabel, sessionTypeLabels, timeRangeLabel } from '../../../../shared/booking-display';
import { priceLabel } from '../../../../shared/display';
import type { BookingDto } from '../../../../shared/schemas/shadow-bookings';
import type { MentalHealthBookingDto } from '../../../../shared/schemas/mental-health';
import { ComingSoonButton } from '../../../components/coming-soon-button';
import { QueryState } from '../../../components/query-state';
import { BookingStatusBadge } from '../../../components/status-badges';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useFamilyBookings } from './use-family-bookings';

/** One row of the family's bookings, whichever service it is with. */
interface FamilyBooking {
  key: string;
  kind: 'shadow' | 'mental-health';
  title: string;
  detail: string;
  childName: string | null;
  date: string;
  when: string;
  price: number;
  status: string;
  /** Why a shadow booking was cancelled; 'expired' shows as Expired. */
  cancelReason: string | null;
  /** The adult of the family who made it. */
  bookedBy: string | null;
}

function fromShadowBooking(booking: BookingDto): FamilyBooking {
  const place = booking.nurseryName ?? booking.location;
  return {
    key: `shadow-${booking.id}`,
    kind: 'shadow',
    title: `Shadow teacher: ${booking.teacherName}`,
    detail: `${sessionTypeLabels[booking.sessionType]} session${place ? ` · ${place}` : ''}`,
    childName: booking.childName,
    date: booking.startDate,
    when: timeRangeLabel(booking.startTime, booking.endTime),
    price: booking.totalPrice,
    status: booking.status,
    cancelReason: booking.cancelReason,
    bookedBy: booking.bookedBy,
  };
}

function fromMentalHealthBooking(booking: MentalHealthBookingDto): FamilyBooking {
  return {
    key: `mental-health-${booking.id}`,
    kind: 'mental-health',
    title: booking.title,
    detail: booking.detail,
    childName: booking.childName,
    date: booking.date,
    when: booking.timeWindowLabel,
    price: booking.price,
    status: booking.status,
    cancelReason: null,
    bookedBy: booking.bookedBy,
  };
}

/** The Bookings tab: shadow-teacher sessions and mental-health bookings together, latest date first. */
export function ProfileBookings() {
  const { user } = useCurrentUser();
  const { shadow, mentalHealth } = useFamilyBookings(user!.id);
  const data =
    shadow.data && mentalHealth.data
      ? [...shadow.data.map(fromShadowBooking), ...mentalHealth.data.map(fromMentalHealthBooking)].sort((a, b) => b.date.localeCompare(a.date))
      : undefined;
  const query = {
    data,
    error: shadow.error ?? mentalHealth.error,
    isPending: shadow.isPending || mentalHealth.isPending,
    isFetching: shadow.isFetching || mentalHealth.isFetching,
    refetch: () => Promise.all([shadow.refetch(), mentalHealth.refetch()]),
  };

  return (
    <Card>
      <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
        <Title order={2} fz="lg">
          Bookings
        </Title>
        <Group gap="xs">
          <ComingSoonButton variant="default" leftSection={<IconFilter size={16} aria-hidden />}>
            Filter
          </ComingSoonButton>
          <ComingSoonButton leftSection={<IconPlus size={16} aria-hidden />}>New Booking</ComingSoonButton>
        </Group>
      </Group>
      <QueryState
        query={query}
        loading={
          <Stack gap="sm">
            <Skeleton h={72} />
            <Skeleton h={72} />
          </Stack>
        }
        empty={{ title: 'No bookings found', icon: <IconCalendarEvent size={22} stroke={1.6} aria-hidden /> }}
      >
        {(bookings) => (
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Family bookings">
            {bookings.map((booking) => (
              <BookingRow key={booking.key} booking={booking} viewerName={user!.name} />
            ))}
          </Stack>
        )}
      </QueryState>
      {/* The calendar link lives with the other integrations; say where, for the parent who looks here. */}
      <Text size="sm" c="dimmed" mt="md">
        To see your shadow-teacher sessions in Apple Calendar, Google Calendar or Outlook, make a calendar link under Personal Info › Integrations.
      </Text>
    </Card>
  );
}

function BookingRow({ booking, viewerName }: { booking: FamilyBooking; viewerName: string }) {
  return (
    <Card component="li" padding="md" radius="md" aria-label={booking.title}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color={booking.kind === 'shadow' ? 'nest' : 'apricot'} size={40} radius="xl">
            {booking.kind === 'shadow' ? <IconSchool size={20} aria-hidden /> : <IconHeartHandshake size={20} aria-hidden />}
          </ThemeIcon>
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>{booking.title}</Text>
              <BookingStatusBadge status={booking.status} cancelReason={booking.cancelReason} />
            </Group>
            <Text size="sm" c="dimmed">
              {booking.detail}
              {booking.childName ? ` · for ${booking.childName}` : ''}
            </Text>
            <Text size="sm">
              {bookingDateLabel(booking.date)} · {booking.when} · {priceLabel(booking.price)}
            </Text>
            {/* Another adult of the family made it: say who. */}
            {booking.bookedBy && booking.bookedBy !== viewerName && (
              <Text size="xs" c="dimmed">
                Booked by {booking.bookedBy}
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="xs">
          <ComingSoonButton size="xs" variant="default">
            Reschedule
          </ComingSoonButton>
          {booking.kind === 'shadow' && (
            <ComingSoonButton size="xs" variant="default">
              Contact Teacher
            </ComingSoonButton>
          )}
        </Group>
      </Group>
    </Card>
  );
}
