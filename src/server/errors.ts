import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';

/** The failures a service can report; each maps to one tRPC code and so one HTTP status. */
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

/**
 * The one domain error. `message` is written for the person who sees it; `field` names the
 * input at fault, so a form can point at it.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details: { field?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

export const badInput = (field: string, message: string) => new AppError('BAD_REQUEST', message, { field });
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found.`);
export const notSignedIn = () => new AppError('UNAUTHORIZED', 'Please sign in to continue.');
export const forbidden = (message = 'You do not have permission to do that.') => new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: error.code, message: error.message, cause: error });
}

/** The HTTP status of any error code, from the same table both transports use. */
export function httpStatusOf(code: AppErrorCode | TRPCError['code']): number {
  return getHTTPStatusCodeFromError(new TRPCError({ code }));
}

/**
 * How a plain route or hook answers an AppError: the status from the same table, the body shaped
 * like the REST adapter's, and Retry-After on a 429. The app's error handler calls it, so plain
 * routes just throw.
 */
export function appErrorReply(error: AppError) {
  const httpStatus = httpStatusOf(error.code);
  const { field, retryAfterSeconds } = error.details;
  return {
    status: httpStatus,
    headers: retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {},
    body: { message: error.message, code: error.code, data: { code: error.code, httpStatus, field } },
  };
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';
