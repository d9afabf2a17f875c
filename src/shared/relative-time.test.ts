import { describe, expect, it } from 'vitest';
import { clockTime, timeAgo } from './relative-time';

const now = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('timeAgo', () => {
  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [60_000, '1 minute ago'],
    [5 * 60_000, '5 minutes ago'],
    [59 * 60_000 + 59_000, '59 minutes ago'],
    [60 * 60_000, '1 hour ago'],
    [23 * 3_600_000, '23 hours ago'],
    [24 * 3_600_000, '1 day ago'],
    [3 * 86_400_000, '3 days ago'],
  ])('labels an event %i ms old as %s', (ms, label) => {
    expect(timeAgo(ago(ms), now)).toBe(label);
  });

  it('reads a time slightly in the future as just now', () => {
    expect(timeAgo(new Date(now.getTime() + 5_000), now)).toBe('just now');
  });
});

describe('clockTime', () => {
  it('formats in the given time zone with AM/PM', () => {
    expect(clockTime(new Date('2026-11-21T14:30:00Z'), 'UTC')).toBe('2:30 PM');
    expect(clockTime(new Date('2026-11-21T14:30:00Z'), 'America/New_York')).toBe('9:30 AM');
  });
});
