import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';

interface PageBody {
  items: { id: number }[];
  nextCursor: string | null;
}

/** A paged list as a test reads it: over REST and over tRPC, as some caller. */
export interface PagedList {
  app: () => FastifyInstance;
  /** The REST path, such as /api/activities/page. */
  path: string;
  /** The tRPC procedure serving the same list, such as activities.page. */
  procedure: string;
  /** Inputs besides limit and cursor (filters, a post id), the same for every page. */
  input?: Record<string, string | number>;
}

const restQuery = (input: Record<string, string | number | undefined>) =>
  Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');

/** One page over REST; a `{id}` in the path is filled from input.id. */
export function getPage(list: PagedList, page: { limit?: number | string; cursor?: string }, cookie?: string) {
  const { id, ...query } = list.input ?? {};
  const path = list.path.replace('{id}', String(id));
  return list.app().inject({ method: 'GET', url: `${path}?${restQuery({ ...query, ...page })}`, headers: cookie ? { cookie } : {} });
}

/** One page over tRPC. */
export function getPageOverTrpc(list: PagedList, page: { limit?: number; cursor?: string }, cookie?: string) {
  const input = encodeURIComponent(JSON.stringify({ ...list.input, ...page }));
  return list.app().inject({ method: 'GET', url: `/trpc/${list.procedure}?input=${input}`, headers: cookie ? { cookie } : {} });
}

/** Follows nextCursor from the first page to the last; answers the ids in the order served and each page's size. */
export async function readAllPages(list: PagedList, limit: number, cookie?: string): Promise<{ ids: number[]; sizes: number[] }> {
  const ids: number[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  for (;;) {
    const res = await getPage(list, { limit, cursor }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PageBody;
    ids.push(...body.items.map((item) => item.id));
    sizes.push(body.items.length);
    if (body.nextCursor === null) return { ids, sizes };
    expect(sizes.length, 'more pages than rows: nextCursor never became null').toBeLessThanOrEqual(ids.length + 1);
    cursor = body.nextCursor;
  }
}

/** The first page's cursor, for trying it where it does not belong. */
export async function firstCursor(list: PagedList, cookie?: string): Promise<string> {
  const res = await getPage(list, { limit: 1 }, cookie);
  expect(res.statusCode, res.body).toBe(200);
  const cursor = (res.json() as PageBody).nextCursor;
  expect(cursor, 'the list has one row or none: nothing to page').not.toBeNull();
  return cursor!;
}

export function expectRefusedField(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().errors?.[0]?.path, res.body).toBe(field);
}

export function expectRefusedFieldOverTrpc(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error.data.problem.errors[0].path, res.body).toBe(field);
}

/**
 * The rules every paged list keeps (issue 15, item 6): limit 2 reads every row once in order,
 * the last page's nextCursor is null, REST and tRPC serve the same pages, limit 0 and 101 and a
 * bad or foreign cursor are 400. `expectedIds` reads the rows the caller may see, in the list's
 * order, straight from the database.
 */
export function itPagesLikeEveryList(
  list: PagedList,
  options: { cookie?: () => Promise<string>; expectedIds: () => Promise<number[]>; foreignList: PagedList; foreignCookie?: () => Promise<string> },
) {
  const cookie = async () => options.cookie?.();

  it('pages through every row once, in order, 2 at a time, with nextCursor null on the last page', async () => {
    const expected = await options.expectedIds();
    expect(expected.length, 'needs at least 3 rows to page').toBeGreaterThanOrEqual(3);
    const { ids, sizes } = await readAllPages(list, 2, await cookie());
    expect(ids).toEqual(expected);
    expect(sizes).toEqual(expected.map((_, i) => i).filter((i) => i % 2 === 0).map((i) => Math.min(2, expected.length - i)));
  });

  it('serves the same pages over tRPC', async () => {
    const first = (await getPage(list, { limit: 2 }, await cookie())).json() as PageBody;
    expect(first.items).toHaveLength(2);
    const overTrpc = await getPageOverTrpc(list, { limit: 2 }, await cookie());
    expect(overTrpc.statusCode, overTrpc.body).toBe(200);
    expect(overTrpc.json().result.data).toEqual(first);
    const second = await getPageOverTrpc(list, { limit: 2, cursor: first.nextCursor! }, await cookie());
    expect(second.json().result.data).toEqual((await getPage(list, { limit: 2, cursor: first.nextCursor! }, await cookie())).json());
  });

  it('answers 20 by default, and refuses limit 0 and 101 with 400 naming limit', async () => {
    const all = await options.expectedIds();
    expect((await getPage(list, {}, await cookie())).json().items).toHaveLength(Math.min(20, all.length));
    expectRefusedField(await getPage(list, { limit: 0 }, await cookie()), 'limit');
    expectRefusedField(await getPage(list, { limit: 101 }, await cookie()), 'limit');
    expect((await getPage(list, { limit: 100 }, await cookie())).statusCode).toBe(200);
    expectRefusedFieldOverTrpc(await getPageOverTrpc(list, { limit: 101 }, await cookie()), 'limit');
  });

  it("refuses a malformed cursor, an altered one and another list's with 400 naming cursor", async () => {
    const own = await firstCursor(list, await cookie());
    const altered = Buffer.from(Buffer.from(own, 'base64url').toString('utf8').replace(/,/, ',"x",')).toString('base64url');
    const foreign = await firstCursor(options.foreignList, await options.foreignCookie?.());
    for (const cursor of ['not-a-cursor', 'bm9wZQ', altered, foreign]) {
      expectRefusedField(await getPage(list, { limit: 2, cursor }, await cookie()), 'cursor');
    }
    expectRefusedFieldOverTrpc(await getPageOverTrpc(list, { limit: 2, cursor: foreign }, await cookie()), 'cursor');
  });
}
