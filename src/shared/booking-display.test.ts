import { describe, expect, it } from 'vitest';
import { bookingDateLabel, bookingStatusBadge, bookingStatusTone, clockLabel, initialsOf, paymentStatusTone, teacherStars, timeRangeLabel } from './booking-display';

describe('booking display rules', () => {
  it('shows a 0-50 rating as whole stars out of 5: divided by 10, rounded', () => {
    expect([0, 4, 5, 44, 45, 48, 50].map(teacherStars)).toEqual([0, 0, 1, 4, 5, 5, 5]);
  });

  it('gives the status and payment badges the tones of the spec', () => {
    expect(['confirmed', 'pending', 'cancelled', 'declined'].map(bookingStatusTone)).toEqual(['success', 'warning', 'destructive', 'secondary']);
    expect(['paid', 'unpaid', 'refunded'].map(paymentStatusTone)).toEqual(['success', 'outline', 'outline']);
  });

  it("labels a request that expired unconfirmed 'Expired', and every other status as the spec does", () => {
    expect(bookingStatusBadge('cancelled', 'expired')).toEqual({ label: 'Expired', tone: 'secondary' });
    expect(bookingStatusBadge('cancelled', 'parent')).toEqual({ label: 'Cancelled', tone: 'destructive' });
    expect(bookingStatusBadge('cancelled', 'declined')).toEqual({ label: 'Cancelled', tone: 'destructive' });
    expect(bookingStatusBadge('pending', null)).toEqual({ label: 'Pending', tone: 'warning' });
    expect(bookingStatusBadge('confirmed')).toEqual({ label: 'Confirmed', tone: 'success' });
  });

  it('writes dates out in full, and shows a date that cannot be parsed as it came', () => {
    expect(bookingDateLabel('2026-11-23')).toBe('Monday, November 23rd, 2026');
    expect(bookingDateLabel('2026-02-30')).toBe('2026-02-30');
    expect(bookingDateLabel('next Tuesday')).toBe('next Tuesday');
  });

  it('writes times on the 12-hour clock', () => {
    expect(clockLabel('09:00')).toBe('9:00 AM');
    expect(clockLabel('12:30')).toBe('12:30 PM');
    expect(clockLabel('00:15')).toBe('12:15 AM');
    expect(timeRangeLabel('13:00', '14:30')).toBe('1:00 PM - 2:30 PM');
  });

  it('takes initials from the first two words of a name', () => {
    expect(initialsOf('Mei Lin Chen')).toBe('ML');
    expect(initialsOf('amara')).toBe('A');
  });
});
