import { PROBLEMS, PROBLEM_CODES, PROBLEM_CONTENT_TYPE } from '../errors';
import { CATALOGUE_PATHS } from '../lib/etag';
import { RATE_LIMITED_OPERATIONS } from '../lib/rate-limit-headers';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER, idempotentOperations } from './idempotency';

/**
 * The parts of the OpenAPI document the generator cannot know, written in once here so that every
 * operation states what it really answers (a test checks every answer of the suite against it):
 * - every error is a problem (RFC 9457) with a code from one closed list;
 * - each operation lists every status it can answer: those that follow from its shape (bad input,
 *   sign-in, a body, a path id, idempotency, rate limits) and those its procedure names;
 * - a create answers 201, with Location where the new thing can be read;
 * - public operations say `security: []`.
 */

export interface OperationContract {
  /** The scope an API token needs; null when only a browser session may call it (for a signed-in operation). */
  tokenScope: string | null;
  successStatus: 200 | 201 | 202;
  hasLocation: boolean;
  /** Statuses the procedure names beyond those its shape implies (404 for an id in the body, 409, 503…). */
  errorStatuses: number[];
  /** What the procedure says a status means for it; the generator keeps only one text per status for the whole document. */
  errorDescriptions: Record<number, string>;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: unknown;
}
interface Response {
  description?: string;
  content?: Record<string, unknown>;
  headers?: Record<string, unknown>;
}
interface Operation {
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: unknown;
  responses?: Record<string, Response>;
}
export interface ContractDocument {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; headers?: Record<string, unknown> };
}

const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);
const problemRef = { $ref: '#/components/schemas/Problem' };
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

const PROBLEM_SCHEMA = {
  type: 'object',
  description: 'An error, as RFC 9457 problem details. Switch on `code`; show `detail` to people.',
  additionalProperties: false,
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string', description: 'A URI for the code: GET it for its description.', examples: ['/api/problems/slot_unavailable'] },
    title: { type: 'string', description: "The code's short, fixed summary.", examples: ['Time unavailable'] },
    status: { type: 'integer', minimum: 400, maximum: 599, examples: [409] },
    detail: { type: 'string', description: 'What went wrong this time, in words a person can act on.', examples: ['That time is no longer available'] },
    code: { type: 'string', enum: PROBLEM_CODES, description: 'The machine-readable reason, from a closed list (GET /api/problems).' },
    errors: {
      type: 'array',
      description: 'For bad input: each field at fault, once.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'message', 'code'],
        properties: {
          path: { type: 'string', description: 'The field, dotted for nested ones (history.0.role).', examples: ['dateOfBirth'] },
          message: { type: 'string', examples: ['Use a date in the form yyyy-MM-dd, such as 2026-11-23.'] },
          code: { type: 'string', description: "How it failed: a Zod issue code (too_big, invalid_type…) or 'invalid'.", examples: ['invalid_format'] },
        },
      },
    },
    requestId: { type: 'string', description: 'On a 500 only: quote it to support; it names the log line.' },
  },
};

const HEADERS = {
  RetryAfter: { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } },
  Location: { description: 'Where the created resource can be read.', schema: { type: 'string', examples: ['/api/community/posts/42'] } },
  RateLimit: { description: 'Requests left and seconds until the window resets, per policy (draft-ietf-httpapi-ratelimit-headers).', schema: { type: 'string', examples: ['"auth-per-address";r=19;t=900'] } },
  RateLimitPolicy: { description: 'Each limit counted for this operation: quota and window in seconds.', schema: { type: 'string', examples: ['"auth-per-address";q=20;w=900'] } },
  ETag: { description: 'A strong validator of this answer; send it back as If-None-Match.', schema: { type: 'string' } },
  IdempotentReplayed: { description: 'true when this answer replays the first answer to the same Idempotency-Key.', schema: { type: 'string', enum: ['true'] } },
};

/** Codes by status, for each response's description. */
function describeStatus(status: number): string {
  const codes = PROBLEM_CODES.filter((code) => PROBLEMS[code].status === status);
  return codes.map((code) => `\`${code}\`: ${PROBLEMS[code].description}`).join(' ');
}

/** Another family's ids answer 404 wherever they are taken, in the body as in the path. */
function takesIdsInBody(operation: Operation): boolean {
  const schema = (operation.requestBody as { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } | undefined)?.content?.['application/json']?.schema;
  return Object.keys(schema?.properties ?? {}).some((name) => /(Id|Ids)$/.test(name));
}

const isKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

