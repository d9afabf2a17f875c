import { TRPCClientError } from '@trpc/client';

/** The input field the server named as at fault, with its message, when it named one. */
export function serverFieldError(error: unknown): { field: string; message: string } | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data = error.data as { field?: string; fieldErrors?: Record<string, string> } | undefined;
  if (!data?.field) return undefined;
  return { field: data.field, message: data.fieldErrors?.[data.field] ?? error.message };
}
