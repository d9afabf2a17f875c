import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine, utcStamp, zonedTimeToUtc } from './shadow-bookings.ics';

describe('escapeText', () => {
  it('escapes backslashes, semicolons, commas and newlines', () => {
    expect(escapeText('a\\b; c, d\ne\r\nf')).toBe('a\\\\b\\; c\\, d\\ne\\nf');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets alone', () => {
    const line = 'x'.repeat(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds longer lines so no physical line exceeds 75 octets, never splitting a character', () => {
    const line = `SUMMARY:${'Zoë 🦊 '.repeat(40)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const [index, part] of physical.entries()) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(' ')).toBe(true);
      expect(part).not.toContain('\uFFFD');
    }
    expect(physical.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
  });
});

describe('zonedTimeToUtc', () => {
  it.each([
    ['2026-11-23', '09:00', 'UTC', '2026-11-23T09:00:00.000Z'],
    ['2026-11-23', '09:00', 'America/New_York', '2026-11-23T14:00:00.000Z'],
    ['2026-07-06', '09:00', 'America/New_York', '2026-07-06T13:00:00.000Z'],
    ['2026-11-23', '09:30', 'Asia/Kolkata', '2026-11-23T04:00:00.000Z'],
    // The first weekday after Europe's clocks go back.
    ['2026-10-26', '09:00', 'Europe/London', '2026-10-26T09:00:00.000Z'],
    ['2026-10-23', '09:00', 'Europe/London', '2026-10-23T08:00:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, instant) => {
    expect(zonedTimeToUtc(date, time, zone).toISOString()).toBe(instant);
  });
});

describe('buildCalendar', () => {
  it('writes CRLF lines, UTC times and only the properties it has', () => {
    const calendar = buildCalendar(
      [
        {
          uid: 'b-1@nestling.test',
          start: new Date('2026-11-23T09:00:00Z'),
          end: new Date('2026-11-23T11:00:00Z'),
          summary: 'Session',
          location: null,
          description: 'Line one\nLine two',
          status: 'TENTATIVE',
        },
      ],
      { name: 'Nestling bookings', now: new Date('2026-11-21T10:00:00.123Z') },
    );
    expect(calendar.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(calendar.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = calendar.split('\r\n');
    expect(lines).toContain('DTSTAMP:20261121T100000Z');
    expect(lines).toContain('DTSTART:20261123T090000Z');
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two');
    expect(lines.some((line) => line.startsWith('LOCATION'))).toBe(false);
    expect(utcStamp(new Date('2026-01-02T03:04:05Z'))).toBe('20260102T030405Z');
  });
});
