import { z } from 'zod';
import { userOutput } from '../../../shared/schemas/auth';
import { authenticationOptionsOutput } from '../../../shared/schemas/passkeys';
import {
  confirmTwoStepInput,
  turnOffTwoStepInput,
  twoStepEnabledOutput,
  twoStepEnrolmentOutput,
  twoStepOffOutput,
  twoStepSignInInput,
  twoStepStatusOutput,
} from '../../../shared/schemas/two-step';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';
import { toUserDto } from './auth.service';
import { PENDING_SIGN_IN_COOKIE, SESSION_COOKIE, clearPendingSignInCookie, setSessionCookie } from './session-cookie';

const BROWSER_ONLY = 'Needs a browser session (403 with an API token).';
const TOKEN_403 = 'Called with an API token rather than a browser session';

export const twoStepRouter = router({
  status: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/two-step',
        tags: ['auth'],
        summary: 'Whether two-step sign-in is on',
        description: `Whether a password sign-in asks for a code from an authenticator app, since when, and how many recovery codes are left unused. ${BROWSER_ONLY}`,
        errorResponses: { 403: TOKEN_403 },
      },
    })
    .input(z.strictObject({}).optional())
    .output(twoStepStatusOutput)
    .query(({ ctx }) => ctx.services.twoStep.status(ctx.user.id)),

  startEnrolment: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/two-step/enrolment',
        tags: ['auth'],
        summary: 'Start setting up two-step sign-in',
        description: `A new secret for an authenticator app, as a QR code (an SVG data: URL), an otpauth:// address and base32 text. Two-step is not on until POST /auth/two-step confirms it with a code; starting again replaces a secret not yet confirmed. While two-step is on, answers 409 two_step_already_on. ${BROWSER_ONLY}`,
        errorResponses: { 403: TOKEN_403, 409: 'Two-step sign-in is already on (two_step_already_on)' },
      },
    })
    .input(z.strictObject({}).optional())
    .output(twoStepEnrolmentOutput)
    .mutation(({ ctx }) => ctx.services.twoStep.startEnrolment(ctx.user)),

  confirmEnrolment: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/two-step',
        tags: ['auth'],
        summary: 'Turn on two-step sign-in',
        description: `Takes the code the authenticator app shows for the secret from POST /auth/two-step/enrolment and turns two-step sign-in on. Answers 10 recovery codes, each good for one sign-in instead of a code: this is the only time they are shown. A wrong code answers 400 naming code; 10 codes may be tried in 15 minutes (429). Other sessions stay signed in: end them with POST /auth/sessions/sign-out-others. ${BROWSER_ONLY}`,
        errorResponses: { 403: TOKEN_403, 409: 'Two-step sign-in is already on (two_step_already_on)', 429: 'Too many codes tried' },
      },
    })
    .input(confirmTwoStepInput)
    .output(twoStepEnabledOutput)
    .mutation(({ ctx, input }) => ctx.services.twoStep.confirmEnrolment(ctx.user.id, input.code)),

  confirmOptions: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/two-step/passkey-options',
        tags: ['auth'],
        summary: 'Options to confirm with a passkey',
        description: `Options for navigator.credentials.get() limited to your own passkeys, to turn two-step sign-in off with a passkey instead of a code (POST /auth/two-step/turn-off). With no passkey, answers 400 naming passkey. ${BROWSER_ONLY}`,
        errorResponses: { 403: TOKEN_403 },
      },
    })
    .input(z.strictObject({}).optional())
    .output(authenticationOptionsOutput)
    .mutation(({ ctx }) => ctx.services.passkeys.confirmOptions(ctx.user.id)),

  turnOff: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/two-step/turn-off',
        tags: ['auth'],
        summary: 'Turn off two-step sign-in',
        description: `Needs proof that you are here now: code (a fresh code from the authenticator app, or an unused recovery code) or passkey (the browser's answer to POST /auth/two-step/passkey-options). A wrong code answers 400 naming code, a passkey that does not confirm 401 invalid_credentials. Recovery codes are deleted. Already off answers the same. ${BROWSER_ONLY}`,
        errorResponses: { 401: 'The passkey did not confirm (invalid_credentials)', 403: TOKEN_403, 429: 'Too many codes tried' },
      },
    })
    .input(turnOffTwoStepInput)
    .output(twoStepOffOutput)
    .mutation(({ ctx, input }) => ctx.services.twoStep.turnOff(ctx.user.id, input)),

  signIn: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/two-step/sign-in',
        tags: ['auth'],
        protect: false,
        summary: 'Finish a sign-in with a two-step code',
        description:
          'After POST /auth/sign-in answered 401 two_step_required (setting the nestling_two_step cookie, good for 10 minutes), takes a code from the authenticator app or an unused recovery code; answers with the user and sets the session cookie. A wrong code answers 401 invalid_credentials; a missing, spent or expired password step 401 unauthenticated (sign in again). 10 codes may be tried per account in 15 minutes (429 with Retry-After).',
        errorResponses: { 401: 'A wrong code (invalid_credentials), or no password step waiting (unauthenticated)', 429: 'Too many codes tried' },
      },
    })
    .input(twoStepSignInInput)
    .output(userOutput)
    .mutation(async ({ ctx, input }) => {
      const { user, session } = await ctx.services.twoStep.signIn(ctx.request?.cookies[PENDING_SIGN_IN_COOKIE], input.code, {
        ip: ctx.ip,
        userAgent: ctx.request?.headers['user-agent'],
        sessionToken: ctx.request?.cookies[SESSION_COOKIE],
      });
      setSessionCookie(ctx.reply, ctx.config, session);
      clearPendingSignInCookie(ctx.reply, ctx.config);
      return toUserDto(user);
    }),
});
