import { z } from 'zod';
import {
  activityOutput,
  cameraOutput,
  createActivityInput,
  listActivitiesInput,
  activityPageOutput,
  pageActivitiesInput,
  staffClassroomOutput,
} from '../../../shared/schemas/monitoring';
import { idParam, PAGING_RULES } from '../../../shared/schemas/common';
import { protectedProcedure, router } from '../../trpc/init';

export const camerasRouter = router({
  list: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/cameras', tags: ['monitoring'], summary: "Cameras of your children's classrooms", description: 'The cameras of the classrooms your children are in (staff: your nursery\'s). A camera id is a channel for GET /activities and for joining over /ws.' } })
    .input(z.strictObject({}).optional())
    .output(z.array(cameraOutput))
    .query(({ ctx }) => ctx.services.monitoring.listCameras(ctx.user)),
});

export const activitiesRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/activities',
        tags: ['monitoring'],
        summary: 'Classroom activities, newest first',
        description: 'Optionally for one camera (`channel`). Page back with `before`, the id of the oldest activity you have.',
      },
    })
    .input(listActivitiesInput)
    .output(z.array(activityOutput))
    .query(({ ctx, input }) => ctx.services.monitoring.listActivities(ctx.user, input)),

  page: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/activities/page',
        tags: ['monitoring'],
        summary: 'Classroom activities, newest first, a page at a time',
        description:
          `The activities GET /activities lists (optionally for one \`channel\`), ordered by occurredAt then id, newest first. ${PAGING_RULES}`,
      },
    })
    .input(pageActivitiesInput)
    .output(activityPageOutput)
    .query(({ ctx, input }) => ctx.services.monitoring.pageActivities(ctx.user, input)),

  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/activities/{id}',
        tags: ['monitoring'],
        summary: 'One activity',
        description: 'An activity of a classroom you may watch, as GET /activities lists it. Any other id answers 404.',
        errorResponses: { 401: 'Not signed in', 404: 'Not an activity you may see' },
      },
    })
    .input(idParam)
    .output(activityOutput)
    .query(({ ctx, input }) => ctx.services.monitoring.getActivity(ctx.user, input.id)),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/activities',
        tags: ['monitoring'],
        summary: 'Log a classroom activity (nursery staff)',
        description:
          'For staff of the nursery that owns the classroom, signed in or with their API token. `channel` is a camera id ' +
          '(classroom-3b) or a whole classroom as `classroom:<id>`; either way the activity joins that classroom\'s log and ' +
          'reaches every camera channel of it on /ws. Naming a child moves their status: arrival → online, nap → nap, ' +
          'departure → offline; any activity becomes their current activity. Attach up to 4 photos with `photoIds`, each the id ' +
          'POST /activities/photos answered for your upload, and name the children in them with `taggedChildIds` (by default the ' +
          'children the activity is about; for a classroom-wide one, any children of the classroom). Only tagged children\'s ' +
          'families, and the nursery\'s staff, see the photos; a child whose family chose no photos (photosAllowed: false) cannot be tagged.',
        successDescription: 'Created: answers 201 with the saved activity, as GET /activities lists it.',
      },
      successStatus: 201,
      location: (activity: { id: number }) => `/api/activities/${activity.id}`,
    })
    .input(createActivityInput)
    .output(activityOutput)
    .mutation(({ ctx, input }) => ctx.services.monitoring.createActivity(ctx.user, input)),
});

export const classroomsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/classrooms',
        tags: ['monitoring'],
        summary: "Your nursery's classrooms with their cameras and children (nursery staff)",
        description: 'What a staff member needs to log an activity: each classroom as a channel (`classroom:<id>`), its cameras and its children.',
      },
    })
    .input(z.strictObject({}).optional())
    .output(z.array(staffClassroomOutput))
    .query(({ ctx }) => ctx.services.monitoring.listClassroomRoster(ctx.user)),
});
