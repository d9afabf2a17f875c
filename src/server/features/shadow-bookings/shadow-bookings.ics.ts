// A minimal iCalendar (RFC 5545) writer for a feed of bookings.

export interface CalendarEvent {
  /** Globally unique and stable across feeds, so a calendar app updates rather than duplicates. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location: string | null;
  description: string;
  status: 'TENTATIVE' | 'CONFIRMED';
}

const MAX_LINE_OCTETS = 75;

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 section 3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Folds a content line so no physical line exceeds 75 octets (RFC 5545 section 3.1): each
 * continuation starts with one space. Splits only between characters, never inside UTF-8.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // Continuation lines spend one octet on their leading space.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A UTC date-time in iCalendar's form, such as 20261123T090000Z. */
export function utcStamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** The instant a wall-clock date and 'HH:mm' time in an IANA time zone denotes. */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wallClock = Date.UTC(year, month - 1, day, hour, minute);
  // Guess with the offset at the wall-clock reading, then correct once: right on both sides
  // of a daylight-saving change.
  const first = wallClock - offsetAt(wallClock, timeZone);
  return new Date(wallClock - offsetAt(first, timeZone));
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - (instant - (instant % 1000));
}

/** A whole VCALENDAR: CRLF line endings, folded lines, times in UTC so no VTIMEZONE is needed. */
export function buildCalendar(events: readonly CalendarEvent[], options: { name: string; now: Date }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Nestling//Shadow teacher bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
  ];
  const stamp = utcStamp(options.now);
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utcStamp(event.start)}`,
      `DTEND:${utcStamp(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
      `DESCRIPTION:${escapeText(event.description)}`,
      `STATUS:${event.status}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
