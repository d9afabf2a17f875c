import { TRPCError } from '@trpc/server';

/**
 * The closed list of problems an answer can report (RFC 9457). Each has one HTTP status, a title
 * that never varies, and a description for the API documentation; the `detail` of an answer says
 * what went wrong this time, in words a person can act on. Adding a code is a change to the API
 * (see the README's versioning policy): clients switch on these.
 */
export const PROBLEMS = {
  validation_failed: { status: 400, title: 'Invalid input', description: 'A field is missing, unknown or out of range; `errors` names each one.' },
  invalid_json: { status: 400, title: 'Invalid JSON', description: 'The body is not valid JSON, is empty, or nests deeper than 32 levels.' },
  price_mismatch: { status: 400, title: 'Price mismatch', description: "`totalPrice` differs from the price the server computes from the teacher's hourly rate and the session's hours." },
  bad_request: { status: 400, title: 'Bad request', description: 'The request itself could not be read: a malformed address, Content-Length or header.' },
  unauthenticated: { status: 401, title: 'Sign-in required', description: 'No valid session cookie or API token came with the request.' },
  invalid_credentials: { status: 401, title: 'Sign-in failed', description: 'The email or password, the two-step code, or the passkey is wrong.' },
  two_step_required: { status: 401, title: 'Two-step code needed', description: 'The password was right, and the account has two-step sign-in on: send a code to POST /api/auth/two-step/sign-in with the cookie this answer set.' },
  forbidden: { status: 403, title: 'Forbidden', description: 'Signed in, but this account may not do that.' },
  forbidden_origin: { status: 403, title: 'Forbidden origin', description: 'A cookie-authenticated request came from another website.' },
  guardian_only: { status: 403, title: 'Guardians only', description: "A carer follows the family's children but cannot book, invite, add children or manage tokens; a guardian of the family can." },
  insufficient_scope: { status: 403, title: 'Insufficient scope', description: 'The API token lacks the scope this operation needs.' },
  not_found: { status: 404, title: 'Not found', description: 'Nothing is there, or it belongs to someone else.' },
  method_not_allowed: { status: 405, title: 'Method not allowed', description: 'The path exists but not with this method; `Allow` lists the methods it takes.' },
  request_timeout: { status: 408, title: 'Request timeout', description: 'The request took too long to arrive.' },
  email_taken: { status: 409, title: 'Email already registered', description: 'An account with this email already exists.' },
  email_unavailable: { status: 409, title: 'Email unavailable', description: 'This server sends no email, so a password-reset link cannot be emailed: a family guardian or the nursery can give one.' },
  two_step_already_on: { status: 409, title: 'Two-step sign-in already on', description: 'Two-step sign-in is already on for this account; turn it off first to set it up again.' },
  last_sign_in_method: { status: 409, title: 'Last way to sign in', description: 'This passkey is the only way left to sign in to the account (it has no password), so it cannot be removed.' },
  last_guardian: { status: 409, title: 'Last guardian', description: 'A family always keeps at least one guardian: make another adult a guardian first.' },
  family_not_empty: { status: 409, title: 'Family not empty', description: 'The only adult of a family with children or bookings cannot leave it: invite another guardian first.' },
  slot_unavailable: { status: 409, title: 'Time unavailable', description: 'The teacher or the child already has a session at that time.' },
  booking_limit_reached: { status: 409, title: 'Booking limit reached', description: 'Too many requests are waiting for teachers to confirm (3 per teacher, 10 in all).' },
  booking_not_cancellable: { status: 409, title: 'Status change not allowed', description: 'The booking is no longer in a status that allows this change.' },
  webhook_disabled: { status: 409, title: 'Webhook disabled', description: 'The webhook was turned off after 3 days of failed deliveries: turn it back on (POST /api/webhooks/{id}/enable) before resending.' },
  idempotency_key_in_use: { status: 409, title: 'Idempotency key in use', description: 'A request with this Idempotency-Key is still being processed; retry once it has finished.' },
  payload_too_large: { status: 413, title: 'Payload too large', description: 'The body is over the limit: 1 MB for JSON, 5 MB for an image.' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type', description: 'JSON bodies need Content-Type: application/json; images must be JPEG, PNG, WebP or GIF.' },
  idempotency_key_reused: { status: 422, title: 'Idempotency key reused', description: 'This Idempotency-Key was used within 24 hours for a request with a different body.' },
  rate_limited: { status: 429, title: 'Too many requests', description: 'Slow down; `Retry-After` says when to try again.' },
  quota_exceeded: { status: 429, title: 'Quota exceeded', description: 'A daily allowance is used up (50 image uploads a day); `Retry-After` says when it resets.' },
  headers_too_large: { status: 431, title: 'Headers too large', description: "The request's headers are too large." },
  internal_error: { status: 500, title: 'Internal error', description: 'Something failed on our side; `requestId` identifies it in our logs.' },
  server_busy: { status: 503, title: 'Server busy', description: 'The server is at capacity for this kind of work; `Retry-After` says when to try again.' },
  service_unavailable: { status: 503, title: 'Service unavailable', description: 'The service is starting or its database is unreachable.' },
} as const satisfies Record<string, { status: number; title: string; description: string }>;

export type ProblemCode = keyof typeof PROBLEMS;
export const PROBLEM_CODES = Object.keys(PROBLEMS) as ProblemCode[];

/** One input at fault: `path` is dotted (`history.0.role`), `code` says how it failed (Zod's issue codes, or `invalid`). */
export interface FieldError {
  path: string;
  message: string;
  code: string;
}

/** An error answer's body, served as application/problem+json. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  errors?: FieldError[];
  requestId?: string;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** A problem's `type`: a relative URI that answers with the problem's documentation. */
export const problemType = (code: ProblemCode) => `/api/problems/${code}`;

export function problem(code: ProblemCode, detail: string, extra: { errors?: FieldError[]; requestId?: string } = {}): Problem {
  const { status, title } = PROBLEMS[code];
  return { type: problemType(code), title, status, detail, code, ...extra };
}

/**
 * The one domain error. `message` is written for the person who sees it; `field` names the
 * input at fault, so a form can point at it; `allow` lists the methods a path takes (405).
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: ProblemCode,
    message: string,
    readonly details: { field?: string; retryAfterSeconds?: number; allow?: string[] } = {},
  ) {
    super(message);
  }

  get status(): number {
    return PROBLEMS[this.code].status;
  }

  toProblem(): Problem {
    const { field } = this.details;
    return problem(this.code, this.message, field ? { errors: [{ path: field, message: this.message, code: 'invalid' }] } : {});
  }
}

export const badInput = (field: string, message: string, code: ProblemCode = 'validation_failed') => new AppError(code, message, { field });
export const notFound = (what: string) => new AppError('not_found', `${what} was not found.`);
export const notSignedIn = () => new AppError('unauthenticated', 'Please sign in to continue.');
export const forbidden = (message = 'You do not have permission to do that.') => new AppError('forbidden', message);

const TRPC_CODE_OF_STATUS: Record<number, TRPCError['code']> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** The tRPC error that carries an AppError: its tRPC code gives /trpc the same HTTP status. */
export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: TRPC_CODE_OF_STATUS[error.status] ?? 'INTERNAL_SERVER_ERROR', message: error.message, cause: error });
}

