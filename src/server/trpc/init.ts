import { initTRPC, type TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError } from 'zod';
import { AppError, INTERNAL_ERROR_MESSAGE, notSignedIn, problem, problemCodeOfTRPC, toTRPCError, type FieldError, type Problem } from '../errors';
import type { Context } from './context';
import { requireTokenScope } from './token-scopes';
import { requireFamilyRole } from './family-roles';

/**
 * A procedure's contract beyond its input and output: its REST operation, and for a create the
 * 201 it answers with and where the new thing can be read (sent as Location); 202 for a request
 * accepted that is carried out after the answer (an email sent).
 */
export type ProcedureMeta = OpenApiMeta<{ successStatus?: 201 | 202; location?: (created: never) => string }>;

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // Stack traces must never reach a client, whatever NODE_ENV says.
    isDev: false,
    errorFormatter({ shape, error, ctx }) {
      return { ...shape, message: messageOf(error), data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, problem: problemOf(error, ctx) } };
    },
  });

/**
 * Every failure as the problem it stands for: a domain error as it was thrown, bad input with
 * each field at fault, anything unexpected masked (with the request id that finds it in the log).
 * The REST adapter sends this object as the body; tRPC clients find it in `error.data.problem`.
 */
function problemOf(error: TRPCError, ctx: Context | undefined): Problem {
  if (error.cause instanceof AppError) return error.cause.toProblem();
  if (error.cause instanceof ZodError) return problem('validation_failed', describeIssues(error.cause), { errors: fieldErrorsOf(error.cause) });
  const code = problemCodeOfTRPC(error.code);
  if (code === 'internal_error') return problem(code, INTERNAL_ERROR_MESSAGE, { requestId: ctx?.requestId });
  return problem(code, error.message);
}

function messageOf(error: TRPCError): string {
  if (error.cause instanceof ZodError) return describeIssues(error.cause);
  return error.code === 'INTERNAL_SERVER_ERROR' ? INTERNAL_ERROR_MESSAGE : error.message;
}

/** The first issue per field, in the order Zod found them. */
function fieldErrorsOf(error: ZodError): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues.flatMap(eachUnknownKey)) {
    const path = issue.path.join('.') || '(body)';
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, message: issue.message, code: issue.code });
  }
  return out;
}

/** Inputs are strict: an unknown field is named as the field at fault, one issue per key. */
function eachUnknownKey(issue: ZodError['issues'][number]): Pick<ZodError['issues'][number], 'path' | 'message' | 'code'>[] {
  if (issue.code !== 'unrecognized_keys') return [issue];
  const ownMessage = !issue.message.startsWith('Unrecognized key');
  return issue.keys.map((key) => ({
    path: [...issue.path, key],
    code: issue.code,
    message: ownMessage ? issue.message : `'${key}' is not a field of this request; remove it (the API reference lists the fields).`,
  }));
}

/** One readable sentence naming each field at fault. */
export function describeIssues(error: ZodError): string {
  const parts = fieldErrorsOf(error).map(({ path, message }) => `${path}: ${message}`);
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

/**
 * Signed in, by a browser session or by an API token holding the scope this procedure needs
 * (token-scopes.ts), and, for a carer, a procedure carers may call (family-roles.ts).
 */
export const protectedProcedure = publicProcedure.use(({ ctx, path, next }) => {
  if (!ctx.user) throw toTRPCError(notSignedIn());
  if (ctx.authMethod === 'token') requireTokenScope(path, ctx.tokenScopes ?? []);
  requireFamilyRole(path, ctx.user);
  return next({ ctx: { ...ctx, user: ctx.user } });
});
