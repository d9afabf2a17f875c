import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeCodes } from '../../src/shared/realtime';
import { CARER_MAY } from '../../src/server/trpc/family-roles';
import { appRouter } from '../../src/server/trpc/router';
import { restOf } from './family-helpers';
import { createTestApp, demoAccounts, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { listen, TestSocket } from '../realtime/realtime-helpers';

// The demo family (Sarah, a guardian, with children at nursery) invites other adults; the second
// demo family must see nothing of it, whatever its adults do.
let t: TestApp;
let url: string;
let sarah: string;
let otherFamily: string;

const PASSWORD = 'a quiet harbour at dawn 7';
let accounts = 0;

async function signUp(name: string): Promise<{ cookie: string; id: number; email: string }> {
  const email = `adult-${++accounts}@family.test`;
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { name, email, password: PASSWORD } });
  expect(response.statusCode, response.body).toBe(200);
  return { cookie: sessionCookieOf(response), id: response.json().id, email };
}

const rest = (...args: Parameters<ReturnType<typeof restOf>>) => restOf(t.app)(...args);

function trpc(procedure: string, cookie: string, input: unknown, kind: 'query' | 'mutation') {
  return kind === 'query'
    ? t.app.inject({ url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: { cookie } })
    : t.app.inject({ method: 'POST', url: `/trpc/${procedure}`, headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}

/** Makes an invitation as `guardian` and accepts it as `cookie`; returns the family the invitee sees. */
async function join(guardian: string, cookie: string, familyRole: 'guardian' | 'carer') {
  const invited = await rest('POST', '/family/invitations', guardian, { familyRole });
  expect(invited.statusCode).toBe(201);
  const secret = invited.json().link.split('/join/')[1];
  const accepted = await rest('POST', `/family-invitations/${secret}/acceptance`, cookie, {});
  expect(accepted.statusCode).toBe(200);
  return accepted.json();
}

async function childIdsOf(cookie: string): Promise<number[]> {
  const response = await rest('GET', '/children', cookie);
  expect(response.statusCode).toBe(200);
  return response.json().map((child: { id: number }) => child.id);
}

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  [sarah, otherFamily] = await Promise.all([t.signIn(demoAccounts.parent), t.signIn(demoAccounts.secondParent)]);
});

afterAll(() => t.close());

