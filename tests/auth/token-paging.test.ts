import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiScopeNames } from '../../src/shared/api-scopes';
import { firstCursor, getPage, itPagesLikeEveryList, readAllPages, type PagedList } from '../helpers/paging';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

// GET /api/tokens is not in the spec's calls, so it answers pages itself.
let t: TestApp;
let parentId: number;
let family2Id: number;
const parent = () => t.cookieFor(demoAccounts.parent);
const family2 = () => t.cookieFor(demoAccounts.secondParent);

const tokens: PagedList = { app: () => t.app, path: '/api/tokens', procedure: 'apiTokens.list' };
const teachers: PagedList = { app: () => t.app, path: '/api/shadow-teachers/page', procedure: 'shadowTeachers.page' };

async function tokenIdsOf(userId: number) {
  const rows = await t.database.db.selectFrom('api_tokens').select('id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  parentId = (await db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow()).id;
  family2Id = (await db.selectFrom('users').select('id').where('email', '=', demoAccounts.secondParent.email).executeTakeFirstOrThrow()).id;
  // created_at is the database's now(), to the microsecond, which a JavaScript Date cannot hold.
  for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) await t.app.services.auth.createApiToken(parentId, { name, scopes: apiScopeNames });
  for (const name of ['Theirs 1', 'Theirs 2', 'Theirs 3']) await t.app.services.auth.createApiToken(family2Id, { name, scopes: apiScopeNames });
  const revoked = (await tokenIdsOf(parentId))[2]!;
  await t.app.services.auth.revokeApiToken(parentId, revoked);
});
afterAll(() => t?.close());

describe('GET /api/tokens', () => {
  itPagesLikeEveryList(tokens, { cookie: parent, expectedIds: () => tokenIdsOf(parentId), foreignList: teachers });

  it('needs sign-in', async () => {
    expect((await getPage(tokens, { limit: 2 })).statusCode).toBe(401);
  });

  it("shows another user nothing of the first user's, even given the first user's cursor", async () => {
    const cursor = await firstCursor(tokens, await parent());
    const res = await getPage(tokens, { limit: 100, cursor }, await family2());
    expect(res.statusCode, res.body).toBe(200);
    const theirs = await tokenIdsOf(family2Id);
    expect((res.json().items as { id: number }[]).every((token) => theirs.includes(token.id))).toBe(true);
    expect((await readAllPages(tokens, 2, await family2())).ids).toEqual(theirs);
  });
});
