import { describe, expect, it } from 'vitest';
import {
  PRICE_CHANGED_MESSAGE,
  addDays,
  bookingWindow,
  checkBookingRules,
  hoursEndAfter,
  isInBookingWindow,
  isLaterTime,
  openSlotsOn,
  sessionPrice,
  startTimesOn,
  weekdayOf,
  workingHoursOn,
  type BookingRequest,
} from './booking-rules';

const weekdaysNineToTwo = [{ days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], timeSlots: ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00'] }];
const teacher = { name: 'Amara Okafor', hourlyRate: 4800, availability: weekdaysNineToTwo };
const today = '2026-11-21'; // a Saturday

describe('isLaterTime', () => {
  it.each([
    ['10:00', '09:59', true],
    ['10:05', '09:50', true],
    ['09:45', '09:30', true],
    ['09:30', '09:30', false],
    ['09:30', '09:45', false],
    ['08:59', '09:00', false],
  ])('%s is later than %s: %s', (end, start, later) => {
    expect(isLaterTime(end, start)).toBe(later);
  });
});

describe('sessionPrice', () => {
  it.each([
    [4800, '09:00', '11:00', 9600],
    [4800, '09:00', '10:30', 7200],
    [3333, '09:00', '09:20', 1111],
    [2500, '09:00', '09:01', 42],
    // Half a cent rounds up.
    [3, '09:00', '09:10', 1],
  ])('%i cents an hour from %s to %s is %i cents', (rate, start, end, price) => {
    expect(sessionPrice(rate, start, end)).toBe(price);
  });
});

describe('calendar dates', () => {
  it('names weekdays', () => {
    expect(weekdayOf('2026-11-22')).toBe('Sunday');
    expect(weekdayOf('2026-11-23')).toBe('Monday');
    expect(weekdayOf('2028-02-29')).toBe('Tuesday');
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('opens bookings from tomorrow up to 30 days ahead', () => {
    expect(bookingWindow(today)).toEqual({ first: '2026-11-22', last: '2026-12-21' });
    expect(isInBookingWindow('2026-11-21', today)).toBe(false);
    expect(isInBookingWindow('2026-11-22', today)).toBe(true);
    expect(isInBookingWindow('2026-12-21', today)).toBe(true);
    expect(isInBookingWindow('2026-12-22', today)).toBe(false);
    expect(isInBookingWindow('2026-11-20', today)).toBe(false);
  });
});

describe("a teacher's hours", () => {
  const split = [
    { days: ['Monday'], timeSlots: ['13:00', '08:00', '09:00'] },
    { days: ['Monday', 'Friday'], timeSlots: ['14:00', '09:00'] },
  ];

  it('lists start times once, earliest first', () => {
    expect(startTimesOn(split, 'Monday')).toEqual(['08:00', '09:00', '13:00', '14:00']);
    expect(startTimesOn(split, 'Tuesday')).toEqual([]);
  });

  it('merges touching slots into blocks and ends one hour after the last slot', () => {
    expect(workingHoursOn(split, 'Monday')).toEqual([
      { start: 8 * 60, end: 10 * 60 },
      { start: 13 * 60, end: 15 * 60 },
    ]);
    expect(hoursEndAfter(split, 'Monday', '08:00')).toBe('10:00');
    expect(hoursEndAfter(split, 'Monday', '13:00')).toBe('15:00');
    expect(hoursEndAfter(split, 'Monday', '11:00')).toBeUndefined();
  });
});

describe('openSlotsOn', () => {
  it('offers every end time up to the end of the hours when nothing is booked', () => {
    const slots = openSlotsOn(weekdaysNineToTwo, 'Monday', []);
    expect(slots.map((s) => s.startTime)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00']);
    expect(slots[0]!.endTimes).toEqual(['10:00', '11:00', '12:00', '13:00', '14:00', '15:00']);
    expect(slots[5]!.endTimes).toEqual(['15:00']);
  });

  it('leaves booked time out and stops end times at the next booking', () => {
    const slots = openSlotsOn(weekdaysNineToTwo, 'Monday', [
      { startTime: '11:00', endTime: '12:30' },
      { startTime: '14:00', endTime: '15:00' },
    ]);
    expect(slots).toEqual([
      { startTime: '09:00', endTimes: ['10:00', '11:00'] },
      { startTime: '10:00', endTimes: ['11:00'] },
      // 12:00 is inside the first booking; 13:00 is free again.
      { startTime: '13:00', endTimes: ['14:00'] },
    ]);
  });

  it('lets a session start when another ends, and offers only end times on the grid, even where an older off-grid booking starts', () => {
    const slots = openSlotsOn(weekdaysNineToTwo, 'Tuesday', [{ startTime: '09:30', endTime: '10:00' }]);
    // 09:00 could only end at 09:30, which is off the grid, so it is not offered at all.
    expect(slots.slice(0, 1)).toEqual([{ startTime: '10:00', endTimes: ['11:00', '12:00', '13:00', '14:00', '15:00'] }]);
    expect(openSlotsOn(weekdaysNineToTwo, 'Tuesday', [{ startTime: '10:30', endTime: '11:00' }])[0]).toEqual({
      startTime: '09:00',
      endTimes: ['10:00'],
    });
  });
});

describe('checkBookingRules', () => {
  const valid: BookingRequest = {
    sessionType: 'nursery',
    nurseryId: 1,
    location: null,
    startDate: '2026-11-23',
    endDate: '2026-11-23',
    startTime: '09:00',
    endTime: '11:00',
    totalPrice: 9600,
  };

  it('accepts a booking that follows every rule', () => {
    expect(checkBookingRules(valid, teacher, today)).toBeNull();
    expect(checkBookingRules({ ...valid, sessionType: 'home', nurseryId: null, location: '12 Elm Road' }, teacher, today)).toBeNull();
    expect(checkBookingRules({ ...valid, sessionType: 'rehabilitation', nurseryId: null }, teacher, today)).toBeNull();
    expect(checkBookingRules({ ...valid, startTime: '14:00', endTime: '15:00', totalPrice: 4800 }, teacher, today)).toBeNull();
    expect(checkBookingRules({ ...valid, startDate: '2026-12-21', endDate: '2026-12-21' }, teacher, today)).toBeNull();
  });

  it.each([
    ['a nursery session without a nursery', { nurseryId: null }, 'nurseryId', 'Choose the nursery where the session will take place.'],
    ['a nursery session with a location', { location: 'Home' }, 'location', 'Leave location empty for a nursery session: the nursery is where it takes place.'],
    ['a home session with a nursery', { sessionType: 'home' as const }, 'nurseryId', 'Only nursery sessions have a nursery; leave nurseryId empty for a home session.'],
    ['an end date on another day', { endDate: '2026-11-24' }, 'endDate', 'A session starts and ends on the same day, so endDate must equal startDate.'],
    [
      'today',
      { startDate: '2026-11-21', endDate: '2026-11-21' },
      'startDate',
      'Choose a date from 2026-11-22 to 2026-12-21: sessions can be booked from tomorrow up to 30 days ahead.',
    ],
    [
      'day 31',
      { startDate: '2026-12-22', endDate: '2026-12-22' },
      'startDate',
      'Choose a date from 2026-11-22 to 2026-12-21: sessions can be booked from tomorrow up to 30 days ahead.',
    ],
    [
      'a day the teacher does not work',
      { startDate: '2026-11-29', endDate: '2026-11-29' },
      'startDate',
      'Amara Okafor is not available on Sundays. Choose a Monday, Tuesday, Wednesday, Thursday or Friday.',
    ],
    [
      'a start time that is not a slot',
      { startTime: '09:30', endTime: '11:00' },
      'startTime',
      'Amara Okafor has no session starting at 09:30 on Mondays. Choose 09:00, 10:00, 11:00, 12:00, 13:00 or 14:00.',
    ],
    ['an end time equal to the start', { endTime: '09:00' }, 'endTime', 'The end time must be later than the start time.'],
    ['an end time before the start', { endTime: '08:59' }, 'endTime', 'The end time must be later than the start time.'],
    [
      'an end time after the hours',
      { startTime: '14:00', endTime: '15:30', totalPrice: 7200 },
      'endTime',
      "Amara Okafor's hours on Mondays end at 15:00, so the session must end by then.",
    ],
    [
      'an end time one minute after the start, off the grid the form offers',
      { endTime: '09:01', totalPrice: 80 },
      'endTime',
      'Choose an end time Amara Okafor offers: a session starting at 09:00 on Mondays ends at 10:00, 11:00, 12:00, 13:00, 14:00 or 15:00.',
    ],
    [
      'an end time between two offered end times',
      { startTime: '13:00', endTime: '14:30', totalPrice: 7200 },
      'endTime',
      'Choose an end time Amara Okafor offers: a session starting at 13:00 on Mondays ends at 14:00 or 15:00.',
    ],
    ['a price the server did not compute', { totalPrice: 9599 }, 'totalPrice', PRICE_CHANGED_MESSAGE],
  ])('refuses %s', (_name, change, field, message) => {
    expect(checkBookingRules({ ...valid, ...change }, teacher, today)).toEqual({ field, message });
  });
});
