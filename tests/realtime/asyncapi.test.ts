import { Parser } from '@asyncapi/parser';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMessage, closeCodes, realtimeErrorCodes, serverMessage } from '../../src/shared/realtime';
import { ASYNCAPI_PATH } from '../../src/server/trpc/asyncapi';
import { createTestApp, demoAccounts, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { listen, TestSocket } from './realtime-helpers';

interface AsyncApiMessage {
  payload: Record<string, unknown>;
  examples?: { name: string; payload: unknown }[];
}
interface AsyncApiDocument {
  info: { description: string };
  components: { messages: Record<string, AsyncApiMessage> };
}

let t: TestApp;
let url: string;
let document: AsyncApiDocument;
const ajv = new Ajv({ allErrors: true });
addFormats(ajv);

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
  const response = await t.app.inject({ method: 'GET', url: ASYNCAPI_PATH });
  expect(response.statusCode).toBe(200);
  document = response.json();
});

afterAll(() => t.close());

/** Checks a message against the document's payload schema for it; returns Ajv's errors, none when it fits. */
function misfits(name: string, message: unknown) {
  const schema = document.components.messages[name]?.payload;
  if (!schema) throw new Error(`the document has no message '${name}'`);
  const validate = ajv.compile(schema);
  return validate(message) ? [] : validate.errors;
}

