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
import { forbidden } from '../../errors';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';
import { toUserDto } from './auth.service';
import { SESSION_COOKIE, clearSessionCookie, setSessionCookie } from './session-cookie';

export const authRouter = router({
  signUp: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/sign-up', tags: ['auth'], protect: false, summary: 'Create a parent account and sign in' } })
    .input(signUpInput)
    .output(userOutput)
    .mutation(async ({ ctx, input }) => {
      const { user, session } = await ctx.services.auth.signUp(input, { ip: ctx.ip, sessionToken: ctx.request?.cookies[SESSION_COOKIE] });
      setSessionCookie(ctx.reply, ctx.config, session);
      return toUserDto(user);
    }),

  signIn: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/sign-in', tags: ['auth'], protect: false, summary: 'Sign in with email and password' } })
    .input(signInInput)
    .output(userOutput)
    .mutation(async ({ ctx, input }) => {
      const { user, session } = await ctx.services.auth.signIn(input, { ip: ctx.ip, sessionToken: ctx.request?.cookies[SESSION_COOKIE] });
      setSessionCookie(ctx.reply, ctx.config, session);
      return toUserDto(user);
    }),

  signOut: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/auth/sign-out', tags: ['auth'], protect: false, summary: 'Sign out and end this session' } })
    .input(z.object({}).optional())
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
    .meta({ openapi: { method: 'GET', path: '/users/me', tags: ['users'], summary: 'The signed-in user' } })
    .input(z.object({}).optional())
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
        errorResponses: { 400: 'A field is not valid; data.field names it', 401: 'Not signed in' },
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
      },
    })
    .input(createApiTokenInput)
    .output(createdApiTokenOutput)
    .mutation(({ ctx, input }) => {
      // A leaked token must not be able to mint more tokens.
      if (ctx.authMethod !== 'session') throw forbidden('Create API tokens from a signed-in browser session.');
      return ctx.services.auth.createApiToken(ctx.user.id, input.name);
    }),

  revoke: protectedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/tokens/{id}', tags: ['api tokens'], summary: 'Revoke one of your API tokens' } })
    .input(idParam)
    .output(apiTokenOutput)
    .mutation(({ ctx, input }) => ctx.services.auth.revokeApiToken(ctx.user.id, input.id)),
});
