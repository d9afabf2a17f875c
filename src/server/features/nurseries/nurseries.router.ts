import { z } from 'zod';
import { nurseryOutput, searchNurseriesInput } from '../../../shared/schemas/nurseries';
import { publicProcedure, router } from '../../trpc/init';

export const nurseriesRouter = router({
  search: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/nurseries',
        tags: ['nurseries'],
        protect: false,
        summary: 'Find nurseries',
        description:
          'Searches name and location (full text and trigram similarity), ordered by relevance then distance. ' +
          'Distance is measured from lat/lng when given, else from the signed-in parent\'s home.',
      },
    })
    .input(searchNurseriesInput)
    .output(z.array(nurseryOutput))
    .query(({ ctx, input }) => ctx.services.nurseries.search(input, ctx.user)),
});
