import { z } from 'zod';
import { isFullyMigrated } from '../../db/migrator';
import { AppError } from '../../errors';
import { publicProcedure, router } from '../../trpc/init';

export const healthRouter = router({
  check: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/health', tags: ['health'], protect: false, summary: 'Ready once the database is reachable and migrated', description: 'Answers 200 {status: \'ok\'} once the database answers and every migration has run; 503 before that. For load-balancer health checks.', errorResponses: [503] } })
    .input(z.strictObject({}).optional())
    .output(z.object({ status: z.literal('ok') }))
    .query(async ({ ctx }) => {
      const ready = await isFullyMigrated(ctx.db).catch(() => false);
      if (!ready) throw new AppError('service_unavailable', 'The database is not ready yet. Please try again shortly.');
      return { status: 'ok' as const };
    }),
});
