import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '../../src/server/trpc/openapi';
import { pathPattern } from '../../src/server/trpc/rest-errors';

/**
 * Checks every REST answer a test receives against the OpenAPI document: its status must be one
 * the operation declares, and its body must fit the schema declared for that status. A test that
 * makes the server say something the document does not is failed (see response-contract-setup.ts),
 * so the document cannot drift from what the server does.
 */

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

type DocumentPaths = Record<string, Record<string, { responses?: Operation['responses'] }>>;

const violations: string[] = [];

/** The violations seen since the last call; the setup file fails the test that caused them. */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

let compiled: { operations: Operation[]; validatorFor(pointer: string): ValidateFunction } | undefined;

function contract() {
  if (compiled) return compiled;
  // The origin only appears in servers and descriptions, never in a schema.
  const document = buildOpenApiDocument('http://contract.test') as unknown as { paths: DocumentPaths };
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi');
  const validators = new Map<string, ValidateFunction>();
  const operations = Object.entries(document.paths).flatMap(([template, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      pattern: pathPattern('/api', template),
      responses: operation.responses ?? {},
    })),
  );
  compiled = {
    operations,
    validatorFor(pointer) {
      let validate = validators.get(pointer);
      if (!validate) validators.set(pointer, (validate = ajv.compile({ $ref: `openapi#${pointer}` })));
      return validate;
    },
  };
  return compiled;
}

const escapePointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** Templates without parameters win over those with them, as the router matches. */
function operationFor(method: string, pathname: string): Operation | undefined {
  const candidates = contract().operations.filter((operation) => operation.method === method && operation.pattern.test(pathname));
  return candidates.sort((a, b) => a.template.split('{').length - b.template.split('{').length)[0];
}

export function checkResponsesAgainstDocument(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    (request as { contractPath?: string }).contractPath = request.url.split('?')[0];
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const pathname = (request as { contractPath?: string }).contractPath ?? '';
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const operation = operationFor(method, pathname);
    if (!operation) return payload;
    const status = String(reply.statusCode);
    const where = `${request.method} ${pathname} answered ${status}`;
    const response = operation.responses[status];
    if (!response) {
      violations.push(`${where}, which ${operation.method} ${operation.template} does not declare (it declares ${Object.keys(operation.responses).join(', ')})`);
      return payload;
    }
    if (typeof payload !== 'string' || payload === '') return payload;
    const contentType = String(reply.getHeader('content-type') ?? '').split(';')[0]!.trim();
    if (!response.content?.[contentType]) {
      violations.push(`${where} with ${contentType}, which the document does not declare for that status`);
      return payload;
    }
    if (!contentType.endsWith('json')) return payload;
    const pointer = `/paths/${escapePointer(operation.template)}/${operation.method.toLowerCase()}/responses/${status}/content/${escapePointer(contentType)}/schema`;
    const validate = contract().validatorFor(pointer);
    if (!validate(JSON.parse(payload))) {
      violations.push(`${where} with a body that does not fit the document: ${JSON.stringify(validate.errors?.slice(0, 3))} body ${payload.slice(0, 300)}`);
    }
    return payload;
  });
}