export function describeContract(document: ContractDocument, contracts: Map<string, OperationContract>) {
  document.components ??= {};
  document.components.schemas = Object.fromEntries(Object.entries(document.components.schemas ?? {}).filter(([name]) => !name.startsWith('error.')));
  document.components.schemas.Problem = PROBLEM_SCHEMA;
  document.components.headers = { ...document.components.headers, ...HEADERS };
  const idempotent = new Set(idempotentOperations().map((op) => isKey(op.method, op.path)));
  const rateLimited = new Set(RATE_LIMITED_OPERATIONS.map((op) => isKey(op.method, op.path)));

  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      const key = isKey(method, path);
      const contract = contracts.get(key);
      const responses = (operation.responses ??= {});
      const isPublic = !operation.security?.length;
      if (isPublic) operation.security = [];
      else if (contract) operation.security = contract.tokenScope ? [{ sessionCookie: [] }, { bearerToken: [contract.tokenScope] }] : [{ sessionCookie: [] }];
      // OpenAPI requires path parameters to say required: true; the generator decides by whether the
      // schema takes undefined, and a schema that reads text first (pathId) looks as if it did.
      for (const parameter of operation.parameters ?? []) if (parameter.in === 'path') parameter.required = true;

      // Every input is a strict object; a refined one (children, mental-health bookings) loses
      // additionalProperties in the generator, though unknown fields are refused all the same.
      const body = (operation.requestBody as { content?: Record<string, { schema?: Record<string, unknown> }> } | undefined)?.content?.['application/json']?.schema;
      if (body?.type === 'object' && body.additionalProperties === undefined) body.additionalProperties = false;
      if (contract && contract.successStatus !== 200 && responses['200']) {
        responses[String(contract.successStatus)] = { ...responses['200'], headers: contract.hasLocation ? { Location: headerRef('Location') } : undefined };
        delete responses['200'];
      }
      const statuses = new Set<number>([400, 500, ...(contract?.errorStatuses ?? [])]);
      if (!isPublic) [401, 403].forEach((s) => statuses.add(s));
      if (BODY_METHODS.has(method)) [413, 415].forEach((s) => statuses.add(s));
      if (operation.parameters?.some((p) => p.in === 'path') || takesIdsInBody(operation)) statuses.add(404);
      if (idempotent.has(key)) {
        [409, 422].forEach((s) => statuses.add(s));
        (operation.parameters ??= []).push({
          name: IDEMPOTENCY_HEADER,
          in: 'header',
          required: false,
          description: 'Any unique text up to 255 printable characters. A retry with the same key and body within 24 hours replays the first answer; with another body it answers 422.',
          schema: { type: 'string', minLength: 1, maxLength: 255, examples: ['5f0c7a7e-4c1e-4b7e-9a55-2f1f0e6b9d11'] },
        });
      }
      if (rateLimited.has(key)) statuses.add(429);
      for (const status of Object.keys(responses).map(Number)) if (status >= 400) statuses.add(status);

      for (const status of [...statuses].sort()) {
        const existing = responses[String(status)];
        const retry = status === 429 || status === 503;
        responses[String(status)] = {
          // A plain route's own words, else the procedure's, else what the status's codes mean.
          description: (contract ? contract.errorDescriptions[status] : existing?.description) ?? describeStatus(status),
          content: { [PROBLEM_CONTENT_TYPE]: { schema: problemRef } },
          ...(retry ? { headers: { 'Retry-After': headerRef('RetryAfter') } } : {}),
        };
      }
      const success = Object.entries(responses).find(([status]) => status.startsWith('2'))?.[1];
      if (success && rateLimited.has(key)) success.headers = { ...success.headers, RateLimit: headerRef('RateLimit'), 'RateLimit-Policy': headerRef('RateLimitPolicy') };
      if (success && method === 'get' && CATALOGUE_PATHS.includes(path)) {
        success.headers = { ...success.headers, ETag: headerRef('ETag') };
        responses['304'] = { description: 'If-None-Match named the current ETag: the copy the client has is current. No body.' };
      }
      if (success && idempotent.has(key)) success.headers = { ...success.headers, [REPLAYED_HEADER]: headerRef('IdempotentReplayed') };
    }
  }
}

// ---- Words and examples -------------------------------------------------------------------

