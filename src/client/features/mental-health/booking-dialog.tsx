import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { bookingWindow } from '../../../shared/booking-rules';
import { longDate } from '../../../shared/display';
import { MAX_BOOKING_NOTES_LENGTH } from '../../../shared/schemas/mental-health';
import { NetworkButton } from '../../components/network-button';
import { toast } from '../../lib/toast';
import { isUnauthorized, trpc } from '../../lib/trpc';
import { catalogPriceLabel, type BookingTarget } from './booking-target';
import { ModalOnDemand } from '../../components/modal-on-demand';

export const signInToBook = () => toast({ title: 'Please sign in', message: 'You need to be signed in to book a service.', tone: 'error' });

const calendarDay = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return longDate(new Date(year, month - 1, day));
};

export function BookingDialog({ target, onClose }: { target: BookingTarget | null; onClose: () => void }) {
  const title = target?.kind === 'service' ? `Book ${target.service.title}` : target ? `Book a session with ${target.specialist.name}` : '';
  return (
    <ModalOnDemand opened={target !== null} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title={title} size="md">
      {/* Keyed so each booking starts with an empty form. */}
      {target && <BookingForm key={bookingKey(target)} target={target} onDone={onClose} />}
    </ModalOnDemand>
  );
}

const bookingKey = (target: BookingTarget) => (target.kind === 'service' ? `service:${target.service.id}:${target.option.id}` : `specialist:${target.specialist.id}`);

function BookingForm({ target, onDone }: { target: BookingTarget; onDone: () => void }) {
  const [date, setDate] = useState<string | null>(null);
  const [timeWindow, setTimeWindow] = useState<string | null>(null);
  const [sessionTypeId, setSessionTypeId] = useState<string | null>(null);
  const [childId, setChildId] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const windows = trpc.mentalHealth.timeWindows.useQuery(undefined);
  const sessionTypes = trpc.mentalHealth.sessionTypes.useQuery(undefined, { enabled: target.kind === 'specialist' });
  const children = trpc.children.list.useQuery(undefined);
  const utils = trpc.useUtils();
  // The bookable days run from tomorrow to 30 days ahead, as the server checks.
  const { first, last } = bookingWindow(dayjs().format('YYYY-MM-DD'));

  const book = trpc.mentalHealth.bookings.create.useMutation({
    onSuccess: (booking) => {
      void utils.mentalHealth.bookings.list.invalidate();
      toast({
        title: booking.kind === 'service' ? 'Service scheduled.' : 'Session scheduled.',
        message: `${booking.title}, ${booking.detail}: ${calendarDay(booking.date)}, ${booking.timeWindowLabel}. We'll be in touch to confirm.`,
        tone: 'success',
      });
      onDone();
    },
    onError: (error) =>
      isUnauthorized(error)
        ? signInToBook()
        : toast({ title: 'Booking failed', message: 'There was an error creating your booking. Please try again.', tone: 'error' }),
  });

  const ready = date !== null && timeWindow !== null && (target.kind === 'service' || sessionTypeId !== null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const shared = { date, timeWindow, notes, childId: childId === null ? null : Number(childId) };
    book.mutate(
      target.kind === 'service'
        ? { ...shared, kind: 'service', serviceId: target.service.id, optionId: target.option.id }
        : { ...shared, kind: 'specialist', specialistId: target.specialist.id, sessionTypeId: sessionTypeId! },
    );
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        {target.kind === 'service' ? (
          <Text size="sm">
            {target.option.name} · <strong>{catalogPriceLabel(target.option.price)}</strong>
          </Text>
        ) : (
          <Select
            label="Session type"
            withAsterisk
            placeholder="Choose a session"
            value={sessionTypeId}
            onChange={setSessionTypeId}
            data={(sessionTypes.data ?? []).map((type) => ({
              value: type.id,
              label: `${type.name} · ${type.minutes} minutes · ${catalogPriceLabel(type.price)}`,
            }))}
          />
        )}
        <DatePickerInput
          label="Date"
          withAsterisk
          value={date}
          onChange={setDate}
          minDate={first}
          maxDate={last}
          valueFormat="dddd, MMMM D, YYYY"
          leftSection={<IconCalendar size={16} aria-hidden />}
          ariaLabels={{ nextMonth: 'Next month', previousMonth: 'Previous month' }}
        />
        <Select
          label="Preferred time"
          withAsterisk
          placeholder="Choose a time of day"
          value={timeWindow}
          onChange={setTimeWindow}
          data={(windows.data ?? []).map((window) => ({ value: window.id, label: window.label }))}
        />
        {(children.data?.length ?? 0) > 0 && (
          <Select
            label="For which child (optional)"
            placeholder="No particular child"
            clearable
            value={childId}
            onChange={setChildId}
            data={(children.data ?? []).map((child) => ({ value: String(child.id), label: child.name }))}
          />
        )}
        <Textarea
          label="Notes (optional)"
          placeholder="Anything the specialist should know beforehand"
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          maxLength={MAX_BOOKING_NOTES_LENGTH}
          autosize
          minRows={3}
          maxRows={8}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <NetworkButton type="submit" disabled={!ready} loading={book.isPending}>
            {target.kind === 'service' ? 'Schedule service' : 'Schedule session'}
          </NetworkButton>
        </Group>
      </Stack>
    </form>
  );
}
