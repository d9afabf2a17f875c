import { generateOpenApiDocument } from 'trpc-to-openapi';
import type { ProcedureMeta } from './init';
import { z } from 'zod';
import { SESSION_COOKIE } from '../features/auth/session-cookie';
import { communityImagePaths } from '../features/community/community.images-route';
import { activityPhotoPaths } from '../features/monitoring/monitoring.photos-route';
import { messagePhotoPaths } from '../features/messages/messages.photos-route';
import { cameraHlsPaths } from '../features/cameras/cameras.hls-route';
import { calendarFeedPaths } from '../features/shadow-bookings/shadow-bookings.calendar-route';
import { familyExportPaths } from '../features/family/family-export.route';
import { webhookOperations } from '../features/webhooks/webhooks.openapi';
import { ASYNCAPI_PATH } from './asyncapi';
import { describeContract, describeForPeople, type ContractDocument, type OperationContract } from './openapi-contract';
import { appRouter, type AppRouter } from './router';
import { TOKEN_SCOPES } from './token-scopes';
import { API_SCOPES } from '../../shared/api-scopes';

/** `today` dates the examples (booking dates inside the window and the like). */
export function buildOpenApiDocument(publicOrigin: string, today: Date = new Date()) {
  const document = generateOpenApiDocument(appRouter, {
    title: 'Nestling API',
    description:
      'REST access to Nestling. Sign in from a browser (session cookie) or send a personal API token as ' +
      '`Authorization: Bearer nst_…`. Every error is RFC 9457 problem details (`application/problem+json`) with a machine `code` from a closed list (GET /api/problems) and a human-readable `detail`. ' +
      'The WebSocket at /ws carries live updates: activity, notifications, conversations (messages, read receipts, typing) and camera availability. ' +
      `Its channels and messages are described by the AsyncAPI 3.0 document at [${ASYNCAPI_PATH}](${publicOrigin}${ASYNCAPI_PATH}).`,
    version: '1.0.0',
    openApiVersion: '3.1.0',
    baseUrl: `${publicOrigin}/api`,
    securitySchemes: {
      sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      bearerToken: {
        type: 'http',
        scheme: 'bearer',
        description:
          'A personal API token (nst_…) created in your profile, holding the scopes chosen then. Each operation lists the scope it ' +
          "needs; without it the answer is 403 insufficient_scope. Operations that list none need a browser session. Scopes: " +
          Object.entries(API_SCOPES).map(([scope, meaning]) => `\`${scope}\` (${meaning})`).join(', ') + '.',
      },
    },
    // Routes that take or give raw bytes are plain routes, so they are described here by hand.
    paths: { ...communityImagePaths, ...activityPhotoPaths, ...messagePhotoPaths, ...cameraHlsPaths, ...calendarFeedPaths, ...familyExportPaths },
  });
  // OpenAPI 3.1's top-level webhooks: what Nestling POSTs to a registered endpoint, per event type.
  document.webhooks = webhookOperations();
  describeContract(document as unknown as ContractDocument, contractsOfProcedures());
  describeForPeople(document as unknown as ContractDocument, today);
  document.info.contact = { name: 'Nestling API support', url: `${publicOrigin}/api/docs` };
  document.info.license = { name: 'Proprietary: for integrations with Nestling only', url: `${publicOrigin}/api/docs` };
  return document;
}

type Procedures = Record<string, { _def: { inputs: unknown[]; meta?: ProcedureMeta } }>;

/** What each procedure's meta says about its REST operation, keyed as `METHOD /path`. */
function contractsOfProcedures(): Map<string, OperationContract> {
  const contracts = new Map<string, OperationContract>();
  for (const [procedure, { _def }] of Object.entries(appRouter._def.procedures as unknown as Procedures)) {
    const openapi = _def.meta?.openapi;
    if (!openapi) continue;
    const errorResponses = openapi.errorResponses ?? {};
    contracts.set(`${openapi.method} ${openapi.path}`, {
      tokenScope: TOKEN_SCOPES[procedure] ?? null,
      successStatus: _def.meta?.successStatus ?? 200,
      hasLocation: Boolean(_def.meta?.location),
      errorStatuses: (Array.isArray(errorResponses) ? errorResponses : Object.keys(errorResponses)).map(Number),
      errorDescriptions: Array.isArray(errorResponses) ? {} : errorResponses,
    });
  }
  return contracts;
}

/**
 * The router as the REST adapter is given it. On every call, trpc-to-openapi switches Zod's
 * coercion on inside the input schema of the procedure it serves (it sets `coerce` on each
 * number, boolean and date it finds), and those schemas are ours, shared with /trpc: after one
 * REST call, "false" became true and true became 1 on both paths. So the adapter sees copies of
 * the input schemas, which it may change as it likes, while every call still parses with the
 * originals: tRPC's input middleware holds them, and the adapter calls through `createCaller`,
 * which is bound to the real router. Text from paths and query strings is turned into numbers
 * and booleans by the schemas themselves (pathId, queryNumber, queryBoolean in common.ts).
 */
export function routerForRestAdapter(router: AppRouter): AppRouter {
  const procedures = router._def.procedures as unknown as Procedures;
  const copies = Object.fromEntries(
    Object.entries(procedures).map(([path, procedure]) => [
      path,
      { _def: { ...procedure._def, inputs: procedure._def.inputs.map((input) => copySchema(input as z.ZodType)) } },
    ]),
  );
  return { ...router, _def: { ...router._def, procedures: copies } } as unknown as AppRouter;
}

/** A deep copy of a Zod schema: every schema inside it (shape, wrapped type, options…) is copied too. */
function copySchema(schema: z.ZodType): z.ZodType {
  const def = Object.fromEntries(Object.entries(schema._zod.def).map(([key, value]) => [key, copyPart(value)]));
  return schema.clone(def as never);
}

function copyPart(value: unknown): unknown {
  if (value instanceof z.ZodType) return copySchema(value);
  if (Array.isArray(value)) return value.map(copyPart);
  if (value && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, part]) => [key, copyPart(part)]));
  }
  return value;
}