/** The problem a tRPC error raised by tRPC itself (not by our code) stands for. */
export function problemCodeOfTRPC(code: TRPCError['code']): ProblemCode {
  switch (code) {
    case 'PARSE_ERROR':
      return 'invalid_json';
    case 'BAD_REQUEST':
      return 'validation_failed';
    case 'UNAUTHORIZED':
      return 'unauthenticated';
    case 'FORBIDDEN':
      return 'forbidden';
    case 'NOT_FOUND':
      return 'not_found';
    case 'METHOD_NOT_SUPPORTED':
      return 'method_not_allowed';
    case 'TIMEOUT':
      return 'request_timeout';
    case 'PAYLOAD_TOO_LARGE':
      return 'payload_too_large';
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 'unsupported_media_type';
    case 'TOO_MANY_REQUESTS':
      return 'rate_limited';
    case 'SERVICE_UNAVAILABLE':
      return 'service_unavailable';
    default:
      return 'internal_error';
  }
}

/**
 * How a plain route or hook answers an AppError: the problem body, its status, Retry-After on a
 * 429 or 503 and Allow on a 405. The app's error handler calls it, so plain routes just throw.
 */
export function appErrorReply(error: AppError) {
  const { retryAfterSeconds, allow } = error.details;
  const headers: Record<string, string> = {};
  if (retryAfterSeconds) headers['Retry-After'] = String(retryAfterSeconds);
  if (allow) headers.Allow = allow.join(', ');
  return { status: error.status, headers, body: error.toProblem() };
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';
