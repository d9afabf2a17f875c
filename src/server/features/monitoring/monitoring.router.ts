import { z } from 'zod';
import { activityOutput, cameraOutput, childOutput, listActivitiesInput } from '../../../shared/schemas/monitoring';
import { protectedProcedure, router } from '../../trpc/init';

export const childrenRouter = router({
  list: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/children', tags: ['children'], summary: "The signed-in parent's children" } })
    .input(z.object({}).optional())
    .output(z.array(childOutput))
    .query(({ ctx }) => ctx.services.monitoring.listChildren(ctx.user)),
});

export const camerasRouter = router({
  list: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/cameras', tags: ['monitoring'], summary: "Cameras of your children's classrooms" } })
    .input(z.object({}).optional())
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
});
