import { Anchor, Button, Card, Group, Modal, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCalendarEvent, IconCalendarPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { bookingDateLabel, sessionTypeLabels, timeRangeLabel } from '../../../shared/booking-display';
import { priceLabel } from '../../../shared/display';
import type { BookingDto } from '../../../shared/schemas/shadow-bookings';
import { QueryState } from '../../components/query-state';
import { SignInPrompt } from '../../components/sign-in-prompt';
import { BookingStatusBadge, PaymentStatusBadge } from '../../components/status-badges';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useCurrentUser } from '../../lib/use-current-user';
import { CALENDAR_PATH } from '../../../shared/schemas/shadow-bookings';

/** The iCalendar feed of the signed-in parent's live bookings, served by the API. */

const COLUMNS = ['Child', 'Teacher', 'Date', 'Time', 'Location', 'Status', 'Actions'] as const;

/** Where a session takes place: the nursery's name, or the address given. */
export function bookingPlace(booking: Pick<BookingDto, 'nurseryName' | 'location'>): string {
  return booking.nurseryName ?? booking.location ?? 'Not given';
}

/** The My Bookings tab: the signed-in parent's shadow-teacher bookings. */
export function MyBookings() {
  const { user, isLoading } = useCurrentUser();
  // The spec fetches with the signed-in user's id, so the list waits until the user is known.
  const pages = trpc.shadowBookings.page.useInfiniteQuery({ parentId: user?.id }, { enabled: user !== null, getNextPageParam: (page) => page.nextCursor });
  const [details, setDetails] = useState<BookingDto | null>(null);

  if (!isLoading && !user) return <SignInPrompt reason="see your bookings" />;
  return (
    <Card>
      <Group justify="space-between" mb="md">
        <Text fw={600}>Your shadow-teacher sessions</Text>
        <Anchor href={CALENDAR_PATH} download="nestling-bookings.ics" size="sm">
          <Group gap={4} wrap="nowrap" component="span">
            <IconCalendarPlus size={16} aria-hidden />
            Add to calendar
          </Group>
        </Anchor>
      </Group>
      <QueryState
        query={{ ...pages, data: pages.data?.pages.flatMap((page) => page.items) }}
        signInTo="see your bookings"
        failure="Failed to fetch bookings"
        loading={<TableSkeleton />}
        empty={{ title: 'No bookings found', icon: <IconCalendarEvent size={22} stroke={1.6} aria-hidden /> }}
      >
        {(bookings) => (
          <>
            <BookingsTable bookings={bookings} onDetails={setDetails} />
            {pages.hasNextPage && (
              <Button variant="light" mt="sm" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
                Show older bookings
              </Button>
            )}
          </>
        )}
      </QueryState>
      {details && <BookingDetailsDialog booking={details} onClose={() => setDetails(null)} />}
    </Card>
  );
}

function BookingsTable({ bookings, onDetails }: { bookings: BookingDto[]; onDetails: (booking: BookingDto) => void }) {
  const utils = trpc.useUtils();
  const cancel = trpc.shadowBookings.updateStatus.useMutation({
    onSuccess: async () => {
      toast({ title: 'Booking cancelled', message: 'Your booking has been successfully cancelled.', tone: 'success' });
      await Promise.all([utils.shadowBookings.page.invalidate(), utils.shadowBookings.list.invalidate()]);
    },
    onError: () => toast({ title: 'Error cancelling booking', message: 'There was an error cancelling your booking. Please try again.', tone: 'error' }),
  });

  const confirmCancel = (booking: BookingDto) => {
    if (window.confirm(`Cancel the session with ${booking.teacherName} on ${bookingDateLabel(booking.startDate)}?`)) {
      cancel.mutate({ id: booking.id, status: 'cancelled' });
    }
  };

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="My bookings">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bookings.map((booking) => (
            <Table.Tr key={booking.id}>
              <Table.Td>{booking.childName}</Table.Td>
              <Table.Td>{booking.teacherName}</Table.Td>
              <Table.Td>{bookingDateLabel(booking.startDate)}</Table.Td>
              <Table.Td>{timeRangeLabel(booking.startTime, booking.endTime)}</Table.Td>
              <Table.Td>{bookingPlace(booking)}</Table.Td>
              <Table.Td>
                <BookingStatusBadge status={booking.status} cancelReason={booking.cancelReason} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => onDetails(booking)}>
                    Details
                  </Button>
                  {booking.status === 'pending' && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      loading={cancel.isPending && cancel.variables?.id === booking.id}
                      onClick={() => confirmCancel(booking)}
                    >
                      Cancel
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function BookingDetailsDialog({ booking, onClose }: { booking: BookingDto; onClose: () => void }) {
  const rows: [string, ReactNode][] = [
    ['Teacher', booking.teacherName],
    ['Child', booking.childName],
    ['Session type', sessionTypeLabels[booking.sessionType]],
    ['Location', bookingPlace(booking)],
    ['Date', bookingDateLabel(booking.startDate)],
    ['Time', timeRangeLabel(booking.startTime, booking.endTime)],
    ['Total', priceLabel(booking.totalPrice)],
    ['Status', <BookingStatusBadge key="status" status={booking.status} cancelReason={booking.cancelReason} />],
    ['Payment', <PaymentStatusBadge key="payment" paymentStatus={booking.paymentStatus} />],
    ['Notes', booking.notes || 'None'],
  ];
  return (
    <Modal opened onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title="Booking details">
      <Stack gap="xs">
        {rows.map(([label, value]) => (
          <SimpleGrid key={label} cols={2} spacing="xs">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap' }}>
              {value}
            </Text>
          </SimpleGrid>
        ))}
      </Stack>
    </Modal>
  );
}

function TableSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading bookings">
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} h={28} />
      ))}
    </Stack>
  );
}
