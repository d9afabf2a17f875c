import { z } from 'zod';
import { calendarSubscriptionOutput, createdCalendarSubscriptionOutput } from '../../../shared/schemas/calendar-subscription';
import { forbidden } from '../../errors';
import type { Context } from '../../trpc/context';
import { protectedProcedure, router } from '../../trpc/init';

const PATH = '/calendar-subscription';
const tags = ['shadow bookings'];

/** A leaked API token must not be able to mint or end the address a family's calendar app uses. */
function requireBrowserSession(ctx: Pick<Context, 'authMethod'>) {
  if (ctx.authMethod !== 'session') throw forbidden('Manage your calendar subscription from a signed-in browser session.');
}

export const calendarSubscriptionRouter = router({
  get: protectedProcedure
    .meta({ openapi: { method: 'GET', path: PATH, tags, summary: 'Whether your calendar subscription address is active', description: 'Whether you have an active calendar subscription address and since when. The address itself is shown only when created.' } })
    .input(z.strictObject({}).optional())
    .output(calendarSubscriptionOutput)
    .query(({ ctx }) => ctx.services.calendarSubscriptions.status(ctx.user.id)),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: PATH,
        tags,
        summary: 'Create your secret calendar subscription address (needs a browser session); it is shown once',
        description:
          'Calendar apps cannot send credentials, so the address is the secret: anyone who has it sees your shadow-teacher bookings. ' +
          'Creating one replaces the one before, which stops working. Subscribe with webcalUrl, or give url to apps that ask for https.',
      },
      successStatus: 201,
      // What was created is the feed itself: its address is the secret the body shows once.
      location: (created: { url: string }) => created.url,
    })
    .input(z.strictObject({}).optional())
    .output(createdCalendarSubscriptionOutput)
    .mutation(({ ctx }) => {
      requireBrowserSession(ctx);
      return ctx.services.calendarSubscriptions.create(ctx.user.id);
    }),

  revoke: protectedProcedure
    .meta({ openapi: { method: 'DELETE', path: PATH, tags, summary: 'Revoke your calendar subscription address (needs a browser session)', description: 'The address stops working at once and answers 404 from then on. Only a browser session may revoke it; answers 200 when there was none.' } })
    .input(z.strictObject({}).optional())
    .output(calendarSubscriptionOutput)
    .mutation(({ ctx }) => {
      requireBrowserSession(ctx);
      return ctx.services.calendarSubscriptions.revoke(ctx.user.id);
    }),
});
