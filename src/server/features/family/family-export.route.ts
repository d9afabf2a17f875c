import type { FastifyInstance } from 'fastify';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { forbidden, notSignedIn } from '../../errors';
import { requireFamilyRole } from '../../trpc/family-roles';
import { SESSION_ONLY_MESSAGE } from '../../trpc/token-scopes';
import type { FamilyExportService } from './family-export.service';

const DOWNLOAD_PATH = '/api/family/exports/:id/download';

/**
 * The zip of a finished export. A plain route, since the REST adapter only speaks JSON; the same
 * rules as the procedures around it: a browser session of a guardian of the family.
 */
export function registerFamilyExportRoute(app: FastifyInstance, familyExports: FamilyExportService) {
  app.get<{ Params: { id: string } }>(DOWNLOAD_PATH, { schema: { hide: true } }, async (request, reply) => {
    const user = request.auth?.user;
    if (!user) throw notSignedIn();
    if (request.auth?.method === 'token') throw forbidden(SESSION_ONLY_MESSAGE);
    requireFamilyRole('family.exports.download', user);
    const id = /^[1-9][0-9]{0,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
    const zip = await familyExports.open(user, id);
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Length', String(zip.byteSize))
      .header('Content-Disposition', `attachment; filename="${zip.fileName}"`)
      .header('Cache-Control', 'private, no-store')
      .send(zip.body);
  });

  // Checks for waiting exports every few seconds, on every instance; each is built once.
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => familyExports.processNext()).catch((error: unknown) => app.log.error({ err: error }, 'the family export worker failed'));
  }, 5_000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/** The download above, for the OpenAPI document (the adapter documents only procedures). */
export const familyExportPaths: ZodOpenApiPathsObject = {
  '/family/exports/{id}/download': {
    get: {
      operationId: 'family-exports-download',
      summary: "Download your family's export",
      description: "The zip of a ready export (GET /family/exports/{id} says when). Another family's, an unfinished or an expired export answers 404. Needs a browser session of a guardian.",
      tags: ['family'],
      security: [{ sessionCookie: [] }],
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      responses: { '200': { description: 'The zip.', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } } },
    },
  },
};