describe('a family', () => {
  it('is made for every new account, with its founder as the only guardian', async () => {
    const robin = await signUp('Robin Ng');
    const family = (await rest('GET', '/family', robin.cookie)).json();
    expect(family).toMatchObject({ name: "Robin Ng's family", yourRole: 'guardian', members: [{ name: 'Robin Ng', familyRole: 'guardian', isYou: true }] });
    expect((await rest('GET', '/users/me', robin.cookie)).json().familyRole).toBe('guardian');
  });

  it('can be renamed by a guardian', async () => {
    const robin = await signUp('Robin Ng');
    const renamed = await rest('PATCH', '/family', robin.cookie, { name: '  The Ngs ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('The Ngs');
    expect((await rest('PATCH', '/family', robin.cookie, { name: '' })).statusCode).toBe(400);
  });
});

describe('an invitation', () => {
  it('is a single-use link, shown once, that the invitee can check before signing in', async () => {
    const invited = await rest('POST', '/family/invitations', sarah, { familyRole: 'carer' });
    expect(invited.statusCode).toBe(201);
    const invitation = invited.json();
    expect(invited.headers.location).toBe(`/api/family/invitations/${invitation.id}`);
    expect(invitation).toMatchObject({ familyRole: 'carer', invitedBy: 'Sarah Thompson', emailed: false, email: null });
    expect(new Date(invitation.expiresAt).getTime() - new Date(invitation.createdAt).getTime()).toBe(7 * 86_400_000);
    const secret = invitation.link.split('/join/')[1];

    const preview = await rest('GET', `/family-invitations/${secret}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ familyName: "Sarah Thompson's family", invitedBy: 'Sarah Thompson', familyRole: 'carer' });
    expect((await rest('GET', '/family/invitations', sarah)).json().map((i: { id: number }) => i.id)).toContain(invitation.id);

    const nanny = await signUp('Nadia Nanny');
    expect((await rest('POST', `/family-invitations/${secret}/acceptance`, nanny.cookie, {})).statusCode).toBe(200);
    const second = await signUp('Second Try');
    const again = await rest('POST', `/family-invitations/${secret}/acceptance`, second.cookie, {});
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toMatch(/expired, has been used or was withdrawn/);
    expect((await rest('GET', `/family-invitations/${secret}`)).statusCode).toBe(404);
    expect((await rest('GET', '/family/invitations', sarah)).json().map((i: { id: number }) => i.id)).not.toContain(invitation.id);
  });

  it('stops working once withdrawn or expired', async () => {
    const invited = (await rest('POST', '/family/invitations', sarah, { familyRole: 'guardian' })).json();
    const withdrawn = await rest('DELETE', `/family/invitations/${invited.id}`, sarah);
    expect(withdrawn.statusCode).toBe(200);
    const adult = await signUp('Late Comer');
    expect((await rest('POST', `/family-invitations/${invited.link.split('/join/')[1]}/acceptance`, adult.cookie, {})).statusCode).toBe(404);
    expect((await rest('DELETE', `/family/invitations/${invited.id}`, sarah)).statusCode).toBe(404);

    const old = (await rest('POST', '/family/invitations', sarah, { familyRole: 'guardian' })).json();
    await t.database.db.updateTable('family_invitations').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', old.id).execute();
    expect((await rest('POST', `/family-invitations/${old.link.split('/join/')[1]}/acceptance`, adult.cookie, {})).statusCode).toBe(404);
  });

  it("of another family reads as absent, over REST and tRPC", async () => {
    const invited = (await rest('POST', '/family/invitations', sarah, { familyRole: 'carer' })).json();
    expect((await rest('GET', `/family/invitations/${invited.id}`, otherFamily)).statusCode).toBe(404);
    expect((await rest('DELETE', `/family/invitations/${invited.id}`, otherFamily)).statusCode).toBe(404);
    expect((await trpc('family.invitations.get', otherFamily, { id: invited.id }, 'query')).statusCode).toBe(404);
    expect((await trpc('family.invitations.revoke', otherFamily, { id: invited.id }, 'mutation')).statusCode).toBe(404);
    expect((await rest('GET', `/family/invitations/${invited.id}`, sarah)).statusCode).toBe(200);
  });

  it('is refused to a family whose only adult would leave children behind', async () => {
    const invited = (await rest('POST', '/family/invitations', sarah, { familyRole: 'guardian' })).json();
    const response = await rest('POST', `/family-invitations/${invited.link.split('/join/')[1]}/acceptance`, otherFamily, {});
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('family_not_empty');
    // The link was not spent.
    expect((await rest('GET', `/family-invitations/${invited.link.split('/join/')[1]}`)).statusCode).toBe(200);
  });
});

describe('a carer', () => {
  let carer: { cookie: string; id: number };
  beforeAll(async () => {
    carer = await signUp('Carmen Carer');
    await join(sarah, carer.cookie, 'carer');
  });

  it("sees the family's children and their day, and nothing of another family", async () => {
    const sarahsChildren = await childIdsOf(sarah);
    expect(sarahsChildren.length).toBeGreaterThan(0);
    expect(await childIdsOf(carer.cookie)).toEqual(sarahsChildren);
    const otherChildren = await childIdsOf(otherFamily);
    for (const id of otherChildren) expect((await rest('GET', `/children/${id}`, carer.cookie)).statusCode).toBe(404);
    for (const id of sarahsChildren) expect((await rest('GET', `/children/${id}`, otherFamily)).statusCode).toBe(404);
    expect((await rest('GET', '/cameras', carer.cookie)).json().length).toBeGreaterThan(0);
  });

  it('receives live activities about the family’s children over /ws', async () => {
    const socket = await TestSocket.joined(url, 'classroom-3b', { cookie: carer.cookie });
    const staff = await t.cookieFor(demoAccounts.staff);
    const maya = await t.database.db.selectFrom('children').select('id').where('name', '=', 'Maya Thompson').executeTakeFirstOrThrow();
    const logged = await rest('POST', '/activities', staff, { channel: 'classroom-3b', type: 'art', childId: maya.id, description: 'Maya painted a boat.' });
    expect(logged.statusCode).toBe(201);
    expect((await socket.nextActivity()).id).toBe(logged.json().id);
    await socket.close();
  });

  it.each([
    ['POST', '/children', { name: 'New Baby', dateOfBirth: '2026-01-01', specialNeeds: false }],
    ['GET', '/shadow-bookings', undefined],
    ['GET', '/mental-health/bookings', undefined],
    ['POST', '/tokens', { name: 'kitchen' }],
    ['POST', '/family/invitations', { familyRole: 'guardian' }],
    ['GET', '/calendar-subscription', undefined],
  ] as const)('gets 403 guardian_only for %s %s', async (method, path, payload) => {
    const response = await rest(method, path, carer.cookie, payload);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'guardian_only', detail: expect.stringMatching(/ask a guardian/) });
  });

  it('gets 403 on every signed-in procedure not listed for carers, over tRPC whatever the input', async () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: 'query' | 'mutation' } }>;
    let refused = 0;
    // Those carers may call are left out: some change things ({} is a valid input to leave the family).
    for (const [path, { _def }] of Object.entries(procedures).filter(([path]) => !CARER_MAY.has(path))) {
      // A signed-in procedure answers 401 to a caller with no cookie; the carer rule concerns only those.
      const anonymous = await trpc(path, '', {}, _def.type);
      if (anonymous.statusCode !== 401) continue;
      const response = await trpc(path, carer.cookie, {}, _def.type);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().error.data.problem.code, path).toBe('guardian_only');
      refused++;
    }
    expect(refused).toBeGreaterThan(15);
  });

  it('gets 403 on every signed-in REST operation carers may not use, the routes outside tRPC included', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { operationId: string; security?: unknown[] }>> };
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { openapi?: { method: string; path: string } } } }>;
    const procedureOf = new Map(Object.entries(procedures).flatMap(([path, { _def }]) => (_def.meta?.openapi ? [[`${_def.meta.openapi.method} ${_def.meta.openapi.path}`, path]] : [])));
    // Outside tRPC: the community's images are for carers too; bookings and the family's export are not.
    const rawForCarers: Record<string, boolean> = { 'community-images-upload': true, 'community-images-get': true, 'community-images-get-thumbnail': true, 'shadow-bookings-calendar': false, 'family-exports-download': false,
      // A carer sees the children's photos and may watch their room (with a viewing session's token); uploading is for staff.
      'activities-photos-get': true, 'activities-photos-get-thumbnail': true, 'activities-photos-download': true, 'activities-photos-upload': false, 'cameras-hls-get': true,
      // Carers read the family's messages, and so their photos.
      'messages-photos-get': true, 'messages-photos-get-thumbnail': true };
    let refused = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.security?.length) continue;
        const procedure = procedureOf.get(`${method.toUpperCase()} ${path}`);
        const allowed = procedure ? CARER_MAY.has(procedure) : rawForCarers[operation.operationId];
        expect(allowed, `${method} ${path} is neither a procedure nor a known route`).not.toBeUndefined();
        if (allowed) continue;
        const url = path.replace(/\{[a-z]+\}/gi, '1');
        // An upload route takes image bytes; anything else is refused (415) before who is asking.
        const response = operation.operationId.endsWith('-upload')
          ? await t.app.inject({ method: 'POST', url: `/api${url}`, headers: { cookie: carer.cookie, origin: TEST_ORIGIN, 'content-type': 'image/png' }, payload: Buffer.from('not read') })
          : await rest(method.toUpperCase() as 'GET', url, carer.cookie, method === 'get' ? undefined : {});
        expect(response.statusCode, `${method} ${path}`).toBe(403);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(15);
  });

  it('can leave, and then follows no one', async () => {
    const leaver = await signUp('Leah Leaving');
    await join(sarah, leaver.cookie, 'carer');
    expect(await childIdsOf(leaver.cookie)).toEqual(await childIdsOf(sarah));
    const left = await rest('POST', '/family/leave', leaver.cookie, {});
    expect(left.statusCode).toBe(200);
    expect(left.json()).toMatchObject({ name: "Leah Leaving's family", yourRole: 'guardian', members: [{ name: 'Leah Leaving' }] });
    expect(await childIdsOf(leaver.cookie)).toEqual([]);
  });
});

describe('an adult who leaves the family', () => {
  /** Logs an activity about Maya and waits until `cookie`'s notifications hold it. */
  async function notifiedAboutMaya(cookie: string, description: string) {
    const staff = await t.cookieFor(demoAccounts.staff);
    const maya = await t.database.db.selectFrom('children').select('id').where('name', '=', 'Maya Thompson').executeTakeFirstOrThrow();
    expect((await rest('POST', '/activities', staff, { channel: 'classroom-3b', type: 'art', childId: maya.id, description })).statusCode).toBe(201);
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 25))) {
      const items = (await rest('GET', '/notifications', cookie)).json().items as { body: string }[];
      if (items.some((item) => item.body.includes(description))) return;
    }
    throw new Error(`no notification about "${description}"`);
  }
  const notificationsOf = (userId: number) => t.database.db.selectFrom('notifications').select('id').where('user_id', '=', userId).execute();

  it('keeps none of its notifications after leaving', async () => {
    const leaver = await signUp('Nell Notified');
    await join(sarah, leaver.cookie, 'carer');
    await notifiedAboutMaya(leaver.cookie, 'Maya built a tower.');
    expect((await rest('POST', '/family/leave', leaver.cookie, {})).statusCode).toBe(200);
    expect((await rest('GET', '/notifications', leaver.cookie)).json().items).toEqual([]);
    expect(await notificationsOf(leaver.id)).toEqual([]);
  });

  it('keeps none of its notifications after being removed', async () => {
    const gone = await signUp('Rory Removed');
    await join(sarah, gone.cookie, 'carer');
    await notifiedAboutMaya(gone.cookie, 'Maya sang a song.');
    expect((await rest('DELETE', `/family/members/${gone.id}`, sarah)).statusCode).toBe(200);
    expect(await notificationsOf(gone.id)).toEqual([]);
    const back = await t.signIn({ email: gone.email, password: PASSWORD });
    expect((await rest('GET', '/notifications', back)).json().items).toEqual([]);
  });
});

describe('guardians', () => {
  it('share bookings, each showing who made it', async () => {
    const james = await signUp('James Thompson');
    await join(sarah, james.cookie, 'guardian');
    const [child] = await childIdsOf(james.cookie);
    const teacher = await t.database.db.selectFrom('shadow_teachers').select(['id', 'hourly_rate']).orderBy('id').executeTakeFirstOrThrow();
    const availability = (await rest('GET', `/shadow-teachers/${teacher.id}/availability`, james.cookie)).json();
    const day = availability.dates[0];
    const slot = day.slots[0];
    const booked = await rest('POST', '/shadow-bookings', james.cookie, {
      teacherId: teacher.id,
      childId: child,
      sessionType: 'home',
      nurseryId: null,
      location: '12 Oak Lane',
      startDate: day.date,
      endDate: day.date,
      startTime: slot.startTime,
      endTime: slot.endTimes[0],
      notes: '',
      totalPrice: teacher.hourly_rate * hoursBetween(slot.startTime, slot.endTimes[0]),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().bookedBy).toBe('James Thompson');

    const sarahId = (await rest('GET', '/users/me', sarah)).json().id;
    const sarahsList = await rest('GET', `/shadow-bookings?parentId=${sarahId}`, sarah);
    expect(sarahsList.statusCode).toBe(200);
    expect(sarahsList.json().find((b: { id: number }) => b.id === booked.json().id)).toMatchObject({ bookedBy: 'James Thompson' });
    expect((await rest('GET', `/shadow-bookings/${booked.json().id}`, otherFamily)).statusCode).toBe(404);
    const otherId = (await rest('GET', '/users/me', otherFamily)).json().id;
    expect((await rest('GET', `/shadow-bookings?parentId=${otherId}`, otherFamily)).json().map((b: { id: number }) => b.id)).not.toContain(booked.json().id);
  });

  it('keep at least one among them', async () => {
    const lone = await signUp('Lone Guardian');
    const helper = await signUp('Helper Carer');
    await join(lone.cookie, helper.cookie, 'carer');
    const leaving = await rest('POST', '/family/leave', lone.cookie, {});
    expect(leaving.statusCode).toBe(409);
    expect(leaving.json().code).toBe('last_guardian');
    const loneId = (await rest('GET', '/users/me', lone.cookie)).json().id;
    const demoting = await rest('PATCH', `/family/members/${loneId}`, lone.cookie, { familyRole: 'carer' });
    expect(demoting.statusCode).toBe(409);
    expect(demoting.json().code).toBe('last_guardian');

    const helperId = (await rest('GET', '/users/me', helper.cookie)).json().id;
    const promoted = await rest('PATCH', `/family/members/${helperId}`, lone.cookie, { familyRole: 'guardian' });
    expect(promoted.statusCode).toBe(200);
    // The change reaches the helper's next request: guardians may invite.
    expect((await rest('POST', '/family/invitations', helper.cookie, { familyRole: 'carer' })).statusCode).toBe(201);
    expect((await rest('POST', '/family/leave', lone.cookie, {})).statusCode).toBe(200);
  });

  it("cannot touch another family's members", async () => {
    const sarahId = (await rest('GET', '/users/me', sarah)).json().id;
    expect((await rest('PATCH', `/family/members/${sarahId}`, otherFamily, { familyRole: 'carer' })).statusCode).toBe(404);
    expect((await rest('DELETE', `/family/members/${sarahId}`, otherFamily)).statusCode).toBe(404);
    expect((await rest('POST', `/family/members/${sarahId}/password-reset`, otherFamily, {})).statusCode).toBe(404);
    expect((await trpc('family.members.remove', otherFamily, { id: sarahId }, 'mutation')).statusCode).toBe(404);
  });

  it('remove a member, who is signed out everywhere and sees the family no more', async () => {
    const gone = await signUp('Gone Soon');
    await join(sarah, gone.cookie, 'carer');
    const goneId = (await rest('GET', '/users/me', gone.cookie)).json().id;
    const socket = await TestSocket.joined(url, 'classroom-3b', { cookie: gone.cookie });

    const removed = await rest('DELETE', `/family/members/${goneId}`, sarah);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().members.map((m: { userId: number }) => m.userId)).not.toContain(goneId);
    expect((await socket.closed).code).toBe(closeCodes.notSignedIn);
    expect((await rest('GET', '/users/me', gone.cookie)).statusCode).toBe(401);

    const back = await t.signIn({ email: gone.email, password: PASSWORD });
    expect(await childIdsOf(back)).toEqual([]);
    expect((await rest('GET', '/family', back)).json()).toMatchObject({ yourRole: 'guardian', members: [{ name: 'Gone Soon' }] });
  });

  it('give a member a password reset link, which carers cannot', async () => {
    const member = await signUp('Forgetful Fred');
    await join(sarah, member.cookie, 'carer');
    const memberId = (await rest('GET', '/users/me', member.cookie)).json().id;
    const made = await rest('POST', `/family/members/${memberId}/password-reset`, sarah, {});
    expect(made.statusCode).toBe(201);
    const secret = made.json().link.split('/reset-password/')[1];
    expect((await rest('GET', `/auth/password-resets/${secret}`)).json().email).toBe(member.email);
    const sarahId = (await rest('GET', '/users/me', sarah)).json().id;
    const byCarer = await rest('POST', `/family/members/${sarahId}/password-reset`, member.cookie, {});
    expect(byCarer.statusCode).toBe(403);
  });
});

function hoursBetween(start: string, end: string) {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return (minutes(end) - minutes(start)) / 60;
}
