import { eventPageOutput, listEventsInput } from '../../../shared/schemas/event-log';
import { protectedProcedure, router } from '../../trpc/init';

export const eventsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/events',
        tags: ['events'],
        summary: 'Catch up on what happened',
        description:
          "The events you may see, oldest first, after the id you give: your family's (bookings, children, activities about them, your family's posts) or, for nursery staff, your nursery's activities. " +
          'Each item is the body a webhook receives, with its id; ids follow commit order, so paging with after=<the last id you have> never skips one. ' +
          "An API token sees the kinds of event its read scopes cover (bookings:read, children:read, activities:read, community:read) and needs events:read; a carer sees no bookings. " +
          "hasMore is false once you have caught up: ask again later with the last id. Events are kept until the family's (or nursery's) data is erased.",
      },
    })
    .input(listEventsInput)
    .output(eventPageOutput)
    .query(({ ctx, input }) => ctx.services.events.list(ctx.user, ctx.authMethod === 'token' ? (ctx.tokenScopes ?? []) : null, input)),
});
