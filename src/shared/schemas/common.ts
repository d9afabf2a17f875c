import { z } from 'zod';

// Building blocks every contract uses for text, ids, numbers and dates, so that each rule is
// written once and holds the same on /trpc and /api.

// ---- Text -------------------------------------------------------------------------------

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * PostgreSQL cannot store NUL in text (it answered a NUL anywhere with an error), and half of a
 * surrogate pair is not a character at all (it would be stored as U+FFFD, changing the text).
 */
const isStorableText = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

const UNSTORABLE_TEXT_MESSAGE = 'This text contains a character that cannot be stored (NUL, or half of an emoji or other pair).';

/**
 * Every text field of every input starts here: a string without characters that cannot be
 * stored. Chain .trim(), .min(), .max() and .regex() on it as on z.string().
 */
export const text = (message?: string) => z.string(message).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

// ---- Numbers from text ------------------------------------------------------------------

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A path or query string gives numbers as text; only decimal text (as JSON writes numbers) is read as one. */
const numberFromText = (value: unknown) => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value);

/**
 * A number from a REST path or query string, where it is text, or from tRPC, where it is a
 * number. Unlike z.coerce.number(), true, null, [] and '' are refused rather than read as 1 or 0.
 * Give a default inside (`queryNumber(z.number().default(20))`), where the document shows it.
 */
export const queryNumber = <T extends z.ZodType<number | undefined>>(schema: T) => z.preprocess(numberFromText, schema);

/**
 * A boolean from tRPC, or from a REST query string where only 'true' and 'false' mean anything.
 * (Plain z.coerce.boolean() would read 'false' as true.)
 */
export const queryBoolean = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean('Use true or false.'),
);

// ---- Ids --------------------------------------------------------------------------------

/** Ids are PostgreSQL integers: positive, at most this. */
export const MAX_ID = 2_147_483_647;

/**
 * The one rule for ids, in a JSON body (`id('child id')`: a number, never text or true). A
 * bigger id can name no row: it is refused here rather than failing in the database.
 */
export const id = (what?: string) =>
  z
    .number(what ? `Give the ${what} as a number.` : 'Ids are whole numbers.')
    .int(what ? `A ${what} is a whole number.` : 'Ids are whole numbers.')
    .positive(what ? `A ${what} is a positive number.` : 'Ids are positive whole numbers.')
    .max(MAX_ID, what ? `A ${what} is at most ${MAX_ID}.` : `Ids are at most ${MAX_ID}.`);

/** An id from a path or query string (so given as text), such as /shadow-bookings/{id}. */
export const pathId = queryNumber(id());

export const idParam = z.strictObject({ id: pathId });

// ---- Dates ------------------------------------------------------------------------------

/** No date an input names lies outside these: not a birth, an activity nor a booking. */
const EARLIEST_DATE = '1900-01-01';
const LATEST_DATE = '2099-12-31';
const DATES_IN_BOUNDS = `Dates lie between ${EARLIEST_DATE} and ${LATEST_DATE}.`;
const EARLIEST_TIME = Date.parse(`${EARLIEST_DATE}T00:00:00Z`);
const LATEST_TIME = Date.parse(`${LATEST_DATE}T23:59:59.999Z`);

/** A calendar date, yyyy-MM-dd, within sensible bounds. */
export const isoDate = (message: string) => z.iso.date(message).refine((date) => date >= EARLIEST_DATE && date <= LATEST_DATE, DATES_IN_BOUNDS);

/** A date and time with a UTC offset (ISO 8601), within sensible bounds. */
export const isoDateTime = (message: string) =>
  z.iso.datetime({ offset: true, message }).refine((value) => {
    const time = Date.parse(value);
    return time >= EARLIEST_TIME && time <= LATEST_TIME;
  }, DATES_IN_BOUNDS);

// ---- Pages ------------------------------------------------------------------------------

/** Every paged list answers this many items unless asked for fewer or more, up to PAGE_LIMIT_MAX. */
export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;
export const BAD_CURSOR_MESSAGE = 'That page cursor is not valid for this list; start again from the first page, without cursor.';

/** The paging rules, as every paged operation's description states them. */
export const PAGING_RULES =
  `Paged: \`limit\` items a page (default ${PAGE_LIMIT_DEFAULT}, at most ${PAGE_LIMIT_MAX}); pass a page's \`nextCursor\` as \`cursor\` ` +
  'to get the next page, until nextCursor is null. Cursors are opaque: a malformed one, or one from another list, gives 400 naming cursor. ' +
  'Rows added while you page never repeat or shift the pages still to come.';

export const pageLimit = queryNumber(
  z
    .number('limit is a whole number.')
    .int('limit is a whole number.')
    .min(1, 'limit is at least 1.')
    .max(PAGE_LIMIT_MAX, `limit is at most ${PAGE_LIMIT_MAX}.`)
    .default(PAGE_LIMIT_DEFAULT),
);

/** An opaque position in one list, as answered in nextCursor; only the server reads it. */
export const pageCursor = text(BAD_CURSOR_MESSAGE).min(1, BAD_CURSOR_MESSAGE).max(500, BAD_CURSOR_MESSAGE);

/** The one paging input: `limit`, and the `cursor` of the page before (none for the first). */
export const pageInput = z.strictObject({
  limit: pageLimit,
  cursor: pageCursor.optional(),
  // tRPC's infinite queries send which way they page; lists page forward only, so it is read and ignored.
  direction: z.enum(['forward', 'backward'], "direction is 'forward' or 'backward'.").optional(),
});
export type PageInput = z.output<typeof pageInput>;

/** The one paged answer: this page's items in the list's order, and the cursor of the next page (null on the last). */
export const pageOutput = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    /** Pass as cursor to get the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  });
export interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
}

// ---- Money ------------------------------------------------------------------------------

/** Every amount is whole cents of this currency; answers carry it beside each amount for machines. */
export const CURRENCY = 'USD';

/** The ISO 4217 currency of the amounts in cents beside it: always USD. */
export const currencyOutput = z.literal(CURRENCY);
