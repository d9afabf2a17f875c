import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CODES, PROBLEM_CONTENT_TYPE, problemType, type ProblemCode } from '../../src/server/errors';
import { createTestApp, demoAccounts, sessionCookieOf, type TestApp } from '../helpers/test-app';

/**
 * Reads /api/openapi.json and, for every operation in it, sends hostile values for every
 * parameter and body field, generated from the document's own schemas: NUL and lone surrogates,
 * huge and negative numbers, ids above int4, wrong types, empty and very long strings, deep
 * nesting, arrays where objects belong, mixed with valid values so that the rest of a request
 * gets past validation. Each operation is tried as the demo parent and signed out. No answer may
 * be a 5xx, and every error must have the shape REST errors have. A new endpoint is fuzzed as
 * soon as it is in the document.
 *
 * The run is fixed (seed and runs below) so that it is the same every time; a failure prints
 * the seed and the counterexample. Try other inputs with FUZZ_SEED=<n> and FUZZ_RUNS=<n>.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const INT4_MAX = 2_147_483_647;

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  contentMediaType?: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, or the raw content types an operation takes as bytes. */
  jsonBody?: JsonSchema;
  rawBodyTypes: string[];
}

interface FuzzRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

let t: TestApp;
let document: { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>> };
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
  operations = operationsOf();
});
afterAll(() => t?.close());

function resolve(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  const target = schema.$ref
    .split('/')
    .slice(1)
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document);
  return resolve(target as JsonSchema);
}

function operationsOf(): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const op = item[method]!;
      const content = op.requestBody?.content ?? {};
      return {
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) })),
        jsonBody: content['application/json'] ? (resolve(content['application/json'].schema) ?? {}) : undefined,
        rawBodyTypes: Object.keys(content).filter((type) => type !== 'application/json'),
      };
    }),
  );
}

// ---- Values -------------------------------------------------------------------------------

/** Text no database column should ever be handed as it is. */
const hostileText = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800', '\uffff', '\u202e', '%00', '../..', "'; drop table users; --", '𝒳'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\ud800', '\udc00', 'a', '0', '-'), minLength: 1, maxLength: 30 }),
  fc.constantFrom(1_000, 10_001, 100_000).map((length) => 'x'.repeat(length)),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, -0, 1.5, -2_147_483_649, INT4_MAX + 1, 4_294_967_296, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e21, 1e308, -1e308, 5e-324),
  fc.integer({ min: INT4_MAX + 1, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: 0 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Nested arrays and objects, some deeper than any contract goes. */
const deepNesting = fc
  .tuple(fc.integer({ min: 2, max: 3_000 }), fc.boolean())
  .map(([depth, asArrays]) => {
    let value: unknown = 1;
    for (let level = 0; level < depth; level++) value = asArrays ? [value] : { a: value };
    return value;
  });

const wrongType = fc.oneof(
  fc.constantFrom(true, false, null, {}, [], [1], ['a'], { '0': 1 }, '1', 'true', 'false', 'null', '[]', '{}'),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileText, hostileNumber, wrongType, deepNesting);

/** A value the schema accepts, or near enough, so that the other fields get past validation. */
function validValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  schema = resolve(schema);
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => validValue(option, depth + 1)));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer': {
      const min = Math.max(schema.minimum ?? -1_000, schema.exclusiveMinimum === undefined ? -Infinity : schema.exclusiveMinimum + 1);
      const max = Math.min(schema.maximum ?? 1_000_000, schema.exclusiveMaximum === undefined ? Infinity : schema.exclusiveMaximum - 1, Number.MAX_SAFE_INTEGER);
      // Small ids name rows that exist, so requests reach the code behind validation too.
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 20) }), fc.integer({ min, max }));
    }
    case 'number':
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1_000,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 1_000,
        minExcluded: schema.minimum === undefined && schema.exclusiveMinimum !== undefined,
        maxExcluded: schema.maximum === undefined && schema.exclusiveMaximum !== undefined,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return validText(schema);
    case 'array':
      return fc.array(validValue(schema.items, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object':
      return objectOf(schema, (field) => validValue(field, depth + 1));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Mostly dates near today, where bookings and activities live; sometimes any date at all. */
const aDate = fc.oneof(
  fc.integer({ min: -40, max: 40 }).map((days) => new Date(Date.now() + days * 86_400_000)),
  fc.date({ min: new Date('1000-01-01'), max: new Date('9999-12-31'), noInvalidDate: true }),
);

function validText(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date') return aDate.map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return aDate.map((d) => d.toISOString());
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    // Fitted to the length by repeating and cutting, not by filtering: a filter that rarely passes
    // (a reset secret of 20 to 100 characters) makes fast-check search for ever. For the patterns
    // we use (a character class repeated) the fitted string still matches.
    const { minLength = 0, maxLength = Infinity } = schema;
    return fc.stringMatching(new RegExp(schema.pattern)).map((s) => (s.length === 0 ? s : s.repeat(Math.ceil(minLength / s.length) || 1).slice(0, maxLength)));
  }
  const length = { minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) };
  return fc.oneof(fc.string({ ...length, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789 -') }), fc.string({ ...length, unit: 'grapheme' }));
}

/** How one input (a body field, a parameter) can be given: valid, hostile, or any way at all. */
interface InputChoices<T> {
  required: boolean;
  valid: fc.Arbitrary<T>;
  hostile: fc.Arbitrary<T>;
  any: fc.Arbitrary<T | undefined>;
}

/**
 * Values for a set of inputs, in one of three ways: each input any way at all; all valid but
 * one, which is hostile; or all valid. The last two get requests past validation too, so that
 * hostile values reach the code and the queries behind it.
 */
function mixed<T>(inputs: InputChoices<T>[]): fc.Arbitrary<(T | undefined)[]> {
  const valid = (input: InputChoices<T>) => (input.required ? input.valid : fc.option(input.valid, { nil: undefined, freq: 3 }));
  const ways: fc.Arbitrary<(T | undefined)[]>[] = [fc.tuple(...inputs.map((input) => input.any)), fc.tuple(...inputs.map(valid))];
  if (inputs.length) ways.push(fc.nat(inputs.length - 1).chain((hostile) => fc.tuple(...inputs.map((input, i) => (i === hostile ? input.hostile : valid(input))))));
  return fc.oneof(...ways);
}

/** An object of the schema's fields, mixed as above, sometimes with a field it does not know. */
function objectOf(schema: JsonSchema, valid: (field: JsonSchema) => fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const inputs = fields.map(([name, field]): InputChoices<unknown> => ({
    required: required.has(name),
    valid: valid(field),
    hostile: hostileValue,
    any: fc.oneof(
      { weight: 3, arbitrary: valid(field) },
      { weight: 2, arbitrary: hostileValue },
      { weight: required.has(name) ? 1 : 2, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: valid(field).map((value) => [value]) },
    ),
  }));
  return fc
    .tuple(mixed(inputs), fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'extra', ''), hostileValue), { freq: 5 }))
    .map(([values, extra]) => {
      const object: Record<string, unknown> = {};
      fields.forEach(([name], i) => {
        if (values[i] !== undefined) object[name] = values[i];
      });
      if (extra) Object.defineProperty(object, extra[0], { value: extra[1], enumerable: true });
      return object;
    });
}

