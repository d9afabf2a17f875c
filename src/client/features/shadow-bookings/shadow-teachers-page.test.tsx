// @vitest-environment happy-dom
import '../../test/dom-setup';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookingDateLabel } from '../../../shared/booking-display';
import { longDate } from '../../../shared/display';
import { demoAccounts, startLiveServer, type LiveServer } from '../../test/live-server';
import { renderApp } from '../../test/render-app';

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server.close());
afterEach(() => cleanup());

const api = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & Record<string, unknown>[] };
};

const teacherNames = () =>
  within(screen.getByRole('list', { name: 'Shadow teachers' }))
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

async function pickOption(user: UserEvent, field: HTMLElement, option: string) {
  await user.click(field);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function openBookingDialog(user: UserEvent, teacher: string) {
  const card = await screen.findByRole('article', { name: teacher });
  await user.click(within(card).getByRole('button', { name: 'Book Now' }));
  const dialog = await screen.findByRole('dialog', { name: `Book ${teacher}` });
  return within(dialog);
}

describe('Shadow Teachers, signed out', () => {
  it('lists teachers to everyone and asks a visitor to sign in to book or see bookings', async () => {
    const { user } = renderApp('/shadow-teachers');
    const dialog = await openBookingDialog(user, 'Amara Okafor');
    expect(await dialog.findByText('Sign in to book a shadow teacher')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('tab', { name: 'My Bookings' }));
    expect(await screen.findByText('Sign in to see your bookings')).toBeInTheDocument();
  });
});

describe('My Bookings, empty', () => {
  it("says 'No bookings found' to a family without bookings", async () => {
    await server.signIn(demoAccounts.secondParent);
    const { user } = renderApp('/shadow-teachers');
    await user.click(await screen.findByRole('tab', { name: 'My Bookings' }));
    expect(await screen.findByText('No bookings found')).toBeInTheDocument();
  });
});

describe('Find Shadow Teachers', () => {
  beforeAll(() => server.signIn(demoAccounts.parent));

  it('shows each teacher with stars, location, specializations, experience, rate and Book Now', async () => {
    renderApp('/shadow-teachers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shadow Teachers' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Find Shadow Teachers', selected: true })).toBeInTheDocument();

    const amara = await screen.findByRole('article', { name: 'Amara Okafor' });
    // A stored 48 is 4.8, shown as 5 whole stars.
    expect(within(amara).getByRole('img', { name: 'Rated 5 out of 5' }).querySelectorAll('[data-star="filled"]')).toHaveLength(5);
    expect(within(amara).getByText('Northfield, Maplebrook')).toBeInTheDocument();
    expect(within(amara).getByText('ASD')).toBeInTheDocument();
    expect(within(amara).getByText('Language Delays')).toBeInTheDocument();
    expect(within(amara).getByText('8 years experience')).toBeInTheDocument();
    expect(within(amara).getByText('$48.00/hour')).toBeInTheDocument();
    expect(within(amara).getByRole('button', { name: 'Book Now' })).toBeInTheDocument();

    // Without a picture, the initials stand in.
    const meiLin = screen.getByRole('article', { name: 'Mei Lin Chen' });
    expect(within(meiLin).getByText('ML')).toBeInTheDocument();
  });

  it('filters by one specialization at a time; clicking the active badge clears it', async () => {
    const { user } = renderApp('/shadow-teachers');
    await screen.findByRole('article', { name: 'Amara Okafor' });
    const everyone = teacherNames().length;
    const badges = within(screen.getByRole('group', { name: 'Specialization' })).getAllByRole('button');
    expect(badges.map((badge) => badge.textContent)).toEqual([
      'ASD',
      'ADHD',
      'Language Delays',
      'Motor Skill Delays',
      'Physical Disabilities',
      'Developmental Delays',
    ]);

    const motor = screen.getByRole('button', { name: 'Motor Skill Delays' });
    await user.click(motor);
    expect(motor).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(teacherNames()).not.toContain('Amara Okafor'));
    expect(teacherNames()).toContain('Mei Lin Chen');

    await user.click(screen.getByRole('button', { name: 'ADHD' }));
    expect(motor).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(teacherNames()).toContain('Diego Ramírez'));
    expect(teacherNames()).not.toContain('Mei Lin Chen');

    await user.click(screen.getByRole('button', { name: 'ADHD' }));
    await waitFor(() => expect(teacherNames()).toHaveLength(everyone));
  });

  it("filters by location, says 'No shadow teachers found', and Reset brings everyone back", async () => {
    const { user } = renderApp('/shadow-teachers');
    await screen.findByRole('article', { name: 'Amara Okafor' });
    const everyone = teacherNames().length;
    const location = screen.getByRole('textbox', { name: 'Location' });

    await user.type(location, 'Riverside');
    await waitFor(() => expect(teacherNames()).toContain('Diego Ramírez'));
    await waitFor(() => expect(teacherNames()).not.toContain('Amara Okafor'));

    await user.type(location, ' Nowhere-on-the-map');
    expect(await screen.findByText('No shadow teachers found')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ADHD' }));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(location).toHaveValue('');
    expect(screen.getByRole('button', { name: 'ADHD' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(teacherNames()).toHaveLength(everyone));
  });
});

describe('Booking form', () => {
  beforeAll(() => server.signIn(demoAccounts.parent));

  it('keeps start and end disabled until a date and a start are chosen, and switches nursery for location', async () => {
    const { user } = renderApp('/shadow-teachers');
    const dialog = await openBookingDialog(user, 'Amara Okafor');
    const start = await dialog.findByRole('combobox', { name: 'Start time' });
    expect(start).toBeDisabled();
    expect(dialog.getByRole('combobox', { name: 'End time' })).toBeDisabled();

    // Nursery is the default type: the nursery selector shows, the location field does not.
    expect(dialog.getByRole('radio', { name: 'Nursery' })).toBeChecked();
    expect(dialog.getByRole('combobox', { name: 'Nursery' })).toBeInTheDocument();
    expect(dialog.queryByRole('textbox', { name: 'Location' })).not.toBeInTheDocument();
    await user.click(dialog.getByText('Home'));
    expect(dialog.queryByRole('combobox', { name: 'Nursery' })).not.toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Location' })).toBeInTheDocument();
    await user.click(dialog.getByText('Rehabilitation'));
    expect(dialog.getByRole('textbox', { name: 'Location' })).toBeInTheDocument();
    await user.click(dialog.getByText('Nursery'));
    expect(dialog.getByRole('combobox', { name: 'Nursery' })).toBeInTheDocument();
  });

  it('marks missing fields on submit, then re-checks them on every change', async () => {
    const { user } = renderApp('/shadow-teachers');
    const dialog = await openBookingDialog(user, 'Amara Okafor');
    const child = await dialog.findByRole('combobox', { name: 'Child' });
    expect(child).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(dialog.getByRole('button', { name: 'Request Booking' }));
    for (const name of ['Child', 'Nursery', 'Start time', 'End time']) {
      expect(dialog.getByRole('combobox', { name })).toHaveAttribute('aria-invalid', 'true');
    }
    expect(dialog.getByRole('button', { name: /^Date/ })).toHaveAttribute('data-error', 'true');

    await pickOption(user, child, 'Maya Thompson');
    expect(child).not.toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByRole('combobox', { name: 'Nursery' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers only open weekdays 1 to 30 days ahead, times from that day, end times after the start, and a running total', async () => {
    const { user } = renderApp('/shadow-teachers');
    const dialog = await openBookingDialog(user, 'Amara Okafor');
    const dateButton = await dialog.findByRole('button', { name: /^Date/ });
    await waitFor(() => expect(dateButton).toBeEnabled());
    await user.click(dateButton);

    const days = await screen.findAllByRole('button', { name: /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), / });
    const weekend = days.filter((day) => /^(Saturday|Sunday)/.test(day.getAttribute('aria-label')!));
    expect(weekend.length).toBeGreaterThan(0);
    for (const day of weekend) expect(day).toBeDisabled();
    const enabled = days.filter((day) => !(day as HTMLButtonElement).disabled);
    expect(enabled.length).toBeGreaterThan(0);
    // Today is never bookable; the first bookable day is tomorrow at the earliest.
    expect(enabled.map((day) => day.getAttribute('aria-label'))).not.toContain(longDate(new Date()));

    await user.click(enabled[0]!);
    const start = dialog.getByRole('combobox', { name: 'Start time' });
    const end = dialog.getByRole('combobox', { name: 'End time' });
    await waitFor(() => expect(start).toBeEnabled());
    expect(end).toBeDisabled();
    expect(dialog.getByTestId('booking-total')).toHaveTextContent('$0.00');

    await user.click(start);
    const starts = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(starts).toEqual(['9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM', '1:00 PM', '2:00 PM']);
    await user.click(screen.getByRole('option', { name: '11:00 AM' }));
    await waitFor(() => expect(end).toBeEnabled());

    await user.click(end);
    const ends = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(ends).toEqual(['12:00 PM', '1:00 PM', '2:00 PM', '3:00 PM']);
    await user.click(screen.getByRole('option', { name: '1:00 PM' }));
    expect(dialog.getByTestId('booking-total')).toHaveTextContent('$96.00');

    await pickOption(user, end, '12:00 PM');
    expect(dialog.getByTestId('booking-total')).toHaveTextContent('$48.00');

    // A new start clears the end, which must be chosen again after it.
    await pickOption(user, start, '2:00 PM');
    expect(end).toHaveValue('');
    expect(dialog.getByTestId('booking-total')).toHaveTextContent('$0.00');
  });

  it("books, says 'Booking request sent!', and the booking shows as pending with the spec's payload", async () => {
    const { user } = renderApp('/shadow-teachers');
    const dialog = await openBookingDialog(user, 'Amara Okafor');
    await pickOption(user, await dialog.findByRole('combobox', { name: 'Child' }), 'Maya Thompson');
    await pickOption(user, dialog.getByRole('combobox', { name: 'Nursery' }), 'Little Acorns Nursery');
    const dateButton = dialog.getByRole('button', { name: /^Date/ });
    await waitFor(() => expect(dateButton).toBeEnabled());
    await user.click(dateButton);
    const days = await screen.findAllByRole('button', { name: /^(Monday|Tuesday|Wednesday|Thursday|Friday), / });
    await user.click(days.find((day) => !(day as HTMLButtonElement).disabled)!);
    await pickOption(user, dialog.getByRole('combobox', { name: 'Start time' }), '9:00 AM');
    await pickOption(user, dialog.getByRole('combobox', { name: 'End time' }), '11:00 AM');
    await user.click(dialog.getByRole('button', { name: 'Request Booking' }));

    expect(await screen.findByText('Booking request sent!')).toBeInTheDocument();
    expect(screen.getByText("We'll notify you when the teacher confirms your booking.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const saved = (await api('GET', '/api/shadow-bookings')).body as unknown as Record<string, unknown>[];
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      childName: 'Maya Thompson',
      teacherName: 'Amara Okafor',
      sessionType: 'nursery',
      nurseryName: 'Little Acorns Nursery',
      location: null,
      startTime: '09:00',
      endTime: '11:00',
      status: 'pending',
      notes: '',
      totalPrice: 9600,
      paymentStatus: 'unpaid',
    });
    expect(saved[0]!.endDate).toBe(saved[0]!.startDate);

    await user.click(screen.getByRole('tab', { name: 'My Bookings' }));
    const table = await screen.findByRole('table', { name: 'My bookings' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Amara Okafor')).toBeInTheDocument();
    expect(toneOf(within(row).getByText('Pending'))).toBe('warning');
  });

  it('says plainly when the time was just taken (409), and offers only what is still open', async () => {
    const { user } = renderApp('/shadow-teachers');
    const dialog = await openBookingDialog(user, 'Diego Ramírez');
    await pickOption(user, await dialog.findByRole('combobox', { name: 'Child' }), 'Maya Thompson');
    await user.click(dialog.getByText('Home'));
    const dateButton = dialog.getByRole('button', { name: /^Date/ });
    await waitFor(() => expect(dateButton).toBeEnabled());
    await user.click(dateButton);
    const days = await screen.findAllByRole('button', { name: /^(Monday|Wednesday|Friday), / });
    const day = days.find((candidate) => !(candidate as HTMLButtonElement).disabled)!;
    await user.click(day);
    await pickOption(user, dialog.getByRole('combobox', { name: 'Start time' }), '8:00 AM');
    await pickOption(user, dialog.getByRole('combobox', { name: 'End time' }), '9:00 AM');

    // Another of the family's children takes the teacher at that time first.
    const open = (await api('GET', `/api/shadow-teachers/${await teacherId('Diego Ramírez')}/availability`)).body.dates as unknown as { date: string; weekday: string }[];
    const chosen = open.find((candidate) => candidate.weekday !== 'Saturday')!.date;
    expect(day).toHaveAttribute('aria-label', bookingDateLabel(chosen));
    const taken = await api('POST', '/api/shadow-bookings', {
      teacherId: await teacherId('Diego Ramírez'),
      childId: await childId('Leo Thompson'),
      sessionType: 'home',
      nurseryId: null,
      location: null,
      startDate: chosen,
      endDate: chosen,
      startTime: '08:00',
      endTime: '09:00',
      status: 'pending',
      notes: '',
      totalPrice: 3800,
      paymentStatus: 'unpaid',
    });
    expect(taken.status).toBe(201);

    await user.click(dialog.getByRole('button', { name: 'Request Booking' }));
    expect(await screen.findByText('That time was just taken')).toBeInTheDocument();
    expect(screen.getByText('It was booked by someone else a moment ago. Please choose another time.')).toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: 'Start time' })).toHaveValue('');
    await user.click(dialog.getByRole('combobox', { name: 'Start time' }));
    await waitFor(() => expect(screen.queryByRole('option', { name: '8:00 AM' })).not.toBeInTheDocument());
    expect(screen.getByRole('option', { name: '9:00 AM' })).toBeInTheDocument();
  });
});

describe('My Bookings', () => {
  beforeAll(() => server.signIn(demoAccounts.parent));

  it('lists the columns, opens Details, links the calendar feed, and cancels a pending booking after confirmation', async () => {
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    window.confirm = confirm;
    const { user } = renderApp('/shadow-teachers');
    await user.click(await screen.findByRole('tab', { name: 'My Bookings' }));
    const table = await screen.findByRole('table', { name: 'My bookings' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Child',
      'Teacher',
      'Date',
      'Time',
      'Location',
      'Status',
      'Actions',
    ]);
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', '/api/shadow-bookings/calendar.ics');

    const amaraRow = within(table).getByText('Amara Okafor').closest('tr')!;
    expect(within(amaraRow).getByText('9:00 AM - 11:00 AM')).toBeInTheDocument();
    expect(within(amaraRow).getByText('Little Acorns Nursery')).toBeInTheDocument();
    expect(within(amaraRow).getByText(/^(Monday|Tuesday|Wednesday|Thursday|Friday), [A-Z][a-z]+ \d+(st|nd|rd|th), \d{4}$/)).toBeInTheDocument();

    await user.click(within(amaraRow).getByRole('button', { name: 'Details' }));
    const details = within(await screen.findByRole('dialog', { name: 'Booking details' }));
    expect(details.getByText('$96.00')).toBeInTheDocument();
    expect(toneOf(details.getByText('Unpaid'))).toBe('outline');
    expect(toneOf(details.getByText('Pending'))).toBe('warning');
    await user.keyboard('{Escape}');

    await user.click(within(amaraRow).getByRole('button', { name: 'Cancel' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(within(amaraRow).getByText('Pending')).toBeInTheDocument();

    await user.click(within(amaraRow).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Booking cancelled')).toBeInTheDocument();
    expect(screen.getByText('Your booking has been successfully cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(toneOf(within(amaraRow).getByText('Cancelled'))).toBe('destructive'));
    // Only pending bookings can be cancelled.
    expect(within(amaraRow).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(within(table).getByText('Diego Ramírez').closest('tr')!).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it("says 'Error cancelling booking' when the cancel is refused", async () => {
    window.confirm = () => true;
    const { user } = renderApp('/shadow-teachers');
    await user.click(await screen.findByRole('tab', { name: 'My Bookings' }));
    const row = (await screen.findByText('Diego Ramírez')).closest('tr')!;
    // Cancelled elsewhere meanwhile: this screen's list is now out of date.
    const id = ((await api('GET', '/api/shadow-bookings')).body as unknown as { id: number; teacherName: string }[]).find(
      (booking) => booking.teacherName === 'Diego Ramírez',
    )!.id;
    expect((await api('PATCH', `/api/shadow-bookings/${id}/status`, { status: 'cancelled' })).status).toBe(200);

    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Error cancelling booking')).toBeInTheDocument();
    expect(screen.getByText('There was an error cancelling your booking. Please try again.')).toBeInTheDocument();
  });
});

describe('Requests waiting for a teacher', () => {
  beforeAll(() => server.signIn(demoAccounts.secondParent));

  /** Three requests for Mei Lin Chen, the most one family may have waiting for one teacher. */
  async function requestMeiLinThreeTimes() {
    const meiLin = await teacherId('Mei Lin Chen');
    const dates = ((await api('GET', `/api/shadow-teachers/${meiLin}/availability`)).body.dates as unknown as { date: string }[]).map((d) => d.date);
    for (const date of dates.slice(0, 3)) {
      const res = await api('POST', '/api/shadow-bookings', {
        teacherId: meiLin,
        childId: await childId('Kofi Osei'),
        sessionType: 'home',
        nurseryId: null,
        location: null,
        startDate: date,
        endDate: date,
        startTime: '10:00',
        endTime: '11:00',
        status: 'pending',
        notes: '',
        totalPrice: 5800,
        paymentStatus: 'unpaid',
      });
      expect(res.status).toBe(201);
    }
  }

  it('says why a fourth request for the same teacher is refused, and what to do', async () => {
    await requestMeiLinThreeTimes();
    const { user } = renderApp('/shadow-teachers');
    const dialog = await openBookingDialog(user, 'Mei Lin Chen');
    await pickOption(user, await dialog.findByRole('combobox', { name: 'Child' }), 'Kofi Osei');
    await user.click(dialog.getByText('Home'));
    const dateButton = dialog.getByRole('button', { name: /^Date/ });
    await waitFor(() => expect(dateButton).toBeEnabled());
    await user.click(dateButton);
    const days = await screen.findAllByRole('button', { name: /^(Tuesday|Thursday), / });
    await user.click(days.find((day) => !(day as HTMLButtonElement).disabled)!);
    await pickOption(user, dialog.getByRole('combobox', { name: 'Start time' }), '12:00 PM');
    await pickOption(user, dialog.getByRole('combobox', { name: 'End time' }), '1:00 PM');
    await user.click(dialog.getByRole('button', { name: 'Request Booking' }));

    expect(await screen.findByText('Booking failed')).toBeInTheDocument();
    expect(
      screen.getByText(
        'You already have 3 booking requests waiting for Mei Lin Chen to confirm, the most you can hold with one teacher. ' +
          'Cancel one in My Bookings, or wait until Mei Lin Chen confirms or declines one (requests not confirmed within 48 hours expire), then book again.',
      ),
    ).toBeInTheDocument();
  });

  it("shows a request the teacher has not confirmed within 48 hours as 'Expired', with no Cancel", async () => {
    await server.advanceClock(49 * 3_600_000);
    const { user } = renderApp('/shadow-teachers');
    await user.click(await screen.findByRole('tab', { name: 'My Bookings' }));
    const table = await screen.findByRole('table', { name: 'My bookings' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(within(row).getByText('Mei Lin Chen')).toBeInTheDocument();
      expect(toneOf(within(row).getByText('Expired'))).toBe('secondary');
      expect(within(row).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    }
    expect(within(table).queryByText('Cancelled')).not.toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: 'Details' }));
    const details = within(await screen.findByRole('dialog', { name: 'Booking details' }));
    expect(toneOf(details.getByText('Expired'))).toBe('secondary');
  });
});

/** The spec's badge tone (success, warning, destructive, secondary, outline) of the badge holding this text. */
const toneOf = (text: HTMLElement) => text.closest('[data-tone]')?.getAttribute('data-tone');

async function teacherId(name: string): Promise<number> {
  const teachers = (await api('GET', '/api/shadow-teachers')).body as unknown as { id: number; name: string }[];
  return teachers.find((teacher) => teacher.name === name)!.id;
}

async function childId(name: string): Promise<number> {
  const children = (await api('GET', '/api/children')).body as unknown as { id: number; name: string }[];
  return children.find((child) => child.name === name)!.id;
}
