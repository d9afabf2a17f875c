import { z } from 'zod';

/**
 * A boolean from tRPC, or from a REST query string where only 'true' and 'false' mean anything.
 * (Plain z.coerce.boolean() would read 'false' as true.)
 */
export const queryBoolean = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean('Use true or false.'),
);

/** Ids are PostgreSQL integers: positive, at most this. */
export const MAX_ID = 2_147_483_647;

/** An id from a path or query string (so given as text), such as /shadow-bookings/{id}. */
export const pathId = z.coerce
  .number('Ids are whole numbers.')
  .int('Ids are whole numbers.')
  .positive('Ids are positive whole numbers.')
  .max(MAX_ID, `Ids are at most ${MAX_ID}.`);

export const idParam = z.object({ id: pathId });
