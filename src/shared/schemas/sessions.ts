import { z } from 'zod';
import { pageInput, pageOutput } from './common';

export const deviceKinds = ['desktop', 'mobile', 'tablet', 'tv', 'unknown'] as const;

/** A device as its browser's User-Agent describes it; every part may be unknown. */
export const deviceOutput = z.object({
  /** Such as 'Chrome on macOS' or 'Safari on iPhone'; 'Unknown device' when the browser did not say. */
  description: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  kind: z.enum(deviceKinds),
});
export type DeviceDto = z.infer<typeof deviceOutput>;

/** One place where the account is signed in: a browser session. */
export const sessionOutput = z.object({
  id: z.number().int(),
  device: deviceOutput,
  /** The address the session was started from. */
  ip: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** When it was last used, to the minute. */
  lastActiveAt: z.iso.datetime(),
  /** True for the session that made this request: signing it out signs this browser out. */
  current: z.boolean(),
});
export type SessionDto = z.infer<typeof sessionOutput>;

export const listSessionsInput = pageInput;
/** Newest first. */
export const sessionPageOutput = pageOutput(sessionOutput);

export const endSessionOutput = z.object({
  ended: z.literal(true),
  /** True when it was the session that made this request, whose cookie is now cleared. */
  wasCurrent: z.boolean(),
});

export const endOtherSessionsOutput = z.object({
  /** How many sessions were ended. */
  ended: z.number().int(),
});
