import { z } from 'zod';
import { childOutput, createChildInput, updateChildInput } from '../../../shared/schemas/children';
import { idParam } from '../../../shared/schemas/common';
import { protectedProcedure, router } from '../../trpc/init';

export const childrenRouter = router({
  list: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/children', tags: ['children'], summary: "The signed-in parent's children", description: 'Every child of the caller\'s family, youngest first, with age as text and ageMonths as a number, and their current status at nursery.' } })
    .input(z.strictObject({}).optional())
    .output(z.array(childOutput))
    .query(({ ctx }) => ctx.services.children.listChildren(ctx.user)),

  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/children/{id}',
        tags: ['children'],
        summary: 'One of your children',
        description: "The same fields as GET /children gives for each child. Another family's child answers 404.",
        errorResponses: { 401: 'Not signed in', 404: 'Not one of your children' },
      },
    })
    .input(idParam)
    .output(childOutput)
    .query(({ ctx, input }) => ctx.services.children.getChild(ctx.user, input.id)),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/children',
        tags: ['children'],
        summary: 'Add a child to your family',
        description:
          'dateOfBirth is yyyy-MM-dd, not in the future and under 18 years ago. specialNeedsDetails needs specialNeeds: true. ' +
          "pronouns is 'she', 'he', 'they' or null (the default): how Nestling refers to the child in sentences, such as the camera's \"when she's checked in\"; null reads as they.",
        successDescription: 'Created: answers 201 with the new child.',
        errorResponses: { 400: 'A field is not valid; errors names it', 401: 'Not signed in' },
      },
      successStatus: 201,
      location: (child: { id: number }) => `/api/children/${child.id}`,
    })
    .input(createChildInput)
    .output(childOutput)
    .mutation(({ ctx, input }) => ctx.services.children.addChild(ctx.user, input)),

  update: protectedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/children/{id}',
        tags: ['children'],
        summary: "Change a child's details",
        description:
          'Give only the fields to change, at least one, with the rules of POST /children. specialNeeds: false also clears specialNeedsDetails. ' +
          'photosAllowed: false means nursery staff can no longer tag the child in activity photos (photos already tagged stay). pronouns: null takes them away. ' +
          'Answers the child as GET /children/{id} does, and sends child.updated to the family when something changed. Guardians only.',
        errorResponses: {
          400: 'A field is not valid or not known, or none was given; errors names it',
          401: 'Not signed in',
          403: 'A carer (guardian_only), or a token without children:write',
          404: 'Not one of your children',
        },
      },
    })
    .input(updateChildInput)
    .output(childOutput)
    .mutation(({ ctx, input: { id, ...changes } }) => ctx.services.children.updateChild(ctx.user, id, changes)),
});
