// The parts of the /ws protocol (see realtime.ts) that need no schema library, so the web
// client's first load can use them without bundling Zod.

export const REALTIME_PATH = '/ws';

/** A join with lastEventId replays what was missed within this much time. */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Client messages larger than this close the socket with 1009. */
export const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/** A connection's typing signals are passed on at most this often. */
export const TYPING_EVERY_MS = 2_000;

export const closeCodes = {
  /** The server is shutting down; reconnect. */
  goingAway: 1001,
  /** Too many connections from one user or address. */
  policyViolation: 1008,
  messageTooBig: 1009,
  notSignedIn: 4401,
  notAllowed: 4403,
} as const;
