import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiScopeNames, type ApiScope } from '../../src/shared/api-scopes';
import type { ConversationDto, MessageDto } from '../../src/shared/schemas/messages';
import type { ServerMessage } from '../../src/shared/realtime';
import { closeCodes } from '../../src/shared/realtime';
import { createTestApp, demoAccounts, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { listen, otherNurseryStaff, TestSocket } from '../realtime/realtime-helpers';

// Two families and two nurseries: the demo family (Maya and Leo in Classroom 3B, Nora in 3A, at
// Little Acorns, whose staff is Priya) and the second family (Kofi and Efua in the Sunshine Room,
// at another nursery, whose staff is Tomasz).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
let url: string;
const tokens = { demo: '', family2: '', staff: '', otherStaff: '' };
type Who = keyof typeof tokens;

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  const { db } = t.database;
  const idOf = async (email: string) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const token = async (userId: number) => (await t.app.services.auth.createApiToken(userId, { name: 'test', scopes: apiScopeNames })).token;
  tokens.demo = await token(await idOf(demoAccounts.parent.email));
  tokens.family2 = await token(await idOf(demoAccounts.secondParent.email));
  tokens.staff = await token(await idOf(demoAccounts.staff.email));
  tokens.otherStaff = await token((await otherNurseryStaff(db)).id);
});

afterAll(() => t.close());