// ---- Requests -----------------------------------------------------------------------------

/** How a value travels in a path or query string: as text, or as raw bytes no browser would send. */
const asUrlText = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
const rawUrlBytes = fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%FF%FE', '%C0%AF', '%', '%2', '%25', '%2F', '..%2F..', '%0A%0D');

function percentEncode(text: string): string {
  // encodeURIComponent throws on a lone surrogate; send it as the bytes a careless encoder would.
  return Array.from(text, (char) => {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    return encodeURIComponent(char);
  }).join('');
}

/** A parameter's values as they go into the URL: one, or several of a query parameter, percent-encoded. */
function parameterChoices(parameter: Parameter): InputChoices<string[]> {
  const valid = validValue(parameter.schema).map((value) => [percentEncode(asUrlText(value))]);
  const hostileText = fc.oneof(hostileValue.map((value) => percentEncode(asUrlText(value))), rawUrlBytes);
  // The same query parameter twice: the adapter hands the procedure an array.
  const hostile = parameter.in === 'query' ? fc.oneof(hostileText.map((value) => [value]), fc.array(hostileText, { minLength: 2, maxLength: 3 })) : hostileText.map((value) => [value]);
  return {
    required: parameter.in === 'path' || Boolean(parameter.required),
    valid,
    hostile,
    any: fc.oneof(
      { weight: 3, arbitrary: valid },
      { weight: 3, arbitrary: hostile },
      { weight: parameter.in === 'path' || parameter.required ? 0 : 2, arbitrary: fc.constant(undefined) },
    ),
  };
}

/** A whole body that is not the object an operation wants. */
const hostileBody = fc.oneof(
  hostileValue.map((value) => JSON.stringify(value)),
  fc.constantFrom('', '{', '{"a":', 'null', '"text"', '[{}]', '{"__proto__":{"admin":true}}', '\u0000', '{"a":"\\ud800"}'),
  fc.constantFrom(1_000, 100_000).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.constantFrom(1_000, 100_000).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
);

function requestsFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const parameters = mixed(op.parameters.map(parameterChoices)).map((values) => op.parameters.map((p, i) => [p, values[i]] as const));
  const body: fc.Arbitrary<{ contentType?: string; payload?: string | Buffer }> = op.jsonBody
    ? fc.oneof(
        { weight: 5, arbitrary: objectOf(op.jsonBody, (field) => validValue(field)).map((value) => ({ contentType: 'application/json', payload: JSON.stringify(value) })) },
        { weight: 1, arbitrary: hostileBody.map((payload) => ({ contentType: 'application/json', payload })) },
      )
    : op.rawBodyTypes.length
      ? fc.record({ contentType: fc.constantFrom(...op.rawBodyTypes), payload: fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Buffer.from(bytes)) })
      : ['GET', 'DELETE'].includes(op.method)
        ? fc.constant({})
        : fc.constant({ contentType: 'application/json', payload: '{}' });
  return fc.tuple(parameters, body).map(([values, { contentType, payload }]) => {
    let path = op.path;
    const query: string[] = [];
    for (const [parameter, given] of values) {
      if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, given?.[0] ?? '');
      else if (parameter.in === 'query') for (const value of given ?? []) query.push(`${encodeURIComponent(parameter.name)}=${value}`);
    }
    return {
      url: `/api${path}${query.length ? `?${query.join('&')}` : ''}`,
      headers: contentType ? { 'content-type': contentType } : ({} as Record<string, string>),
      ...(payload === undefined ? {} : { payload }),
    };
  });
}

// ---- Answers ------------------------------------------------------------------------------

const PROBLEM_KEYS = new Set(['type', 'title', 'status', 'detail', 'code', 'errors', 'requestId']);

/** Why an answer breaks the rules, or undefined when it keeps them. */
function fault(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  if (response.statusCode < 400) return undefined;
  if (!String(response.headers['content-type']).startsWith(PROBLEM_CONTENT_TYPE)) return `an error of type ${response.headers['content-type']}`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return 'an error body that is not JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'an error body that is not an object';
  const { type, status, detail, code, errors } = body as Record<string, unknown>;
  const unknownKeys = Object.keys(body).filter((key) => !PROBLEM_KEYS.has(key));
  if (unknownKeys.length) return `an error body with ${unknownKeys.join(', ')}`;
  if (typeof detail !== 'string' || !detail.trim()) return 'an error without a detail';
  if (!PROBLEM_CODES.includes(code as ProblemCode)) return `an error whose code ${String(code)} is not in the documented list`;
  if (status !== response.statusCode || type !== problemType(code as ProblemCode)) return 'an error whose status or type disagrees with its answer';
  if (errors !== undefined && (!Array.isArray(errors) || errors.some((error) => typeof error?.message !== 'string' || typeof error?.path !== 'string'))) {
    return 'an error whose field errors have no path or message';
  }
  if (/\bat \S+ \(.+:\d+:\d+\)|node_modules\/|"stack"|\bSELECT\b.+\bFROM\b|\bINSERT INTO\b/.test(response.body)) return 'an error that shows a stack trace or SQL';
  return undefined;
}

const shorten = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}… (${text.length} characters)` : text);
const describeRequest = (op: Operation, request: FuzzRequest) =>
  `${op.method} ${shorten(request.url)}${request.payload === undefined ? '' : ` ${shorten(String(request.payload))}`}`;

async function fuzz(op: Operation, session: string | undefined): Promise<string | undefined> {
  const details = await fc.check(
    fc.asyncProperty(requestsFor(op), async (request) => {
      const response = await t.app.inject({
        method: op.method as 'GET',
        url: request.url,
        headers: { ...request.headers, ...(session ? { cookie: session } : {}) },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      const problem = fault(response);
      if (problem) throw new Error(`${problem}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    }),
    { seed: SEED, numRuns: RUNS },
  );
  if (!details.failed) return undefined;
  const example = details.counterexample?.[0] as FuzzRequest | undefined;
  return `${op.method} ${op.path} (seed ${SEED}, path ${details.counterexamplePath}): ${example ? describeRequest(op, example) : ''}\n  ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`;
}

/** From an address of its own, since the fuzzed sign-ins may have used up this one's allowance. */
async function signInDemoParent(): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: demoAccounts.parent, remoteAddress: '192.0.2.10' });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookieOf(response);
}

describe('every operation in the OpenAPI document, given hostile input', () => {
  it('is fuzzed: the document lists operations with parameters and bodies', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.some((op) => op.parameters.some((p) => p.in === 'query'))).toBe(true);
    expect(operations.some((op) => op.jsonBody)).toBe(true);
  });

  it('never answers 5xx, and every error is a problem with a documented code, signed out', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const failure = await fuzz(op, undefined);
      if (failure) failures.push(failure);
    }
    expect(failures, `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`).toEqual([]);
  });

  it('never answers 5xx, and every error is a problem with a documented code, as the demo parent', async () => {
    const failures: string[] = [];
    let session = await signInDemoParent();
    for (const op of operations) {
      // Fuzzing sign-out ends the session; a fresh one keeps the operations after it signed in.
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: session } });
      if (me.statusCode !== 200) session = await signInDemoParent();
      const failure = await fuzz(op, session);
      if (failure) failures.push(failure);
    }
    expect(failures, `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`).toEqual([]);
  });
});
