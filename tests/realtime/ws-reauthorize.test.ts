import { familyIdOf } from '../helpers/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiScopeNames } from '../../src/shared/api-scopes';
import { closeCodes } from '../../src/shared/realtime';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';
import { listen, TestSocket } from './realtime-helpers';

// Open connections are checked again every 100 ms here (every minute in production).
let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp({ reauthorizeEveryMs: 100 });
  url = await listen(t.app);
});

afterAll(() => t.close());

const joined = (auth: { cookie?: string; token?: string; origin?: null }) => TestSocket.joined(url, 'classroom-3b', auth);

const classroomOf = (camera: string) =>
  t.database.db.selectFrom('cameras').select('classroom_id').where('id', '=', camera).executeTakeFirstOrThrow().then((row) => row.classroom_id);

async function parentId() {
  const user = await t.database.db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow();
  return user.id;
}

describe('a connection that outlives its sign-in', () => {
  it('is closed with 4401 once the parent signs out', async () => {
    const cookie = await t.signIn(demoAccounts.parent);
    const socket = await joined({ cookie });
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, 'content-type': 'application/json' }, payload: {} });
    expect(out.statusCode).toBeLessThan(300);

    expect(await socket.next()).toMatchObject({ type: 'error', code: 'UNAUTHORIZED' });
    expect((await socket.closed).code).toBe(closeCodes.notSignedIn);
  });

  it('is closed with 4401 once its API token is revoked', async () => {
    const { token, id } = await t.app.services.auth.createApiToken(await parentId(), { name: 'kitchen display', scopes: apiScopeNames });
    const socket = await joined({ token, origin: null });
    await t.app.services.auth.revokeApiToken(await parentId(), id);

    expect((await socket.closed).code).toBe(closeCodes.notSignedIn);
  });

  it('is closed with 4403 once the family no longer has a child in the classroom', async () => {
    const cookie = await t.signIn(demoAccounts.parent);
    const socket = await joined({ cookie });
    // The demo family's children in 3B move to 3A.
    const [room3a, room3b] = await Promise.all([classroomOf('classroom-3a'), classroomOf('classroom-3b')]);
    await t.database.db.updateTable('children').set({ classroom_id: room3a }).where('family_id', '=', await familyIdOf(t.database.db, await parentId())).where('classroom_id', '=', room3b).execute();

    expect(await socket.next()).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    expect((await socket.closed).code).toBe(closeCodes.notAllowed);
  });

  it('stays open while the parent is still signed in and allowed', async () => {
    const cookie = await t.signIn(demoAccounts.secondParent);
    const socket = await TestSocket.open(url, { cookie });
    // Several checks go by; nothing arrives and the socket stays open.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    await socket.close();
  });
});

describe('signing out on the instance that holds the connection', () => {
  let single: TestApp;
  let singleUrl: string;

  beforeAll(async () => {
    // The periodic check is put an hour apart: only the sign-out itself can close this socket
    // before the test times out.
    single = await createTestApp({ reauthorizeEveryMs: 3_600_000 });
    singleUrl = await listen(single.app);
  });

  afterAll(() => single.close());

  it('closes the connection at once, without waiting for the periodic check', async () => {
    const cookie = await single.signIn(demoAccounts.parent);
    const socket = await TestSocket.joined(singleUrl, 'classroom-3b', { cookie });
    await single.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, 'content-type': 'application/json' }, payload: {} });
    expect((await socket.closed).code).toBe(closeCodes.notSignedIn);
  });
});
