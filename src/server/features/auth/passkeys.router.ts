import { z } from 'zod';
import { userOutput } from '../../../shared/schemas/auth';
import { PAGING_RULES, idParam } from '../../../shared/schemas/common';
import {
  authenticationOptionsOutput,
  listPasskeysInput,
  passkeyOutput,
  passkeyPageOutput,
  passkeySignInInput,
  registerPasskeyInput,
  registrationOptionsOutput,
  renamePasskeyInput,
} from '../../../shared/schemas/passkeys';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';
import { toUserDto } from './auth.service';
import { SESSION_COOKIE, clearPendingSignInCookie, setSessionCookie } from './session-cookie';

const BROWSER_ONLY = 'Needs a browser session (403 with an API token).';

export const passkeysRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/passkeys',
        tags: ['auth'],
        summary: 'Your passkeys',
        description: `Each passkey's name, when it was added and when it last signed in; ordered by createdAt then id, newest first. ${BROWSER_ONLY} ${PAGING_RULES}`,
        errorResponses: { 403: 'Called with an API token rather than a browser session' },
      },
    })
    .input(listPasskeysInput)
    .output(passkeyPageOutput)
    .query(({ ctx, input }) => ctx.services.passkeys.list(ctx.user.id, input)),

  registrationOptions: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/passkeys/registration-options',
        tags: ['auth'],
        summary: 'Start adding a passkey',
        description: `Options for navigator.credentials.create() (hand them to @simplewebauthn/browser's startRegistration as optionsJSON). Their challenge works once, for 5 minutes: send the browser's answer to POST /auth/passkeys. ${BROWSER_ONLY}`,
        errorResponses: { 403: 'Called with an API token rather than a browser session' },
      },
    })
    .input(z.strictObject({}).optional())
    .output(registrationOptionsOutput)
    .mutation(({ ctx }) => ctx.services.passkeys.registrationOptions(ctx.user)),

  register: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/passkeys',
        tags: ['auth'],
        summary: 'Add a passkey',
        description: `Keeps the passkey the browser made from POST /auth/passkeys/registration-options, under the name given (or one naming the device). An answer to another site, to a spent or expired challenge, or for a passkey already added answers 400 naming response. ${BROWSER_ONLY}`,
        successDescription: 'Created: the new passkey.',
        errorResponses: { 403: 'Called with an API token rather than a browser session' },
      },
      successStatus: 201,
    })
    .input(registerPasskeyInput)
    .output(passkeyOutput)
    .mutation(({ ctx, input }) => ctx.services.passkeys.register(ctx.user.id, input, ctx.request?.headers['user-agent'])),

  rename: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/auth/passkeys/{id}',
        tags: ['auth'],
        summary: 'Rename a passkey',
        description: `Another account's passkey id answers 404. ${BROWSER_ONLY}`,
        errorResponses: { 403: 'Called with an API token rather than a browser session', 404: 'Not one of your passkeys' },
      },
    })
    .input(renamePasskeyInput)
    .output(passkeyOutput)
    .mutation(({ ctx, input }) => ctx.services.passkeys.rename(ctx.user.id, input.id, input.name)),

  remove: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/auth/passkeys/{id}',
        tags: ['auth'],
        summary: 'Remove a passkey',
        description: `It stops signing in at once. The last passkey of an account with no password answers 409 last_sign_in_method; another account's passkey id answers 404. ${BROWSER_ONLY}`,
        errorResponses: { 403: 'Called with an API token rather than a browser session', 404: 'Not one of your passkeys', 409: 'The only way left to sign in (last_sign_in_method)' },
      },
    })
    .input(idParam)
    .output(passkeyOutput)
    .mutation(({ ctx, input }) => ctx.services.passkeys.remove(ctx.user.id, input.id)),

  signInOptions: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/passkey-sign-in/options',
        tags: ['auth'],
        protect: false,
        summary: 'Start signing in with a passkey',
        description:
          "Options for navigator.credentials.get() (hand them to @simplewebauthn/browser's startAuthentication as optionsJSON); any passkey of this site may answer. The challenge works once, for 5 minutes. Counts against the per-address sign-in limit (429 with Retry-After).",
        errorResponses: { 429: 'Too many sign-in attempts from this address' },
      },
    })
    .input(z.strictObject({}).optional())
    .output(authenticationOptionsOutput)
    .mutation(({ ctx }) => ctx.services.passkeys.signInOptions(ctx.ip)),

  signIn: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/passkey-sign-in',
        tags: ['auth'],
        protect: false,
        summary: 'Sign in with a passkey',
        description:
          "Takes the browser's answer to the options from POST /auth/passkey-sign-in/options; answers with the user and sets the session cookie, as the password sign-in does. No password is needed, and no two-step code: a passkey is both. An unknown or removed passkey, another site's answer, or a spent or expired challenge answers 401 invalid_credentials.",
        errorResponses: { 401: 'The passkey did not sign in (invalid_credentials)' },
      },
    })
    .input(passkeySignInInput)
    .output(userOutput)
    .mutation(async ({ ctx, input }) => {
      const { user, session } = await ctx.services.passkeys.signIn(input.response, { ip: ctx.ip, userAgent: ctx.request?.headers['user-agent'], sessionToken: ctx.request?.cookies[SESSION_COOKIE] });
      setSessionCookie(ctx.reply, ctx.config, session);
      // A password step left waiting is no longer needed.
      clearPendingSignInCookie(ctx.reply, ctx.config);
      return toUserDto(user);
    }),
});
