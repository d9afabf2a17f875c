import { TRPCClientError } from '@trpc/client';
import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field of a failed client-side parse. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}

/** The server's own words for a failed call; it writes them for people. */
export function messageOf(error: unknown): string {
  if (error instanceof TRPCClientError && error.message) return error.message;
  return 'We could not reach Nestling. Check your connection and try again.';
}

/** The input field the server named as at fault, with its message, when it named one. */
export function serverFieldError(error: unknown): { field: string; message: string } | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data = error.data as { problem?: { errors?: { path: string; message: string }[] } } | undefined;
  const first = data?.problem?.errors?.[0];
  return first && { field: first.path, message: first.message };
}

/** The problem code the server answered with (`two_step_required`, `not_found`...), when it named one. */
export function problemCodeOf(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  return (error.data as { problem?: { code?: string } } | undefined)?.problem?.code;
}
