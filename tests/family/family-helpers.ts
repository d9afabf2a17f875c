import type { FastifyInstance } from 'fastify';
import { TEST_ORIGIN } from '../helpers/test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** REST calls to `app` as the holder of `cookie`, with the Origin a browser sends, and JSON when there is a body. */
export function restOf(app: FastifyInstance) {
  return (method: Method, path: string, cookie?: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api${path}`,
      headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
}
