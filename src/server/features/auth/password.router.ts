import { z } from 'zod';
import {
  changePasswordInput,
  changePasswordOutput,
  completePasswordResetInput,
  completePasswordResetOutput,
  passwordResetOptionsOutput,
  passwordResetOutput,
  requestPasswordResetInput,
  requestPasswordResetOutput,
  resetSecretParam,
} from '../../../shared/schemas/passwords';
import { forbidden } from '../../errors';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';

const LINK_404 = 'The link has expired (after an hour), has been used, or never existed';

export const passwordRouter = router({
  change: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/users/me/password',
        tags: ['users'],
        summary: 'Change your password',
        description:
          'Takes your current password and a new one, which follows the sign-up rules (10 or more characters, not easy to guess; the detail says why). Your other sessions stay signed in: end them with POST /auth/sessions/sign-out-others. A wrong current password answers 400 naming currentPassword; attempts are limited to 10 in 15 minutes. Needs a browser session (403 with an API token).',
        errorResponses: { 403: 'Called with an API token rather than a browser session', 429: 'Too many attempts at the current password', 503: 'Password checks are busy; Retry-After says when to try again' },
      },
    })
    .input(changePasswordInput)
    .output(changePasswordOutput)
    .mutation(({ ctx, input }) => {
      // A leaked API token must not be able to take over the account, even with the password.
      if (ctx.authMethod !== 'session') throw forbidden('Change your password from a signed-in browser session.');
      return ctx.services.passwords.changePassword(ctx.user.id, input);
    }),

  options: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/password-reset-options',
        tags: ['auth'],
        protect: false,
        summary: 'How a forgotten password can be reset here',
        description: 'byEmail is true when this server sends email (SMTP is set up), so POST /auth/password-resets can email a link. When false, a family guardian or the nursery gives the person a reset link instead.',
      },
    })
    .input(z.strictObject({}).optional())
    .output(passwordResetOptionsOutput)
    .query(({ ctx }) => ctx.services.passwords.options()),

  request: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/password-resets',
        tags: ['auth'],
        protect: false,
        summary: 'Email a password reset link',
        description:
          'When an account has this email, emails it a link to choose a new password, which works once, for an hour. The answer is 202 either way, so it never tells whether an account exists. Limited to 3 requests an hour per email and 10 per address (429 with Retry-After). A server without email (GET /auth/password-reset-options says byEmail: false) answers 409 email_unavailable: a family guardian or the nursery can give a link instead.',
        successDescription: 'Accepted: if an account has this email, a link is on its way.',
        errorResponses: { 409: 'This server sends no email (email_unavailable)', 429: 'Too many requests for this email or from this address' },
      },
      successStatus: 202,
    })
    .input(requestPasswordResetInput)
    .output(requestPasswordResetOutput)
    .mutation(({ ctx, input }) => ctx.services.passwords.requestReset(input.email, { ip: ctx.ip })),

  describe: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/password-resets/{secret}',
        tags: ['auth'],
        protect: false,
        summary: 'Check a password reset link',
        description: 'The email of the account a reset link is for, and when the link stops working, so the page can say so before a new password is typed. The secret is the last part of the link.',
        errorResponses: { 404: LINK_404 },
      },
    })
    .input(resetSecretParam)
    .output(passwordResetOutput)
    .query(({ ctx, input }) => ctx.services.passwords.describeReset(input.secret)),

  complete: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/password-resets/{secret}',
        tags: ['auth'],
        protect: false,
        summary: 'Choose a new password with a reset link',
        description:
          'Sets the new password (the sign-up rules apply; the detail says why one is refused), spends the link and any other reset link of the account, and signs the account out everywhere: sign in again with the new password. A link works once: a second use answers 404.',
        errorResponses: { 404: LINK_404, 503: 'Password checks are busy; Retry-After says when to try again' },
      },
    })
    .input(completePasswordResetInput)
    .output(completePasswordResetOutput)
    .mutation(({ ctx, input }) => ctx.services.passwords.completeReset(input.secret, input.password)),
});
