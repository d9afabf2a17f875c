import '@mantine/dates/styles.css';
import { Alert, Group, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { TIME_TAKEN_MESSAGE, bookingWindow, sessionTypes } from '../../../shared/booking-rules';
import { bookingDateLabel, clockLabel, sessionTypeLabels } from '../../../shared/booking-display';
import { localDate } from '../../../shared/dates';
import { priceLabel } from '../../../shared/display';
import type { ShadowTeacherDto } from '../../../shared/schemas/shadow-bookings';
import { ButtonLink } from '../../components/links';
import { ModalOnDemand } from '../../components/modal-on-demand';
import { NetworkButton } from '../../components/network-button';
import { SignInPrompt } from '../../components/sign-in-prompt';
import { toast } from '../../lib/toast';
import { httpStatusOf, trpc } from '../../lib/trpc';
import { useCurrentUser } from '../../lib/use-current-user';
import {
  bookingPayload,
  bookingTotal,
  emptyBookingForm,
  endTimeOptions,
  invalidFields,
  isSelectableDate,
  startTimeOptions,
  type BookingField,
  type BookingFormValues,
} from './booking-form';

/** Book Now: the booking form for one teacher, in a dialog. */
export function BookingDialog({ teacher, opened, onClose }: { teacher: ShadowTeacherDto; opened: boolean; onClose: () => void }) {
  return (
    <ModalOnDemand opened={opened} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title={`Book ${teacher.name}`} size="lg">
      <BookingDialogBody teacher={teacher} onDone={onClose} />
    </ModalOnDemand>
  );
}

/** The dialog's content, a component of its own so that a card's closed dialog subscribes to nothing. */
function BookingDialogBody({ teacher, onDone }: { teacher: ShadowTeacherDto; onDone: () => void }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  return user ? <BookingForm teacher={teacher} onDone={onDone} /> : <SignInPrompt reason="book a shadow teacher" />;
}

const timeOptions = (times: string[]) => times.map((time) => ({ value: time, label: clockLabel(time) }));

function BookingForm({ teacher, onDone }: { teacher: ShadowTeacherDto; onDone: () => void }) {
  const utils = trpc.useUtils();
  const children = trpc.children.list.useQuery(undefined);
  const nurseries = trpc.nurseries.search.useQuery({ limit: 100 });
  const availability = trpc.shadowBookings.availability.useQuery({ id: teacher.id });
  const [values, setValues] = useState<BookingFormValues>(emptyBookingForm);
  // Validation runs first on submit, then again on every change.
  const [submitted, setSubmitted] = useState(false);

  const openDates = useMemo(() => new Map((availability.data?.dates ?? []).map((open) => [open.date, open])), [availability.data]);
  const openDateSet = useMemo(() => new Set(openDates.keys()), [openDates]);
  // "Today" is the service's calendar day, so the window matches the one the server enforces.
  const today = availability.data ? localDate(new Date(), availability.data.timeZone) : undefined;
  const bookable = today ? bookingWindow(today) : undefined;
  const openDate = values.date ? openDates.get(values.date) : undefined;
  const startTimes = startTimeOptions(teacher.availability, openDate);
  const endTimes = endTimeOptions(openDate, values.startTime);
  const total = bookingTotal(teacher.hourlyRate, values.startTime, values.endTime);
  const invalid = submitted ? invalidFields(values) : new Set<BookingField>();

  const create = trpc.shadowBookings.create.useMutation({
    onSuccess: async () => {
      toast({ title: 'Booking request sent!', message: "We'll notify you when the teacher confirms your booking.", tone: 'success' });
      onDone();
      await Promise.all([
        utils.shadowBookings.page.invalidate(),
        utils.shadowBookings.list.invalidate(),
        utils.shadowBookings.availability.invalidate({ id: teacher.id }),
      ]);
    },
    onError: async (error) => {
      if (httpStatusOf(error) !== 409) {
        toast({ title: 'Booking failed', message: 'There was an error creating your booking. Please try again.', tone: 'error' });
        return;
      }
      if (!error.message.startsWith(TIME_TAKEN_MESSAGE)) {
        // Too many requests already waiting: the server's message says which limit and what to do.
        toast({ title: 'Booking failed', message: error.message, tone: 'error' });
        return;
      }
      // Someone else took the time between loading and sending: say so, and show what is left.
      const detail = error.message.startsWith(`${TIME_TAKEN_MESSAGE}: `) ? error.message.slice(TIME_TAKEN_MESSAGE.length + 2) : 'It was booked by someone else a moment ago.';
      toast({ title: 'That time was just taken', message: `${detail} Please choose another time.`, tone: 'error' });
      setValues((current) => ({ ...current, startTime: null, endTime: null }));
      await utils.shadowBookings.availability.invalidate({ id: teacher.id });
    },
  });

  const change = (patch: Partial<BookingFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const submit = () => {
    setSubmitted(true);
    if (invalidFields(values).size > 0) return;
    create.mutate(bookingPayload(values, teacher));
  };

  if (children.data?.length === 0) {
    return (
      <Alert color="nest" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="Add a child first">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Bookings are made for one of your children. Add your child on your profile, then come back to book.</Text>
          <ButtonLink to="/profile" size="xs" onClick={onDone}>
            Go to my profile
          </ButtonLink>
        </Stack>
      </Alert>
    );
  }

  return (
    <form
      noValidate
      aria-label="Booking form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Select
          label="Child"
          placeholder={children.isPending ? 'Loading...' : 'Select a child'}
          data={(children.data ?? []).map((child) => ({ value: String(child.id), label: child.name }))}
          value={values.childId}
          onChange={(childId) => change({ childId })}
          error={invalid.has('childId')}
          withAsterisk
          allowDeselect={false}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="session-type-label">
            Session type
          </Text>
          <SegmentedControl
            aria-labelledby="session-type-label"
            fullWidth
            data={sessionTypes.map((type) => ({ value: type, label: sessionTypeLabels[type] }))}
            value={values.sessionType}
            onChange={(sessionType) => change({ sessionType: sessionType as BookingFormValues['sessionType'] })}
          />
        </Stack>
        {values.sessionType === 'nursery' ? (
          <Select
            label="Nursery"
            placeholder={nurseries.isPending ? 'Loading...' : 'Select a nursery'}
            data={(nurseries.data ?? []).map((nursery) => ({ value: String(nursery.id), label: nursery.name }))}
            value={values.nurseryId}
            onChange={(nurseryId) => change({ nurseryId })}
            error={invalid.has('nurseryId')}
            searchable
            withAsterisk
          />
        ) : (
          <TextInput
            label="Location"
            placeholder="Address or place of the session"
            value={values.location}
            onChange={(event) => change({ location: event.currentTarget.value })}
            maxLength={200}
          />
        )}
        <DatePickerInput
          label="Date"
          leftSection={<IconCalendar size={16} aria-hidden />}
          value={values.date}
          onChange={(date) => change({ date, startTime: null, endTime: null })}
          defaultDate={bookable?.first}
          minDate={bookable?.first}
          maxDate={bookable?.last}
          excludeDate={(date) => !today || !isSelectableDate(date, today, teacher.availability, openDateSet)}
          disabled={!availability.data}
          valueFormat="dddd, MMMM D, YYYY"
          getDayAriaLabel={bookingDateLabel}
          error={invalid.has('date')}
          withAsterisk
        />
        <Group grow align="flex-start">
          <Select
            label="Start time"
            placeholder="Select a start time"
            data={timeOptions(startTimes)}
            value={values.startTime}
            onChange={(startTime) => change({ startTime, endTime: null })}
            disabled={!values.date}
            error={invalid.has('startTime')}
            withAsterisk
          />
          <Select
            label="End time"
            placeholder="Select an end time"
            data={timeOptions(endTimes)}
            value={values.endTime}
            onChange={(endTime) => change({ endTime })}
            disabled={!values.startTime}
            error={invalid.has('endTime')}
            withAsterisk
          />
        </Group>
        <Textarea
          label="Notes"
          placeholder="Anything the teacher should know"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          value={values.notes}
          onChange={(event) => change({ notes: event.currentTarget.value })}
        />
        <Group justify="space-between" mt="xs">
          <Text fw={600} aria-live="polite">
            Total: <span data-testid="booking-total">{priceLabel(total)}</span>
          </Text>
          <NetworkButton type="submit" disabled={create.isPending}>
            {create.isPending ? 'Submitting...' : 'Request Booking'}
          </NetworkButton>
        </Group>
      </Stack>
    </form>
  );
}
