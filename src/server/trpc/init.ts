import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError } from 'zod';
import { AppError, INTERNAL_ERROR_MESSAGE, notSignedIn, toTRPCError } from '../errors';
import type { Context } from './context';

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    // Stack traces must never reach a client, whatever NODE_ENV says.
    isDev: false,
    errorFormatter({ shape, error, ctx }) {
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      const appError = error.cause instanceof AppError ? error.cause : undefined;
      const zodError = error.cause instanceof ZodError ? error.cause : undefined;
      return {
        ...shape,
        message: internal ? INTERNAL_ERROR_MESSAGE : zodError ? describeIssues(zodError) : shape.message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          field: appError?.details.field ?? (zodError?.issues[0]?.path.join('.') || undefined),
          fieldErrors: zodError ? fieldErrors(zodError) : undefined,
          requestId: internal ? ctx?.requestId : undefined,
        },
      };
    },
  });

function fieldErrors(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '(body)';
    out[key] ??= issue.message;
  }
  return out;
}

/** One readable sentence naming each field at fault. */
export function describeIssues(error: ZodError): string {
  const parts = Object.entries(fieldErrors(error)).map(([field, message]) => `${field}: ${message}`);
  return `Please check your input. ${parts.join('; ')}`;
}

/**
 * Domain errors thrown anywhere below become the matching tRPC error, once, here; a 429 or 503
 * that says when to come back gets its Retry-After here too, on /trpc and /api alike (both
 * adapters hand the Fastify reply to the context).
 */
const mapDomainErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) {
    const { retryAfterSeconds } = result.error.cause.details;
    if (retryAfterSeconds) ctx.reply?.header('Retry-After', String(retryAfterSeconds));
    throw toTRPCError(result.error.cause);
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(mapDomainErrors);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw toTRPCError(notSignedIn());
  return next({ ctx: { ...ctx, user: ctx.user } });
});