function rest(who: Who, method: 'GET' | 'POST', path: string, payload?: unknown) {
  return t.app.inject({ method, url: `/api${path}`, headers: { authorization: `Bearer ${tokens[who]}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

function trpcQuery(who: Who, procedure: string, input: unknown) {
  return t.app.inject({ url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, headers: { authorization: `Bearer ${tokens[who]}` } });
}

function trpcMutation(who: Who, procedure: string, input: unknown) {
  return t.app.inject({ method: 'POST', url: `/trpc/${procedure}`, headers: { authorization: `Bearer ${tokens[who]}` }, payload: input as object });
}

async function conversationsOf(who: Who): Promise<ConversationDto[]> {
  const response = await rest(who, 'GET', '/conversations');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The demo family's conversation with Classroom 3B. */
async function classroom3b(who: Who = 'demo') {
  const found = (await conversationsOf(who)).find((c) => c.classroom.name === 'Classroom 3B' && c.family.name === "Sarah Thompson's family");
  if (!found) throw new Error(`${who} has no conversation with Classroom 3B`);
  return found;
}

let sent = 0;
async function send(who: Who, conversationId: number, body: string, extra: Record<string, unknown> = {}): Promise<MessageDto> {
  const response = await rest(who, 'POST', `/conversations/${conversationId}/messages`, { clientId: `c-${++sent}`, body, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function nextOfType<T extends ServerMessage['type']>(socket: TestSocket, type: T): Promise<Extract<ServerMessage, { type: T }>> {
  const message = await socket.next();
  if (message.type !== type) throw new Error(`expected ${type}, got ${JSON.stringify(message)}`);
  return message as Extract<ServerMessage, { type: T }>;
}

describe('who has which conversations', () => {
  it('a family has one per classroom its children are in, and staff one per family with a child in their nursery', async () => {
    const demo = await conversationsOf('demo');
    expect(demo.map((c) => [c.classroom.name, c.children.map((child) => child.name)])).toEqual([
      ['Classroom 3A', ['Nora Thompson']],
      ['Classroom 3B', ['Leo Thompson', 'Maya Thompson']],
    ]);
    expect((await conversationsOf('family2')).map((c) => c.classroom.name)).toEqual(['Sunshine Room']);
    const staff = await conversationsOf('staff');
    expect(staff.map((c) => c.id).sort()).toEqual(demo.map((c) => c.id).sort());
    expect((await conversationsOf('otherStaff')).map((c) => c.family.name)).toEqual(["Daniel Osei's family"]);
  });

  it('opens a classroom of their own children for a parent, and nothing else', async () => {
    const classroomId = (await classroom3b()).classroom.id;
    const opened = await rest('demo', 'POST', '/conversations', { classroomId });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().id).toBe((await classroom3b()).id);
    expect((await rest('family2', 'POST', '/conversations', { classroomId })).statusCode).toBe(404);
    const familyId = (await classroom3b()).family.id;
    expect((await rest('staff', 'POST', '/conversations', { classroomId, familyId })).json().id).toBe((await classroom3b()).id);
    expect((await rest('staff', 'POST', '/conversations', { classroomId })).statusCode).toBe(400);
    expect((await rest('otherStaff', 'POST', '/conversations', { classroomId, familyId })).statusCode).toBe(404);
  });
});

describe("another family's or nursery's conversation", () => {
  it('answers 404 over REST and tRPC for reading, writing and marking read', async () => {
    const { id } = await classroom3b();
    await send('demo', id, 'Maya has a dentist appointment at 3.');
    for (const who of ['family2', 'otherStaff'] as const) {
      expect((await rest(who, 'GET', `/conversations/${id}/messages`)).statusCode).toBe(404);
      expect((await rest(who, 'POST', `/conversations/${id}/messages`, { clientId: 'x', body: 'Hello' })).statusCode).toBe(404);
      expect((await rest(who, 'POST', `/conversations/${id}/read`, {})).statusCode).toBe(404);
      expect((await trpcQuery(who, 'messages.list', { id })).statusCode).toBe(404);
      expect((await trpcMutation(who, 'messages.send', { id, clientId: 'x', body: 'Hello' })).statusCode).toBe(404);
      expect((await trpcMutation(who, 'messages.markRead', { id })).statusCode).toBe(404);
      expect((await conversationsOf(who)).map((c) => c.id)).not.toContain(id);
    }
    expect((await trpcQuery('staff', 'messages.list', { id })).statusCode).toBe(200);
  });

  it('cannot be joined over /ws, and its messages never reach another inbox', async () => {
    const { id } = await classroom3b();
    for (const who of ['family2', 'otherStaff'] as const) {
      const socket = await TestSocket.open(url, { token: tokens[who], origin: null });
      socket.send({ type: 'join', channel: `conversation:${id}` });
      expect((await socket.next()).type).toBe('error');
      expect((await socket.closed).code).toBe(closeCodes.notAllowed);
    }
    const outsiders = await Promise.all((['family2', 'otherStaff'] as const).map((who) => TestSocket.joined(url, 'conversation:inbox', { token: tokens[who], origin: null })));
    const ours = await TestSocket.joined(url, 'conversation:inbox', { token: tokens.staff, origin: null });
    const secret = await send('demo', id, 'Leo is allergic to kiwi.');
    expect((await nextOfType(ours, 'conversation.message')).message.id).toBe(secret.id);
    // Something the outsiders may see comes after, in order: they were skipped, not delayed.
    const sunshine = (await conversationsOf('family2'))[0]!.id;
    const theirs = await send('family2', sunshine, 'Kofi will be picked up by his aunt.');
    for (const socket of outsiders) expect((await nextOfType(socket, 'conversation.message')).message.id).toBe(theirs.id);
    await Promise.all([...outsiders, ours].map((socket) => socket.close()));
  });

  it('cannot be followed over /ws with an API token that may not read messages', async () => {
    const { id } = await classroom3b();
    const { db } = t.database;
    const demoId = (await db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow()).id;
    const liveOnly = (await t.app.services.auth.createApiToken(demoId, { name: 'live activity only', scopes: ['activities:read'] })).token;
    for (const channel of [`conversation:${id}`, 'conversation:inbox']) {
      const socket = await TestSocket.open(url, { token: liveOnly, origin: null });
      socket.send({ type: 'join', channel });
      expect((await socket.next()).type).toBe('error');
      expect((await socket.closed).code).toBe(closeCodes.notAllowed);
    }
    await TestSocket.joined(url, `conversation:${id}`, { token: tokens.demo, origin: null }).then((socket) => socket.close());
  });
});

describe('messages', () => {
  it('are stored and paged newest first', async () => {
    const { id } = (await conversationsOf('demo')).find((c) => c.classroom.name === 'Classroom 3A')!;
    const bodies = ['one', 'two', 'three', 'four', 'five'];
    for (const body of bodies) await send('demo', id, body);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await rest('staff', 'GET', `/conversations/${id}/messages?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as { items: MessageDto[]; nextCursor: string | null };
      seen.push(...page.items.map((m) => m.body));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...bodies].reverse());
    const other = await classroom3b();
    const foreign = await rest('staff', 'GET', `/conversations/${other.id}/messages?cursor=nonsense`);
    expect(foreign.statusCode).toBe(400);
  });

  it('sent again with the same client id are stored once and answered with the first', async () => {
    const { id } = await classroom3b();
    const payload = { clientId: 'retry-me', body: 'Nap went well.' };
    const [first, second] = await Promise.all([rest('staff', 'POST', `/conversations/${id}/messages`, payload), rest('staff', 'POST', `/conversations/${id}/messages`, payload)]);
    const third = await trpcMutation('staff', 'messages.send', { id, ...payload, body: 'A different body' });
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 200]);
    expect(second.json().id).toBe(first.json().id);
    expect(third.json().result.data).toEqual(first.json());
    const rows = await t.database.db.selectFrom('messages').select('id').where('conversation_id', '=', id).where('client_id', '=', 'retry-me').execute();
    expect(rows).toHaveLength(1);
  });

  it('refuse empty, oversized and malformed input with 400, never a server error', async () => {
    const { id } = await classroom3b();
    const bad = [
      { clientId: 'e1', body: '   ' },
      { clientId: 'e2', body: 'x'.repeat(2001) },
      { clientId: 'with space', body: 'hi' },
      { clientId: 'e3', body: 'bell \u0007' },
      { body: 'no client id' },
      { clientId: 'e4', body: 'hi', photoId: 'not-a-uuid' },
      { clientId: 'e5', body: 'hi', extra: true },
    ];
    for (const payload of bad) expect((await rest('demo', 'POST', `/conversations/${id}/messages`, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect((await rest('demo', 'GET', '/conversations/9999999999/messages')).statusCode).toBe(400);
    expect((await rest('demo', 'POST', '/conversations/2147483647/messages', { clientId: 'e6', body: 'hi' })).statusCode).toBe(404);
    expect((await rest('demo', 'POST', '/conversations/2147483647/read', { upToMessageId: 1 })).statusCode).toBe(404);
  });
});

describe('unread counts and receipts', () => {
  it('count what the other side wrote until it is read, and show the writer how far it was read', async () => {
    const { id } = await classroom3b();
    await rest('demo', 'POST', `/conversations/${id}/read`, {});
    const reply = await send('staff', id, 'Maya ate all her lunch.');
    await send('staff', id, 'And had a long nap.');
    // What the family writes themselves is never unread to them.
    await send('demo', id, 'Lovely, thank you.');
    expect((await classroom3b()).unreadCount).toBe(2);
    expect((await classroom3b()).lastMessage?.body).toBe('Lovely, thank you.');
    const read = await rest('demo', 'POST', `/conversations/${id}/read`, { upToMessageId: reply.id });
    expect(read.json()).toMatchObject({ conversationId: id, side: 'family', lastReadMessageId: reply.id, unreadCount: 1 });
    expect((await classroom3b('staff')).seenUpToMessageId).toBe(reply.id);
    // A marker never moves back.
    await rest('demo', 'POST', `/conversations/${id}/read`, {});
    const back = await rest('demo', 'POST', `/conversations/${id}/read`, { upToMessageId: reply.id });
    expect(back.json().unreadCount).toBe(0);
    expect((await classroom3b()).unreadCount).toBe(0);
  });
});

describe('live on /ws', () => {
  it('delivers a new message and a read receipt to both sides of the conversation', async () => {
    const { id } = await classroom3b();
    const parent = await TestSocket.joined(url, `conversation:${id}`, { token: tokens.demo, origin: null });
    const staff = await TestSocket.joined(url, `conversation:${id}`, { token: tokens.staff, origin: null });
    const payload = { clientId: 'live-once', body: 'Leo painted a dinosaur.' };
    const message = (await rest('staff', 'POST', `/conversations/${id}/messages`, payload)).json() as MessageDto;
    // A retried send is delivered once: the next thing the parent hears is the receipt below.
    await rest('staff', 'POST', `/conversations/${id}/messages`, payload);
    expect((await nextOfType(parent, 'conversation.message')).message).toEqual(message);
    expect((await nextOfType(staff, 'conversation.message')).message.id).toBe(message.id);
    await rest('demo', 'POST', `/conversations/${id}/read`, {});
    expect((await nextOfType(staff, 'conversation.read')).receipt).toEqual({ conversationId: id, side: 'family', lastReadMessageId: message.id });
    expect((await nextOfType(parent, 'conversation.read')).receipt).toEqual({ conversationId: id, side: 'family', lastReadMessageId: message.id });
    await Promise.all([parent.close(), staff.close()]);
  });

  it('says who is typing to the others, never to the typist', async () => {
    const { id } = await classroom3b();
    const parent = await TestSocket.joined(url, `conversation:${id}`, { token: tokens.demo, origin: null });
    const staff = await TestSocket.joined(url, `conversation:${id}`, { token: tokens.staff, origin: null });
    staff.send({ type: 'typing' });
    expect(await nextOfType(parent, 'conversation.typing')).toEqual({ type: 'conversation.typing', conversationId: id, side: 'staff', name: 'Priya Raman' });
    // The typist's next message is the one they send, not their own typing.
    const message = await send('demo', id, 'Thank you!');
    expect((await nextOfType(staff, 'conversation.message')).message.id).toBe(message.id);
    expect((await nextOfType(parent, 'conversation.message')).message.id).toBe(message.id);
    await Promise.all([parent.close(), staff.close()]);
  });
});

describe('notifications', () => {
  it("tell the family's adults when staff write, once however often the send is retried, and nobody when the family writes", async () => {
    const { db } = t.database;
    const { id, family } = await classroom3b();
    const count = async () => Number((await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('family_id', '=', family.id).where('category', '=', 'message').executeTakeFirstOrThrow()).n);
    const before = await count();
    await send('demo', id, 'See you at pick-up.');
    expect(await count()).toBe(before);
    const payload = { clientId: 'notify-once', body: 'Maya has a small graze on her knee; we cleaned it.\nShe is fine.' };
    const first = await rest('staff', 'POST', `/conversations/${id}/messages`, payload);
    await rest('staff', 'POST', `/conversations/${id}/messages`, payload);
    expect(await count()).toBe(before + 1);
    const stored = await db.selectFrom('notifications').select(['title', 'body', 'link', 'source']).where('family_id', '=', family.id).where('category', '=', 'message').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(stored).toEqual({
      title: 'Priya Raman (Classroom 3B)',
      body: 'Maya has a small graze on her knee; we cleaned it.',
      link: `/messages?conversation=${id}`,
      source: `message:${first.json().id}`,
    });
  });
});

describe('a photo in a message', () => {
  async function upload(who: Who) {
    const response = await t.app.inject({ method: 'POST', url: '/api/community/images', headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'image/png' }, payload: PNG });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  }

  it("is shown to the family and the nursery's staff, and 404 to everyone else", async () => {
    const { id } = await classroom3b();
    const photoId = await upload('demo');
    const message = await send('demo', id, '', { photoId });
    expect(message.photo?.url).toBe(`/api/messages/photos/${photoId}`);
    const status = async (who: Who, path: string) => (await t.app.inject({ url: path, headers: { authorization: `Bearer ${tokens[who]}` } })).statusCode;
    for (const path of [message.photo!.url, message.photo!.thumbnailUrl]) {
      expect(await status('demo', path)).toBe(200);
      expect(await status('staff', path)).toBe(200);
      expect(await status('family2', path)).toBe(404);
      expect(await status('otherStaff', path)).toBe(404);
    }
    // Not through the community image route either, whose copies are kept a year; its uploader still may.
    expect(await status('staff', `/api/community/images/${photoId}`)).toBe(404);
    expect(await status('demo', `/api/community/images/${photoId}`)).toBe(200);
  });

  it('needs messages:read from an API token, as the messages do', async () => {
    const { id } = await classroom3b();
    const message = await send('demo', id, '', { photoId: await upload('demo') });
    const demoId = (await t.database.db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow()).id;
    const withScopes = async (scopes: ApiScope[]) => (await t.app.services.auth.createApiToken(demoId, { name: scopes.join(' '), scopes })).token;
    const [communityOnly, messagesOnly] = await Promise.all([withScopes(['community:read']), withScopes(['messages:read'])]);
    const status = async (token: string) => (await t.app.inject({ url: message.photo!.url, headers: { authorization: `Bearer ${token}` } })).statusCode;
    expect(await status(communityOnly)).toBe(403);
    expect(await status(messagesOnly)).toBe(200);
  });

  it('is revalidated on every view, and answers 304 only to someone still allowed to see it', async () => {
    const { db } = t.database;
    const { id } = await classroom3b();
    const message = await send('demo', id, '', { photoId: await upload('demo') });
    const get = (who: Who, path: string, etag?: string) =>
      t.app.inject({ url: path, headers: { authorization: `Bearer ${tokens[who]}`, ...(etag ? { 'if-none-match': etag } : {}) } });
    for (const path of [message.photo!.url, message.photo!.thumbnailUrl]) {
      const first = await get('staff', path);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const etag = String(first.headers.etag);
      const again = await get('staff', path, etag);
      expect(again.statusCode).toBe(304);
      expect(again.headers['cache-control']).toBe('private, no-cache');
      expect((await get('family2', path, etag)).statusCode).toBe(404);
    }
    // Once no child of the family is in the classroom, nobody may read the conversation, and a cached copy is not confirmed.
    const etag = String((await get('demo', message.photo!.url)).headers.etag);
    const where = await db.selectFrom('conversations').select(['family_id', 'classroom_id']).where('id', '=', id).executeTakeFirstOrThrow();
    const elsewhere = await db.selectFrom('classrooms').select('id').where('id', '!=', where.classroom_id).executeTakeFirstOrThrow();
    const moved = await db.updateTable('children').set({ classroom_id: elsewhere.id }).where('family_id', '=', where.family_id).where('classroom_id', '=', where.classroom_id).returning('id').execute();
    try {
      expect((await get('demo', message.photo!.url, etag)).statusCode).toBe(404);
      expect((await get('staff', message.photo!.url, etag)).statusCode).toBe(404);
    } finally {
      await db.updateTable('children').set({ classroom_id: where.classroom_id }).where('id', 'in', moved.map((child) => child.id)).execute();
    }
  });

  it("cannot be someone else's upload", async () => {
    const { id } = await classroom3b();
    const theirs = await upload('family2');
    const response = await rest('demo', 'POST', `/conversations/${id}/messages`, { clientId: 'stolen', body: 'look', photoId: theirs });
    expect(response.statusCode).toBe(404);
  });
});

describe('session callers', () => {
  it('reach the same procedures from a browser session', async () => {
    const cookie = await t.signIn(demoAccounts.parent);
    const response = await t.app.inject({ url: '/api/conversations', headers: { cookie, origin: TEST_ORIGIN } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(2);
  });
});