describe('the AsyncAPI document of /ws', () => {
  it('is valid AsyncAPI 3.0 by @asyncapi/parser, with no errors or warnings', async () => {
    const { document: parsed, diagnostics } = await new Parser().parse(JSON.stringify(document));
    // Severity 0 is an error and 1 a warning; 2 (information) only suggests AsyncAPI 3.1.
    const problems = diagnostics.filter((diagnostic) => diagnostic.severity <= 1).map(({ code, message, path }) => ({ code, message, path }));
    expect(problems).toEqual([]);
    expect(parsed?.version()).toBe('3.0.0');
    expect(parsed?.messages().all().map((message) => message.id()).sort()).toEqual([
      'activity',
      'cameraClosed',
      'cameraOpened',
      'conversationMessage',
      'conversationRead',
      'conversationTyping',
      'error',
      'join',
      'joined',
      'notification',
      'typing',
      'unread',
    ]);
  });

  it('describes every type of the clientMessage and serverMessage unions, each with an operation', async () => {
    const { document: parsed } = await new Parser().parse(JSON.stringify(document));
    if (!parsed) throw new Error('the document did not parse');
    // The `type` each operation's messages carry: the server receives what clients send (`receive`), and
    // sends its `send` operations' messages and the replies to what it receives (`joined` answers a join).
    const typesOf = (sender: 'client' | 'server') =>
      parsed
        .operations()
        .all()
        .flatMap((operation) =>
          sender === 'client'
            ? operation.action() === 'receive' ? operation.messages().all() : []
            : [...(operation.action() === 'send' ? operation.messages().all() : []), ...(operation.reply()?.messages().all() ?? [])],
        )
        .map((message) => (message.payload()?.json() as { properties?: { type?: { const?: unknown } } } | undefined)?.properties?.type?.const);
    const unionTypes = (union: { options: ReadonlyArray<{ shape: { type: { value: string } } }> }) => union.options.map((option) => option.shape.type.value);
    const undocumented = {
      client: unionTypes(clientMessage).filter((type) => !typesOf('client').includes(type)),
      server: unionTypes(serverMessage).filter((type) => !typesOf('server').includes(type)),
    };
    expect(undocumented).toEqual({ client: [], server: [] });
    // And nothing the unions lack: a described message the code no longer sends would mislead.
    expect(new Set(typesOf('client'))).toEqual(new Set(unionTypes(clientMessage)));
    expect(new Set(typesOf('server'))).toEqual(new Set(unionTypes(serverMessage)));
  });

  it('names every error code and close code the server uses', () => {
    expect(misfits('error', { type: 'error', code: 'NOT_A_CODE', message: 'x' })).not.toEqual([]);
    for (const code of realtimeErrorCodes) expect(misfits('error', { type: 'error', code, message: 'x' })).toEqual([]);
    for (const code of Object.values(closeCodes)) expect(document.info.description).toContain(`| ${code} |`);
  });

  it('gives examples that fit their own payload schemas', () => {
    for (const [name, message] of Object.entries(document.components.messages)) {
      expect(message.examples?.length, name).toBeGreaterThan(0);
      for (const example of message.examples ?? []) expect(misfits(name, example.payload), `${name}: ${example.name}`).toEqual([]);
    }
  });

  it('describes the messages a real connection sends: joined, activity and error', async () => {
    const [parent, staff] = await Promise.all([t.signIn(demoAccounts.parent), t.signIn(demoAccounts.staff)]);
    const socket = await TestSocket.open(url, { cookie: parent });
    // The frames as they came over the wire, before any client-side parsing.
    const frames: unknown[] = [];
    socket.ws.on('message', (data) => frames.push(JSON.parse(String(data))));

    const join = { type: 'join', channel: 'classroom-3b' };
    expect(misfits('join', join)).toEqual([]);
    socket.send(join);
    expect((await socket.next()).type).toBe('joined');
    const logged = await t.app.inject({
      method: 'POST',
      url: '/api/activities',
      headers: { origin: TEST_ORIGIN, cookie: staff },
      payload: { channel: 'classroom-3b', type: 'play', description: 'Building a tower of blocks.', childIds: [] },
    });
    expect(logged.statusCode).toBe(201);
    expect((await socket.next()).type).toBe('activity');
    socket.send({ type: 'join', channel: 'sunshine-room' });
    expect((await socket.next()).type).toBe('error');
    expect((await socket.closed).code).toBe(closeCodes.notAllowed);

    const [joined, activity, error] = frames;
    expect(misfits('joined', joined)).toEqual([]);
    expect(misfits('activity', activity)).toEqual([]);
    expect(misfits('error', error)).toEqual([]);
    // Each fits only its own schema, so the check above could fail.
    expect(misfits('joined', activity)).not.toEqual([]);
  });

  it('describes what feature channels send, and that a departure closing a camera is replayed as it says', async () => {
    const [parent, staff] = await Promise.all([t.signIn(demoAccounts.parent), t.signIn(demoAccounts.staff)]);
    const maya = (await t.database.db.selectFrom('children').select('id').where('name', '=', 'Maya Thompson').executeTakeFirstOrThrow()).id;
    // The frames as they came over the wire, per channel.
    const frames = { notifications: [] as unknown[], camera: [] as unknown[] };
    const open = async (name: keyof typeof frames, channel: string, lastEventId?: number) => {
      const socket = await TestSocket.open(url, { cookie: parent });
      socket.ws.on('message', (data) => frames[name].push(JSON.parse(String(data))));
      const join = { type: 'join', channel, ...(lastEventId === undefined ? {} : { lastEventId }) };
      expect(misfits('join', join)).toEqual([]);
      socket.send(join);
      const joined = await socket.next();
      expect(joined.type).toBe('joined');
      return { socket, joined: joined as { lastEventId: number } };
    };
    const notifications = await open('notifications', 'notifications:me');
    const camera = await open('camera', 'camera:classroom-3b');
    await camera.socket.close();

    const logged = await t.app.inject({
      method: 'POST',
      url: '/api/activities',
      headers: { origin: TEST_ORIGIN, cookie: staff },
      payload: { channel: 'classroom-3b', type: 'departure', description: 'Maya went home.', childIds: [maya] },
    });
    expect(logged.statusCode).toBe(201);
    expect((await notifications.socket.next()).type).toBe('notification');
    await notifications.socket.close();

    // Missed while away, and replayed on the rejoin, as the document says of `departed` alone.
    frames.camera = [];
    const rejoined = await open('camera', 'camera:classroom-3b', camera.joined.lastEventId);
    expect(await rejoined.socket.next()).toEqual({ type: 'camera_closed', reason: 'departed', childIds: [maya] });
    await rejoined.socket.close();

    const [notificationsJoined, notification] = frames.notifications;
    expect(misfits('joined', notificationsJoined)).toEqual([]);
    expect(misfits('notification', notification)).toEqual([]);
    expect(misfits('cameraClosed', frames.camera[1])).toEqual([]);
    expect(misfits('unread', notification)).not.toEqual([]);
  });

  it('is linked from the OpenAPI document that /api/docs shows', async () => {
    const openApi = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(openApi.info.description).toContain(`(${TEST_ORIGIN}${ASYNCAPI_PATH})`);
  });
});
