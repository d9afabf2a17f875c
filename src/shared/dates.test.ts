import { describe, expect, it } from 'vitest';
import { ageLabel, localDate, monthsBetween } from './dates';

describe('localDate', () => {
  it('gives the calendar day in the named time zone', () => {
    const lateEvening = new Date('2026-11-22T03:30:00Z');
    expect(localDate(lateEvening, 'UTC')).toBe('2026-11-22');
    expect(localDate(lateEvening, 'America/New_York')).toBe('2026-11-21');
  });
});

describe('monthsBetween', () => {
  it('counts a month only once its day is reached', () => {
    expect(monthsBetween('2024-05-20', '2026-11-19')).toBe(29);
    expect(monthsBetween('2024-05-20', '2026-11-20')).toBe(30);
  });
});

describe('ageLabel', () => {
  it.each([
    ['2026-11-01', '2026-11-21', '0 months'],
    ['2026-10-21', '2026-11-21', '1 month'],
    ['2025-05-21', '2026-11-21', '18 months'],
    ['2024-11-21', '2026-11-21', '2 years'],
    ['2022-11-22', '2026-11-21', '3 years'],
  ])('born %s, on %s, is %s', (born, today, label) => {
    expect(ageLabel(born, today)).toBe(label);
  });
});
