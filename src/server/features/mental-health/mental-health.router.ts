import { z } from 'zod';
import {
  articleOutput,
  createMentalHealthBookingInput,
  listMentalHealthBookingsInput,
  mentalHealthBookingOutput,
  mentalHealthBookingPageOutput,
  serviceOutput,
  sessionTypeOutput,
  specialistOutput,
  timeWindowOutput,
  updateMentalHealthBookingStatusInput,
} from '../../../shared/schemas/mental-health';
import { idParam, PAGING_RULES } from '../../../shared/schemas/common';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';

const tags = ['mental health'];
const noInput = z.object({}).optional();

const bookingsRouter = router({
  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/mental-health/bookings',
        tags,
        summary: 'Book a service option or a specialist session',
        description:
          "kind 'service' takes serviceId and optionId; kind 'specialist' takes specialistId and sessionTypeId. The date is 1 to 30 " +
          'days ahead, timeWindow one of the preferred windows, childId (optional) one of your children. The price is taken ' +
          'from the catalogue; any price sent is ignored. Notes are plain text: render them as text.',
        successDescription: 'Created: answers 201 with the new booking, pending.',
      },
      successStatus: 201,
      location: (booking: { id: number }) => `/api/mental-health/bookings/${booking.id}`,
    })
    .input(createMentalHealthBookingInput)
    .output(mentalHealthBookingOutput)
    .mutation(({ ctx, input }) => ctx.services.mentalHealth.createBooking(ctx.user, input)),

  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/mental-health/bookings',
        tags,
        summary: 'Your mental-health bookings, newest first',
        description: `Only your own bookings, ordered by createdAt then id, newest first. ${PAGING_RULES}`,
      },
    })
    .input(listMentalHealthBookingsInput)
    .output(mentalHealthBookingPageOutput)
    .query(({ ctx, input }) => ctx.services.mentalHealth.listBookings(ctx.user, input)),

  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/mental-health/bookings/{id}',
        tags,
        summary: 'One of your bookings',
        description: "Another family's booking answers 404.",
        errorResponses: { 401: 'Not signed in', 404: 'Not one of your bookings' },
      },
    })
    .input(idParam)
    .output(mentalHealthBookingOutput)
    .query(({ ctx, input }) => ctx.services.mentalHealth.getBooking(ctx.user, input.id)),

  updateStatus: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/mental-health/bookings/{id}/status',
        tags,
        summary: 'Cancel one of your bookings',
        description: "Only a pending booking can be cancelled (else 409 booking_not_cancellable); another family's booking answers 404.",
        errorResponses: [409],
      },
    })
    .input(updateMentalHealthBookingStatusInput)
    .output(mentalHealthBookingOutput)
    .mutation(({ ctx, input }) => ctx.services.mentalHealth.cancelBooking(ctx.user, input.id)),
});

// The catalogue is public: anyone may browse it; booking needs sign-in.
export const mentalHealthRouter = router({
  services: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/mental-health/services', tags, protect: false, summary: 'Service categories and their options, with prices in cents', description: 'Mental-health services, each with its options; prices are in cents (USD). Pass a service\'s id as serviceId and one option\'s id as optionId when booking.' } })
    .input(noInput)
    .output(z.array(serviceOutput))
    .query(({ ctx }) => ctx.services.mentalHealth.listServices()),

  specialists: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/mental-health/specialists', tags, protect: false, summary: 'Specialists', description: 'Every mental-health specialist, with what they specialise in. Their session types are at GET /mental-health/session-types.' } })
    .input(noInput)
    .output(z.array(specialistOutput))
    .query(({ ctx }) => ctx.services.mentalHealth.listSpecialists()),

  sessionTypes: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/mental-health/session-types', tags, protect: false, summary: 'Specialist session types, with length and price in cents', description: 'The session types a specialist booking can be for, with length in minutes and price in cents (USD); pass one\'s id as sessionTypeId.' } })
    .input(noInput)
    .output(z.array(sessionTypeOutput))
    .query(({ ctx }) => ctx.services.mentalHealth.listSessionTypes()),

  timeWindows: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/mental-health/time-windows', tags, protect: false, summary: 'Preferred time windows for a booking', description: 'The time windows a booking can ask for; pass one\'s id as timeWindow.' } })
    .input(noInput)
    .output(z.array(timeWindowOutput))
    .query(({ ctx }) => ctx.services.mentalHealth.listTimeWindows()),

  articles: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/mental-health/articles', tags, protect: false, summary: 'Articles for the Resources tab', description: 'Mental-health articles, in the order the Resources tab shows them, without their text.' } })
    .input(noInput)
    .output(z.array(articleOutput))
    .query(({ ctx }) => ctx.services.mentalHealth.listArticles()),

  bookings: bookingsRouter,
});
