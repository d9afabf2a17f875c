import { z } from 'zod';
import {
  createApiTokenInput,
  createdApiTokenOutput,
  apiTokenOutput,
  apiTokenPageOutput,
  listApiTokensInput,
  signInInput,
  signOutOutput,
  signUpInput,
  updateProfileInput,
  userOutput,
} from '../../../shared/schemas/auth';
import { PAGING_RULES, idParam } from '../../../shared/schemas/common';
import { AppError, forbidden } from '../../errors';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';
import { toUserDto } from './auth.service';
import { SESSION_COOKIE, clearSessionCookie, setPendingSignInCookie, setSessionCookie } from './session-cookie';

export const authRouter = router({
  signUp: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/sign-up', tags: ['auth'], protect: false, summary: 'Create a parent account and sign in', description: 'Creates a parent account and answers with it, setting the session cookie. The password needs 10 or more characters and must not be easy to guess (the detail says why); an email already registered answers 409 email_taken. Rate-limited per address.', errorResponses: [409, 503] } })
    .input(signUpInput)
    .output(userOutput)
    .mutation(async ({ ctx, input }) => {
      const { user, session } = await ctx.services.auth.signUp(input, { ip: ctx.ip, userAgent: ctx.request?.headers['user-agent'], sessionToken: ctx.request?.cookies[SESSION_COOKIE] });
      setSessionCookie(ctx.reply, ctx.config, session);
      return toUserDto(user);
    }),

  signIn: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/sign-in', tags: ['auth'], protect: false, summary: 'Sign in with email and password', description: 'Answers with the user and sets the session cookie (HttpOnly, SameSite=Lax). A wrong email or password answers 401 invalid_credentials with the same words either way. When the account has two-step sign-in on, the right password answers 401 two_step_required and sets the nestling_two_step cookie: finish with POST /auth/two-step/sign-in. Repeated failures are slowed and then refused with 429 and Retry-After; when the server is busy hashing, 503 server_busy with Retry-After.', errorResponses: [401, 503] } })
    .input(signInInput)
    .output(userOutput)
    .mutation(async ({ ctx, input }) => {
      const signedIn = await ctx.services.auth.signIn(input, {
        ip: ctx.ip,
        userAgent: ctx.request?.headers['user-agent'],
        sessionToken: ctx.request?.cookies[SESSION_COOKIE],
        place: ctx.request?.signInPlace,
      });
      if ('pending' in signedIn) {
        setPendingSignInCookie(ctx.reply, ctx.config, signedIn.pending);
        throw new AppError('two_step_required', 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.');
      }
      setSessionCookie(ctx.reply, ctx.config, signedIn.session);
      return toUserDto(signedIn.user);
    }),

  signOut: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/sign-out', tags: ['auth'], protect: false, summary: 'Sign out and end this session', description: 'Ends the session the cookie names and clears the cookie. Answers 200 even when not signed in, so it can always be called.' } })
    .input(z.strictObject({}).optional())
    .output(signOutOutput)
    .mutation(async ({ ctx }) => {
      const token = ctx.request?.cookies[SESSION_COOKIE];
      if (token) await ctx.services.auth.signOut(token);
      clearSessionCookie(ctx.reply, ctx.config);
      return { signedOut: true as const };
    }),
});

export const usersRouter = router({
  me: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/users/me', tags: ['users'], summary: 'The signed-in user', description: 'The account the session cookie or bearer token belongs to, with its role.' } })
    .input(z.strictObject({}).optional())
    .output(userOutput)
    .query(({ ctx }) => toUserDto(ctx.user)),

  updateMe: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/users/me',
        tags: ['users'],
        summary: 'Change your name, phone or city',
        description: 'Fields left out keep their value; an empty phone or city clears it. Email and role cannot be changed here.',
        errorResponses: { 400: 'A field is not valid; errors names it', 401: 'Not signed in' },
      },
    })
    .input(updateProfileInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => ctx.services.auth.updateProfile(ctx.user.id, input)),
});

export const apiTokensRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/tokens',
        tags: ['api tokens'],
        summary: 'Your personal API tokens',
        description: `Only your own tokens, revoked ones included, ordered by createdAt then id, newest first. ${PAGING_RULES}`,
      },
    })
    .input(listApiTokensInput)
    .output(apiTokenPageOutput)
    .query(({ ctx, input }) => ctx.services.auth.listApiTokens(ctx.user.id, input)),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/tokens',
        tags: ['api tokens'],
        summary: 'Create a personal API token (needs a browser session); the token is shown once',
        successDescription: 'Created: answers 201 with the token, the only time it is shown.',
      },
      successStatus: 201,
      location: (token: { id: number }) => `/api/tokens/${token.id}`,
    })
    .input(createApiTokenInput)
    .output(createdApiTokenOutput)
    .mutation(({ ctx, input }) => {
      // A leaked token must not be able to mint more tokens.
      if (ctx.authMethod !== 'session') throw forbidden('Create API tokens from a signed-in browser session.');
      return ctx.services.auth.createApiToken(ctx.user.id, input);
    }),

  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/tokens/{id}',
        tags: ['api tokens'],
        summary: 'One of your API tokens',
        description: "Its name, prefix and when it was created, last used and revoked; never the token itself. Another account's token id answers 404.",
        errorResponses: { 401: 'Not signed in', 404: 'Not one of your tokens' },
      },
    })
    .input(idParam)
    .output(apiTokenOutput)
    .query(({ ctx, input }) => ctx.services.auth.getApiToken(ctx.user.id, input.id)),

  revoke: protectedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/tokens/{id}', tags: ['api tokens'], summary: 'Revoke one of your API tokens', description: 'The token stops working at once, on every server. Only a browser session may revoke tokens; another account\'s token id answers 404.' } })
    .input(idParam)
    .output(apiTokenOutput)
    .mutation(({ ctx, input }) => ctx.services.auth.revokeApiToken(ctx.user.id, input.id)),
});
