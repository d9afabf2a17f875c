import { z } from 'zod';
import {
  bookingOutput,
  createBookingInput,
  listBookingsInput,
  listShadowTeachersInput,
  shadowTeacherOutput,
  type ShadowTeacherDto,
  teacherAvailabilityInput,
  teacherAvailabilityOutput,
  updateBookingStatusInput,
} from '../../../shared/schemas/shadow-bookings';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';
import * as repo from './shadow-bookings.repository';

export const shadowBookingsRouter = router({
  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/shadow-bookings',
        tags: ['shadow bookings'],
        summary: 'Book a shadow teacher for one of your children',
        description:
          'Every rule of the booking form is checked again here. A different totalPrice than the server computes gives 400 ' +
          "'The price has changed'; a time another booking already holds gives 409 'This time is no longer available'.",
        successDescription: 'Created: answers 201 with the new booking.',
        errorResponses: {
          400: 'A field breaks a booking rule; data.field names it',
          401: 'Not signed in',
          404: 'The child is not one of yours',
          409: 'This time is no longer available',
        },
      },
      successStatus: 201,
    })
    .input(createBookingInput)
    .output(bookingOutput)
    .mutation(({ ctx, input }) => ctx.services.bookings.create(ctx.user, input)),

  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/shadow-bookings',
        tags: ['shadow bookings'],
        summary: 'Your bookings, newest first',
        description: 'parentId must be your own user id (another gives 403); it may be left out.',
      },
    })
    .input(listBookingsInput)
    .output(z.array(bookingOutput))
    .query(({ ctx, input }) => ctx.services.bookings.listForParent(ctx.user, input.parentId)),

  updateStatus: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/shadow-bookings/{id}/status',
        tags: ['shadow bookings'],
        summary: 'Cancel, confirm or decline a booking',
        description:
          'A parent may cancel their own pending booking. A teacher account may confirm or decline (cancel) a pending booking of ' +
          'the shadow teacher it is linked to. Any other change gives 409.',
        errorResponses: { 400: 'Unknown status', 401: 'Not signed in', 404: 'Not a booking you take part in', 409: 'That change is not allowed from the current status' },
      },
    })
    .input(updateBookingStatusInput)
    .output(bookingOutput)
    .mutation(({ ctx, input }) => ctx.services.bookings.updateStatus(ctx.user, input.id, input.status)),

  availability: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/shadow-teachers/{id}/availability',
        tags: ['shadow teachers'],
        summary: "A teacher's open start and end times per date",
        description: 'Only bookable dates (tomorrow to 30 days ahead) with at least one open start time; booked time is left out.',
      },
    })
    .input(teacherAvailabilityInput)
    .output(teacherAvailabilityOutput)
    .query(({ ctx, input }) => ctx.services.bookings.availability(input)),
});

type ShadowTeacherRow = Awaited<ReturnType<typeof repo.listShadowTeachers>>[number];

function toShadowTeacherDto(row: ShadowTeacherRow): ShadowTeacherDto {
  return {
    id: row.id,
    name: row.name,
    profileImage: row.profile_image,
    location: row.location,
    specialization: row.specialization,
    bio: row.bio,
    experience: row.experience,
    hourlyRate: row.hourly_rate,
    rating: row.rating,
    availability: row.availability as ShadowTeacherDto['availability'],
  };
}

// A public catalogue read: no family data, so no service layer beyond the row mapping.
export const shadowTeachersRouter = router({
  list: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/shadow-teachers', tags: ['shadow teachers'], protect: false, summary: 'Shadow teachers, best rated first' },
    })
    .input(listShadowTeachersInput)
    .output(z.array(shadowTeacherOutput))
    .query(async ({ ctx, input }) => (await repo.listShadowTeachers(ctx.db, input)).map(toShadowTeacherDto)),
});
