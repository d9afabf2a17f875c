import { z } from 'zod';
import { CURRENCY, idParam, PAGING_RULES } from '../../../shared/schemas/common';
import {
  bookingOutput,
  bookingPageOutput,
  createBookingInput,
  listBookingsInput,
  listShadowTeachersInput,
  pageBookingsInput,
  pageShadowTeachersInput,
  shadowTeacherOutput,
  shadowTeacherPageOutput,
  type ShadowTeacherDto,
  teacherAvailabilityInput,
  teacherAvailabilityOutput,
  updateBookingStatusInput,
} from '../../../shared/schemas/shadow-bookings';
import { pageOf } from '../../db/keyset';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';
import * as repo from './shadow-bookings.repository';

// trpc-to-openapi keeps one response object per error code for the whole document, so the first
// 409 description is every operation's: one text serves both, and each description says more.
const BOOKING_CONFLICT =
  'Refused by a booking rule, and message says which: the time is taken, you already have the most requests waiting ' +
  '(3 with one teacher, 10 in all), or the status change is not allowed (the booking may have expired)';

export const shadowBookingsRouter = router({
  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/shadow-bookings',
        tags: ['shadow bookings'],
        summary: 'Book a shadow teacher for one of your children',
        description:
          "Every rule of the booking form is checked again here. startTime must be one of the teacher's slots and endTime one " +
          "of the end times GET /shadow-teachers/{id}/availability offers for it (whole blocks up to the end of the teacher's " +
          "hours): any other, such as 09:00-09:01, gives 400 naming endTime. A different totalPrice than the server computes " +
          "gives 400 'The price has changed'; a time another booking already holds gives 409 'This time is no longer available'. " +
          'A parent may have at most 3 requests waiting for one teacher to confirm and 10 in all (the defaults of ' +
          'BOOKING_MAX_PENDING_PER_TEACHER and BOOKING_MAX_PENDING); one more gives 409 saying which limit was reached and what ' +
          'to do. A request the teacher has not confirmed within 48 hours (BOOKING_PENDING_TTL_HOURS) expires: it becomes ' +
          "cancelled with cancelReason 'expired' and frees its time.",
        successDescription: 'Created: answers 201 with the new booking, pending and unpaid.',
        errorResponses: {
          400: 'A field breaks a booking rule (including an end time off the offered grid); data.field names it',
          401: 'Not signed in',
          404: 'The child is not one of yours',
          409: BOOKING_CONFLICT,
        },
      },
      successStatus: 201,
      location: (booking: { id: number }) => `/api/shadow-bookings/${booking.id}`,
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

  page: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/shadow-bookings/page',
        tags: ['shadow bookings'],
        summary: 'Your bookings, newest first, a page at a time',
        description:
          'The bookings GET /shadow-bookings lists: parentId must be your own user id (another gives 403), and may be left out. ' +
          `Ordered by createdAt then id, newest first. ${PAGING_RULES}`,
      },
    })
    .input(pageBookingsInput)
    .output(bookingPageOutput)
    .query(({ ctx, input }) => ctx.services.bookings.pageForParent(ctx.user, input, input.parentId)),

  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/shadow-bookings/{id}',
        tags: ['shadow bookings'],
        summary: 'One booking',
        description: "A booking you made, or, for a teacher account, one of its teacher's bookings. Any other id answers 404.",
        errorResponses: { 401: 'Not signed in', 404: 'Not a booking you take part in' },
      },
    })
    .input(idParam)
    .output(bookingOutput)
    .query(({ ctx, input }) => ctx.services.bookings.get(ctx.user, input.id)),

  updateStatus: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/shadow-bookings/{id}/status',
        tags: ['shadow bookings'],
        summary: 'Cancel, confirm or decline a booking',
        description:
          "A parent may cancel their own pending booking (cancelReason 'parent'). A teacher account may confirm or decline " +
          "(cancel, cancelReason 'declined') a pending booking of the shadow teacher it is linked to. A pending booking not " +
          "confirmed within 48 hours (BOOKING_PENDING_TTL_HOURS) of being made has expired (cancelled, cancelReason 'expired') " +
          'and can no longer be changed, even if nothing has read it since. Any other change gives 409.',
        errorResponses: {
          400: 'Unknown status',
          401: 'Not signed in',
          404: 'Not a booking you take part in',
          409: BOOKING_CONFLICT,
        },
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
    currency: CURRENCY,
    rating: row.rating,
    availability: row.availability as ShadowTeacherDto['availability'],
  };
}

// A public catalogue read: no family data, so no service layer beyond the row mapping.
export const shadowTeachersRouter = router({
  list: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/shadow-teachers', tags: ['shadow teachers'], protect: false, summary: 'Shadow teachers, best rated first', description: 'Every shadow teacher matching the filters, best rated first. hourlyRate is in cents (USD). Carries an ETag: send If-None-Match to get 304 while it is unchanged. For paging, use GET /shadow-teachers/page.' },
    })
    .input(listShadowTeachersInput)
    .output(z.array(shadowTeacherOutput))
    .query(async ({ ctx, input }) => (await repo.listShadowTeachers(ctx.db, input)).map(toShadowTeacherDto)),

  page: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/shadow-teachers/page',
        tags: ['shadow teachers'],
        protect: false,
        summary: 'Shadow teachers, best rated first, a page at a time',
        description:
          'The teachers GET /shadow-teachers lists, with the same specialization and location filters, ordered by rating ' +
          `(highest first) then id. Keep the filters the same from page to page. ${PAGING_RULES}`,
      },
    })
    .input(pageShadowTeachersInput)
    .output(shadowTeacherPageOutput)
    .query(async ({ ctx, input }) => pageOf(await repo.pageShadowTeachers(ctx.db, input, input), toShadowTeacherDto)),
});
