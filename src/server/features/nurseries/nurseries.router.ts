import { z } from 'zod';
import { PAGING_RULES } from '../../../shared/schemas/common';
import { nurseryOutput, nurseryPageOutput, pageNurseriesInput, searchNurseriesInput } from '../../../shared/schemas/nurseries';
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

  page: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/nurseries/page',
        tags: ['nurseries'],
        protect: false,
        summary: 'Find nurseries, a page at a time',
        description:
          'The search GET /nurseries answers, with the same filters, ordered by relevance (best first), then distance ' +
          '(nearest first, when there is a point to measure from), then rating (highest first, unrated last), then id. ' +
          `Keep the filters the same from page to page. ${PAGING_RULES}`,
      },
    })
    .input(pageNurseriesInput)
    .output(nurseryPageOutput)
    .query(({ ctx, input }) => ctx.services.nurseries.page(input, ctx.user)),
});
