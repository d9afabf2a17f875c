import { describe, expect, it } from 'vitest';
import { sessionPrice } from '../../../shared/booking-rules';
import {
  bookingPayload,
  bookingTotal,
  emptyBookingForm,
  endTimeOptions,
  invalidFields,
  isSelectableDate,
  startTimeOptions,
  type BookingFormValues,
  type OpenDate,
} from './booking-form';

// Saturday 21 November 2026; the window runs from Sunday the 22nd to Monday 21 December.
const TODAY = '2026-11-21';
const weekdaysOnly = [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], timeSlots: ['09:00', '10:00', '11:00'] }];
const monday: OpenDate = {
  date: '2026-11-23',
  weekday: 'Monday',
  slots: [
    { startTime: '09:00', endTimes: ['10:00'] },
    { startTime: '11:00', endTimes: ['12:00'] },
  ],
};

const filled: BookingFormValues = {
  childId: '7',
  sessionType: 'nursery',
  nurseryId: '3',
  location: '',
  date: '2026-11-23',
  startTime: '09:00',
  endTime: '10:30',
  notes: '',
};

describe('which days can be picked', () => {
  it('allows only days 1 to 30 ahead', () => {
    expect(isSelectableDate('2026-11-21', TODAY, weekdaysOnly)).toBe(false);
    expect(isSelectableDate('2026-11-23', TODAY, weekdaysOnly)).toBe(true);
    expect(isSelectableDate('2026-12-21', TODAY, weekdaysOnly)).toBe(true);
    expect(isSelectableDate('2026-12-22', TODAY, weekdaysOnly)).toBe(false);
    expect(isSelectableDate('2026-11-20', TODAY, weekdaysOnly)).toBe(false);
  });

  it("allows only the teacher's weekdays", () => {
    expect(isSelectableDate('2026-11-22', TODAY, weekdaysOnly)).toBe(false); // Sunday
    expect(isSelectableDate('2026-11-28', TODAY, weekdaysOnly)).toBe(false); // Saturday
    expect(isSelectableDate('2026-11-27', TODAY, weekdaysOnly)).toBe(true); // Friday
  });

  it('leaves out days the server says are fully booked', () => {
    const open = new Set(['2026-11-23']);
    expect(isSelectableDate('2026-11-23', TODAY, weekdaysOnly, open)).toBe(true);
    expect(isSelectableDate('2026-11-24', TODAY, weekdaysOnly, open)).toBe(false);
  });
});

describe('times', () => {
  it("offers the teacher's slots for that weekday that are still open, and nothing before a date is chosen", () => {
    expect(startTimeOptions(weekdaysOnly, undefined)).toEqual([]);
    expect(startTimeOptions(weekdaysOnly, monday)).toEqual(['09:00', '11:00']);
  });

  it('offers only end times later than the start, and none before a start is chosen', () => {
    expect(endTimeOptions(monday, null)).toEqual([]);
    const withEarlier: OpenDate = { ...monday, slots: [{ startTime: '10:30', endTimes: ['10:00', '10:30', '10:45', '11:00'] }] };
    expect(endTimeOptions(withEarlier, '10:30')).toEqual(['10:45', '11:00']);
  });

  it('totals the hourly rate times the hours, rounded to the cent, as the server does', () => {
    expect(bookingTotal(4800, '09:00', null)).toBe(0);
    expect(bookingTotal(4800, '09:00', '11:00')).toBe(9600);
    expect(bookingTotal(3333, '09:00', '09:45')).toBe(sessionPrice(3333, '09:00', '09:45'));
    expect(bookingTotal(3333, '09:00', '09:45')).toBe(2500);
  });
});

describe('validation', () => {
  it('requires child, date and both times, and a nursery for a nursery session', () => {
    expect([...invalidFields(emptyBookingForm)].sort()).toEqual(['childId', 'date', 'endTime', 'nurseryId', 'startTime']);
    expect(invalidFields(filled).size).toBe(0);
  });

  it('needs no nursery for home or rehabilitation sessions, and the location is optional', () => {
    expect(invalidFields({ ...filled, sessionType: 'home', nurseryId: null }).size).toBe(0);
    expect(invalidFields({ ...filled, sessionType: 'rehabilitation', nurseryId: null, location: '' }).size).toBe(0);
  });

  it('refuses an end time that is not later than the start, by hour then minute', () => {
    expect(invalidFields({ ...filled, endTime: '09:00' })).toEqual(new Set(['endTime']));
    expect(invalidFields({ ...filled, startTime: '10:30', endTime: '10:15' })).toEqual(new Set(['endTime']));
    expect(invalidFields({ ...filled, startTime: '09:45', endTime: '10:15' }).size).toBe(0);
  });
});

describe('the payload', () => {
  it('is exactly the fields of spec section 7 for a nursery session', () => {
    expect(bookingPayload(filled, { id: 4, hourlyRate: 4800 })).toStrictEqual({
      teacherId: 4,
      childId: 7,
      sessionType: 'nursery',
      nurseryId: 3,
      location: null,
      startDate: '2026-11-23',
      endDate: '2026-11-23',
      startTime: '09:00',
      endTime: '10:30',
      status: 'pending',
      notes: '',
      totalPrice: 7200,
      paymentStatus: 'unpaid',
    });
  });

  it('sends the location and no nursery for a home session, even if a nursery was picked before switching', () => {
    const payload = bookingPayload({ ...filled, sessionType: 'home', location: ' 12 Elm Road ', notes: 'Bring the visual timetable.' }, { id: 4, hourlyRate: 4800 });
    expect(payload).toMatchObject({ sessionType: 'home', nurseryId: null, location: '12 Elm Road', notes: 'Bring the visual timetable.' });
    expect(bookingPayload({ ...filled, sessionType: 'rehabilitation', location: '  ' }, { id: 4, hourlyRate: 4800 }).location).toBeNull();
  });
});