/** Parameters mean the same wherever they appear, so each name is described once. */
const PARAMETER_DESCRIPTIONS: Record<string, string> = {
  id: 'The id of the thing the path names, as listed by its collection. Ids of another family answer 404.',
  limit: 'Items per page: 1 to 100, 20 when absent.',
  direction: "Sent by tRPC's infinite queries; lists page forward only, so it is ignored.",
  cursor: "The previous page's nextCursor, to read the page after it. Opaque: pass it back unchanged.",
  channel: "A camera id (such as 'classroom-3b') or 'classroom:<id>'; only your children's classrooms (staff: your nursery's).",
  before: 'Only activities older than the activity with this id (the older style of paging; prefer /activities/page).',
  q: 'Words to find in the name, city or description.',
  specialNeeds: 'true for nurseries that support children with special needs.',
  ageMin: 'Youngest age accepted, in years.',
  ageMax: 'Oldest age accepted, in years; not less than ageMin.',
  withinMiles: 'Only nurseries within this many miles of lat/lng, or of your home city when signed in.',
  lat: 'Latitude to measure distance from, with lng.',
  lng: 'Longitude to measure distance from, with lat.',
  specialization: 'Only teachers with this specialization.',
  location: 'Only teachers working in this city or area.',
  slug: "The article's slug: lowercase words joined by hyphens, such as 'picky-eating'.",
  parentId: 'Your own user id (the only one allowed); may be left out.',
  from: 'First date to show, yyyy-MM-dd; the booking window starts tomorrow.',
  to: 'Last date to show, yyyy-MM-dd; not before from, at most 30 days ahead.',
  groupId: "Only posts of this support group (members only), or leave out for the general feed.",
  code: 'A problem code, as in the code of an error body.',
  token: 'The secret of a calendar subscription, as in the address Profile shows.',
  secret: 'The secret of a password reset link: the last part of the link, after /reset-password/.',
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  health: 'Whether the service is up.',
  auth: 'Sign up, sign in and out with a session cookie.',
  users: 'The signed-in account.',
  'api tokens': 'Personal tokens for `Authorization: Bearer`; created and revoked from a browser session.',
  children: "A family's children.",
  monitoring: "Cameras, the live activity log of your children's classrooms, and staff's rosters. Live updates come over /ws (see the AsyncAPI document).",
  shop: 'Special-needs equipment.',
  nurseries: 'Nursery search.',
  'shadow teachers': 'Shadow teachers and when they are free.',
  'shadow bookings': 'Booking shadow teachers: requests, their status, and the calendar feed.',
  assistant: 'The parenting assistant. Messages that describe an emergency get the emergency number first.',
  articles: "The assistant's knowledge-base articles.",
  community: 'Posts, comments, likes, images and support groups.',
  'mental health': 'Mental-health services, specialists and bookings.',
  problems: 'The closed list of error codes.',
  calendar: 'Calendar subscriptions for apps that cannot send credentials.',
};

const SAFE_INTEGER = 9007199254740991;

/** Examples a person can try: dates inside the booking window, ids of the demo data. */
export function describeForPeople(document: ContractDocument & { info?: Record<string, unknown>; tags?: { name: string; description?: string }[] }, today: Date) {
  const used = new Set<string>();
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item) as (Operation & { tags?: string[] })[]) {
      operation.tags?.forEach((tag) => used.add(tag));
      for (const parameter of operation.parameters ?? []) parameter.description ??= PARAMETER_DESCRIPTIONS[parameter.name];
    }
  }
  document.tags = [...used].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  const bookable = nextWeekday(today, 3);
  walkSchemas(document, (schema, name) => {
    if (schema.minimum === -SAFE_INTEGER) delete schema.minimum;
    if (schema.maximum === SAFE_INTEGER) delete schema.maximum;
    if (schema.examples || schema.example !== undefined) return;
    if (schema.format === 'date') schema.examples = [name === 'dateOfBirth' ? '2023-04-12' : bookable];
    else if (schema.format === 'date-time') schema.examples = [`${bookable}T09:30:00.000Z`];
    else if (schema.type === 'integer' && name && /^(id|\w+Id)$/.test(name)) schema.examples = [1];
  });
}

/** A weekday at least `daysAhead` days after today, as yyyy-MM-dd. */
function nextWeekday(today: Date, daysAhead: number): string {
  const date = new Date(today.getTime() + daysAhead * 86_400_000);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

type Schema = Record<string, unknown> & { properties?: Record<string, Schema> };

/** Calls visit on every schema object in the document, with the property name it sits under. */
function walkSchemas(node: unknown, visit: (schema: Schema, name?: string) => void, name?: string) {
  if (Array.isArray(node)) return node.forEach((child) => walkSchemas(child, visit, name));
  if (!node || typeof node !== 'object') return;
  const record = node as Schema;
  if (typeof record.type === 'string' || Array.isArray(record.type)) visit(record, name);
  for (const [key, value] of Object.entries(record)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [property, schema] of Object.entries(value as Record<string, unknown>)) walkSchemas(schema, visit, property);
    } else if (key === 'parameters' && Array.isArray(value)) {
      for (const parameter of value as { name?: string; schema?: unknown }[]) walkSchemas(parameter.schema, visit, parameter.name);
    } else if (key !== 'examples') {
      walkSchemas(value, visit, key === 'items' || key === 'anyOf' || key === 'oneOf' ? name : undefined);
    }
  }
}
