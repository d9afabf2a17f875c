import { z } from 'zod';
import { PAGING_RULES, idParam } from '../../../shared/schemas/common';
import { endOtherSessionsOutput, endSessionOutput, listSessionsInput, sessionPageOutput } from '../../../shared/schemas/sessions';
import { forbidden } from '../../errors';
import { protectedProcedure, router } from '../../trpc/init';
import type { Context } from '../../trpc/context';
import { SESSION_COOKIE, clearSessionCookie } from './session-cookie';

const BROWSER_ONLY = 'Sign-ins are seen and ended from a signed-in browser, not with an API token.';

/** A leaked API token must not reveal where the family signs in, nor sign them out. */
function browserSession(ctx: Context): string | undefined {
  if (ctx.authMethod !== 'session') throw forbidden(BROWSER_ONLY);
  return ctx.request?.cookies[SESSION_COOKIE];
}

export const sessionsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/sessions',
        tags: ['auth'],
        summary: 'Where you are signed in',
        description: `Your own browser sessions that still sign in: the device (read from its browser's User-Agent), the address it signed in from, when it began and when it was last used (to the minute), and which one made this request (current). Ordered by createdAt then id, newest first. Needs a browser session (403 with an API token). ${PAGING_RULES}`,
        errorResponses: { 403: 'Called with an API token rather than a browser session' },
      },
    })
    .input(listSessionsInput)
    .output(sessionPageOutput)
    .query(({ ctx, input }) => ctx.services.sessions.list(ctx.user.id, browserSession(ctx), input)),

  end: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/auth/sessions/{id}',
        tags: ['auth'],
        summary: 'Sign out one device',
        description:
          "Ends one of your sessions at once, on every server; a page open there is signed out. Ending the current session signs this browser out and clears its cookie (wasCurrent: true). Another account's session id answers 404. Needs a browser session (403 with an API token).",
        errorResponses: { 403: 'Called with an API token rather than a browser session', 404: 'Not one of your sessions' },
      },
    })
    .input(idParam)
    .output(endSessionOutput)
    .mutation(async ({ ctx, input }) => {
      const result = await ctx.services.sessions.end(ctx.user.id, input.id, browserSession(ctx));
      if (result.wasCurrent) clearSessionCookie(ctx.reply, ctx.config);
      return result;
    }),

  endOthers: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/sessions/sign-out-others',
        tags: ['auth'],
        summary: 'Sign out everywhere else',
        description: 'Ends every one of your sessions except the one that makes this request, at once on every server, and answers how many were ended. API tokens are not affected. Needs a browser session (403 with an API token).',
        errorResponses: { 403: 'Called with an API token rather than a browser session' },
      },
    })
    .input(z.strictObject({}).optional())
    .output(endOtherSessionsOutput)
    .mutation(({ ctx }) => ctx.services.sessions.endOthers(ctx.user.id, browserSession(ctx))),
});
