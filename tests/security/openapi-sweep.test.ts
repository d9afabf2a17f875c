import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, firstNurseryId, fixedNow, teacherNamed } from '../shadow-bookings/bookings.fixtures';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';
import { SoftAuthenticator } from '../helpers/soft-authenticator';
import { familyIdOf } from '../helpers/test-database';
import { browserKeys } from '../helpers/push-receiver';

/**
 * Reads /api/openapi.json and calls every operation in it signed out, as the wrong family with
 * the demo family's ids, with a foreign Origin and with form bodies. A new endpoint is swept as
 * soon as it is in the document; one that takes an id fails here until it has a fixture below.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FOREIGN_ORIGIN = 'https://evil.example';
/** The body types an HTML form can send without a CORS preflight. */
const FORM_BODIES = [
  { contentType: 'application/x-www-form-urlencoded', body: 'title=x&content=y' },
  { contentType: 'multipart/form-data; boundary=sweep', body: '--sweep\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--sweep--\r\n' },
  { contentType: 'text/plain', body: '{"title":"x","content":"y"}' },
];
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

interface Operation {
  method: string;
  path: string;
  isPublic: boolean;
  /** Inputs that name a row: path parameters, query parameters and body fields such as childId. */
  idInputs: string[];
  bodyType: 'json' | 'image' | undefined;
}

/** Ids of rows the demo family owns or touched, created through the API before the sweep. */
interface DemoRows {
  userId: number;
  childId: number;
  tokenId: number;
  shadowBookingId: number;
  mentalHealthBookingId: number;
  postId: number;
  commentId: number;
  /** An activity of the camera's classroom, which family2 may not watch. */
  activityId: number;
  imageId: string;
  joinedGroupId: number;
  teacherId: number;
  /** A camera of a classroom where the demo family has a child and family2 has none. */
  cameraId: string;
  /** The demo family's browser session. */
  sessionId: number;
  /** A passkey of the demo parent's. */
  passkeyId: number;
  /** An open invitation to the demo family. */
  invitationId: number;
  /** An export of the demo family's data, built. */
  exportId: number;
  /** A webhook of the demo family's, at an address that never resolves (.invalid), so nothing is sent. */
  webhookId: number;
  /** A delivery to that webhook (of the demo family's post). */
  webhookDeliveryId: number;
  /** The demo family's conversation with the camera's classroom, with a message in it; and family2's own conversation. */
  conversationId: number;
  classroomId: number;
  familyId: number;
  messageId: number;
  messagePhotoId: string;
  family2ConversationId: number;
  /** A viewing session of the demo parent's, of that camera. */
  viewingSessionId: number;
  /** An activity about the demo family's child, with a photo of them that staff took, and that photo. */
  photoActivityId: number;
  activityPhotoId: string;
  /** A notification of the demo parent's. */
  notificationId: number;
  /** A device the demo parent turned notifications on for (an address that never resolves). */
  pushSubscriptionId: number;
}

/**
 * What family2 attempts with a demo family id. 'refused' must answer 403 or 404; 'allowed'
 * is a public or shared row (the reason says why) and must still leave the demo family's own
 * rows alone. Either way the demo family's rows are compared before and after.
 */
type ForeignIdCase =
  | { expect: 'refused'; request: (rows: DemoRows) => Request }
  | { expect: 'allowed'; why: string; request: (rows: DemoRows) => Request }
  /** The input names shared catalogue data, never a family's row. */
  | { notFamilyData: string };

interface Request {
  url: string;
  payload?: Record<string, unknown>;
}

const SESSION_DAY = '2026-11-25';

const foreignIdCases: Record<string, ForeignIdCase> = {
  'GET /tokens/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/tokens/${r.tokenId}` }) },
  'GET /activities/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/activities/${r.activityId}` }) },
  ...Object.fromEntries(
    ['', '/thumbnail', '/download'].flatMap((variant) =>
      ['activityId', 'photoId'].map((input): [string, ForeignIdCase] => [
        `GET /activities/{activityId}/photos/{photoId}${variant} path:${input}`,
        { expect: 'refused', request: (r) => ({ url: `/api/activities/${r.photoActivityId}/photos/${r.activityPhotoId}${variant}` }) },
      ]),
    ),
  ),
  ...Object.fromEntries(
    ['', '/thumbnail'].map((variant): [string, ForeignIdCase] => [
      `GET /messages/photos/{photoId}${variant} path:photoId`,
      { expect: 'refused', request: (r) => ({ url: `/api/messages/photos/${r.messagePhotoId}${variant}` }) },
    ]),
  ),
  'DELETE /tokens/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/tokens/${r.tokenId}` }) },
  'DELETE /auth/sessions/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/auth/sessions/${r.sessionId}` }) },
  'PATCH /auth/passkeys/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/auth/passkeys/${r.passkeyId}`, payload: { name: 'Taken over' } }) },
  'DELETE /auth/passkeys/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/auth/passkeys/${r.passkeyId}` }) },
  'GET /family/exports/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/family/exports/${r.exportId}` }) },
  'GET /family/exports/{id}/download path:id': { expect: 'refused', request: (r) => ({ url: `/api/family/exports/${r.exportId}/download` }) },
  'GET /family/invitations/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/family/invitations/${r.invitationId}` }) },
  'DELETE /family/invitations/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/family/invitations/${r.invitationId}` }) },
  'PATCH /family/members/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/family/members/${r.userId}`, payload: { familyRole: 'carer' } }) },
  'DELETE /family/members/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/family/members/${r.userId}` }) },
  'POST /family/members/{id}/password-reset path:id': { expect: 'refused', request: (r) => ({ url: `/api/family/members/${r.userId}/password-reset` }) },
  'GET /webhooks/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/webhooks/${r.webhookId}` }) },
  'DELETE /webhooks/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/webhooks/${r.webhookId}` }) },
  'GET /children/{id}/reports/{date} path:id': { expect: 'refused', request: (r) => ({ url: `/api/children/${r.childId}/reports/today` }) },
  'GET /children/{id}/reports/{date} path:date': { notFamilyData: 'a calendar day; the child id decides whose report it is' },
  'DELETE /push-subscriptions/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/push-subscriptions/${r.pushSubscriptionId}` }) },
  'POST /notifications/{id}/read path:id': { expect: 'refused', request: (r) => ({ url: `/api/notifications/${r.notificationId}/read`, payload: {} }) },
  'GET /webhooks/{id}/deliveries path:id': { expect: 'refused', request: (r) => ({ url: `/api/webhooks/${r.webhookId}/deliveries` }) },
  'POST /webhooks/{id}/deliveries/{deliveryId}/resend path:id': { expect: 'refused', request: (r) => ({ url: `/api/webhooks/${r.webhookId}/deliveries/${r.webhookDeliveryId}/resend` }) },
  'POST /webhooks/{id}/deliveries/{deliveryId}/resend path:deliveryId': { expect: 'refused', request: (r) => ({ url: `/api/webhooks/${r.webhookId}/deliveries/${r.webhookDeliveryId}/resend` }) },
  'POST /webhooks/{id}/enable path:id': { expect: 'refused', request: (r) => ({ url: `/api/webhooks/${r.webhookId}/enable` }) },
  'POST /cameras/{id}/viewing-sessions path:id': { expect: 'refused', request: (r) => ({ url: `/api/cameras/${r.cameraId}/viewing-sessions` }) },
  'POST /cameras/{id}/viewing-sessions/{sessionId}/token path:id': { expect: 'refused', request: (r) => ({ url: `/api/cameras/${r.cameraId}/viewing-sessions/${r.viewingSessionId}/token` }) },
  'POST /cameras/{id}/viewing-sessions/{sessionId}/token path:sessionId': { expect: 'refused', request: (r) => ({ url: `/api/cameras/${r.cameraId}/viewing-sessions/${r.viewingSessionId}/token` }) },
  'DELETE /cameras/{id}/viewing-sessions/{sessionId} path:id': { expect: 'refused', request: (r) => ({ url: `/api/cameras/${r.cameraId}/viewing-sessions/${r.viewingSessionId}` }) },
  'DELETE /cameras/{id}/viewing-sessions/{sessionId} path:sessionId': { expect: 'refused', request: (r) => ({ url: `/api/cameras/${r.cameraId}/viewing-sessions/${r.viewingSessionId}` }) },
  'GET /cameras/viewing-log query:cameraId': { expect: 'refused', request: (r) => ({ url: `/api/cameras/viewing-log?cameraId=${r.cameraId}` }) },
  'PATCH /cameras/{id}/settings path:id': { expect: 'refused', request: (r) => ({ url: `/api/cameras/${r.cameraId}/settings`, payload: { privacyMode: true } }) },
  'GET /cameras/{id}/hls/{file} path:id': { expect: 'refused', request: (r) => ({ url: `/api/cameras/${r.cameraId}/hls/index.m3u8?token=${r.viewingSessionId}.9999999999.${'A'.repeat(43)}` }) },
  'GET /cameras/{id}/hls/{file} path:file': { notFamilyData: "a file of the camera's playlist, served only with the token of a session of the same user and camera (tests/cameras/camera-access.test.ts)" },
  'GET /family-invitations/{secret} path:secret': { notFamilyData: 'the secret is a credential, not an id: tests/family/family.test.ts shows a link works once, for 7 days' },
  'POST /family-invitations/{secret}/acceptance path:secret': { notFamilyData: 'the secret is a credential, not an id: tests/family/family.test.ts shows a link works once, for 7 days' },
  'GET /auth/password-resets/{secret} path:secret': { notFamilyData: 'the secret is a credential, not an id: tests/auth/password-reset.test.ts shows a link works once, for an hour, for its own account only' },
  'POST /auth/password-resets/{secret} path:secret': { notFamilyData: 'the secret is a credential, not an id: tests/auth/password-reset.test.ts shows a link works once, for an hour, for its own account only' },
  'POST /conversations body:classroomId': { expect: 'refused', request: (r) => ({ url: '/api/conversations', payload: { classroomId: r.classroomId } }) },
  'POST /conversations body:familyId': { expect: 'refused', request: (r) => ({ url: '/api/conversations', payload: { classroomId: r.classroomId, familyId: r.familyId } }) },
  'GET /conversations/{id}/messages path:id': { expect: 'refused', request: (r) => ({ url: `/api/conversations/${r.conversationId}/messages` }) },
  'POST /conversations/{id}/messages path:id': { expect: 'refused', request: (r) => ({ url: `/api/conversations/${r.conversationId}/messages`, payload: { clientId: 'sweep', body: 'Hello' } }) },
  'POST /conversations/{id}/messages body:clientId': { notFamilyData: "the sender's own key for a message, unique only within a conversation they may write in" },
  'POST /conversations/{id}/messages body:photoId': {
    expect: 'refused',
    request: (r) => ({ url: `/api/conversations/${r.family2ConversationId}/messages`, payload: { clientId: 'sweep-photo', photoId: r.imageId } }),
  },
  'POST /conversations/{id}/read path:id': { expect: 'refused', request: (r) => ({ url: `/api/conversations/${r.conversationId}/read`, payload: {} }) },
  'POST /conversations/{id}/read body:upToMessageId': {
    expect: 'allowed',
    why: "it is read as a position in the caller's own conversation, and moves only their own read marker",
    request: (r) => ({ url: `/api/conversations/${r.family2ConversationId}/read`, payload: { upToMessageId: r.messageId } }),
  },
  'GET /activities query:channel': { expect: 'refused', request: (r) => ({ url: `/api/activities?channel=${r.cameraId}` }) },
  'GET /activities/page query:channel': { expect: 'refused', request: (r) => ({ url: `/api/activities/page?channel=${r.cameraId}` }) },
  'POST /activities body:channel': {
    expect: 'refused',
    request: (r) => ({ url: '/api/activities', payload: { channel: r.cameraId, type: 'art', description: 'Painting.' } }),
  },
  'POST /activities body:childId': {
    expect: 'refused',
    request: (r) => ({ url: '/api/activities', payload: { channel: r.cameraId, childId: r.childId, type: 'art', description: 'Painting.' } }),
  },
  'GET /shadow-bookings query:parentId': { expect: 'refused', request: (r) => ({ url: `/api/shadow-bookings?parentId=${r.userId}` }) },
  'GET /shadow-bookings/page query:parentId': { expect: 'refused', request: (r) => ({ url: `/api/shadow-bookings/page?parentId=${r.userId}` }) },
  'POST /shadow-bookings body:childId': {
    expect: 'refused',
    request: (r) => ({ url: '/api/shadow-bookings', payload: shadowBooking(r, { startTime: '11:00', endTime: '12:00' }) }),
  },
  'POST /shadow-bookings body:teacherId': { notFamilyData: 'shadow teachers are a public catalogue' },
  'POST /shadow-bookings body:nurseryId': { notFamilyData: 'nurseries are a public catalogue' },
  'GET /children/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/children/${r.childId}` }) },
  'PATCH /children/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/children/${r.childId}`, payload: { name: 'Taken over' } }) },
  'GET /shadow-bookings/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/shadow-bookings/${r.shadowBookingId}` }) },
  'GET /mental-health/bookings/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/mental-health/bookings/${r.mentalHealthBookingId}` }) },
  'PATCH /shadow-bookings/{id}/status path:id': {
    expect: 'refused',
    request: (r) => ({ url: `/api/shadow-bookings/${r.shadowBookingId}/status`, payload: { status: 'cancelled' } }),
  },
  'GET /shadow-teachers/{id}/availability path:id': {
    expect: 'allowed',
    why: "a teacher's free time is public; it does not say who booked the rest",
    request: (r) => ({ url: `/api/shadow-teachers/${r.teacherId}/availability` }),
  },
  'GET /problems/{code} path:code': { notFamilyData: 'problem codes are public documentation' },
  'GET /calendar/{token}.ics path:token': { notFamilyData: 'the token is a secret, not an id: tests/shadow-bookings/calendar-subscription.test.ts shows another family cannot read through it' },
  'GET /community/posts query:groupId': { notFamilyData: 'support groups are public (their posts are for members: tests/community/posts.test.ts)' },
  'POST /community/posts body:imageId': {
    expect: 'refused',
    request: (r) => ({ url: '/api/community/posts', payload: { title: 'Not mine', content: 'Borrowed picture', imageId: r.imageId } }),
  },
  'POST /community/posts body:groupId': { notFamilyData: 'support groups are public and open to join' },
  'GET /community/posts/{id} path:id': {
    expect: 'allowed',
    why: 'a post in no support group is for every signed-in parent',
    request: (r) => ({ url: `/api/community/posts/${r.postId}` }),
  },
  'DELETE /community/posts/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/community/posts/${r.postId}` }) },
  'PUT /community/posts/{id}/like path:id': {
    expect: 'allowed',
    why: 'anyone who may read a post may like it (their own like, not the demo family’s)',
    request: (r) => ({ url: `/api/community/posts/${r.postId}/like` }),
  },
  'DELETE /community/posts/{id}/like path:id': {
    expect: 'allowed',
    why: 'taking back a like removes only the caller’s own like',
    request: (r) => ({ url: `/api/community/posts/${r.postId}/like` }),
  },
  'POST /community/posts/{id}/reports path:id': {
    expect: 'allowed',
    why: 'anyone who may read a post may report it',
    request: (r) => ({ url: `/api/community/posts/${r.postId}/reports`, payload: { reason: 'Checking the sweep.' } }),
  },
  'GET /community/posts/{id}/comments path:id': {
    expect: 'allowed',
    why: 'the comments on a post are for whoever may read the post',
    request: (r) => ({ url: `/api/community/posts/${r.postId}/comments` }),
  },
  'POST /community/posts/{id}/comments path:id': {
    expect: 'allowed',
    why: 'anyone who may read a post may comment on it',
    request: (r) => ({ url: `/api/community/posts/${r.postId}/comments`, payload: { content: 'A reply from family 2.' } }),
  },
  'GET /community/comments/{id} path:id': {
    expect: 'allowed',
    why: 'a comment on a post in no support group is for every signed-in parent, like the post',
    request: (r) => ({ url: `/api/community/comments/${r.commentId}` }),
  },
  'DELETE /community/comments/{id} path:id': { expect: 'refused', request: (r) => ({ url: `/api/community/comments/${r.commentId}` }) },
  'GET /community/groups/{id} path:id': { notFamilyData: 'support groups are public' },
  'PUT /community/groups/{id}/membership path:id': {
    expect: 'allowed',
    why: 'joining a group the demo family is in adds family2’s own membership',
    request: (r) => ({ url: `/api/community/groups/${r.joinedGroupId}/membership` }),
  },
  'DELETE /community/groups/{id}/membership path:id': {
    expect: 'allowed',
    why: 'leaving a group removes only the caller’s own membership',
    request: (r) => ({ url: `/api/community/groups/${r.joinedGroupId}/membership` }),
  },
  'POST /mental-health/bookings body:childId': {
    expect: 'refused',
    request: (r) => ({ url: '/api/mental-health/bookings', payload: { ...counseling, childId: r.childId } }),
  },
  'POST /mental-health/bookings body:serviceId': { notFamilyData: 'the mental-health catalogue is public' },
  'POST /mental-health/bookings body:optionId': { notFamilyData: 'the mental-health catalogue is public' },
  'POST /mental-health/bookings body:specialistId': { notFamilyData: 'the mental-health catalogue is public' },
  'POST /mental-health/bookings body:sessionTypeId': { notFamilyData: 'the mental-health catalogue is public' },
  'PATCH /mental-health/bookings/{id}/status path:id': {
    expect: 'refused',
    request: (r) => ({ url: `/api/mental-health/bookings/${r.mentalHealthBookingId}/status`, payload: { status: 'cancelled' } }),
  },
  'GET /articles/{slug} path:slug': { notFamilyData: 'articles are public' },
  'GET /community/images/{id} path:id': {
    expect: 'allowed',
    why: "a post's image is for whoever may read the post, and this post is in no support group",
    request: (r) => ({ url: `/api/community/images/${r.imageId}` }),
  },
  'GET /community/images/{id}/thumbnail path:id': {
    expect: 'allowed',
    why: "a post's image is for whoever may read the post, and this post is in no support group",
    request: (r) => ({ url: `/api/community/images/${r.imageId}/thumbnail` }),
  },
};

const counseling = { kind: 'service', serviceId: 'counseling', optionId: 'virtual-60', date: SESSION_DAY, timeWindow: 'morning' };
let teacherRate = 0;
let nurseryId = 0;
const shadowBooking = (r: DemoRows, overrides: Record<string, unknown> = {}) =>
  bookingPayload({ teacherId: r.teacherId, hourlyRate: teacherRate, childId: r.childId, nurseryId }, overrides);

let t: TestApp;
let demo: string;
let family2: string;
let operations: Operation[];
let rows: DemoRows;
let demoRowsBefore: unknown;

beforeAll(async () => {
  t = await createTestApp({ now: fixedNow });
  [demo, family2] = await Promise.all([t.cookieFor(demoAccounts.parent), t.cookieFor(demoAccounts.secondParent)]);
  const documentResponse = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(documentResponse.statusCode).toBe(200);
  operations = operationsOf(documentResponse.json());
  rows = await createDemoRows();
  demoRowsBefore = await demoFamilyRows();
});
afterAll(() => t?.close());

function operationsOf(document: { paths: Record<string, Record<string, OpenApiOperation>>; security?: unknown[]; components?: unknown }): Operation[] {
  const resolve = (schema: OpenApiSchema | undefined): OpenApiSchema | undefined =>
    schema?.$ref ? resolve(schema.$ref.split('/').slice(1).reduce((node: never, key) => node[key], document as never)) : schema;
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const op = item[method]!;
      const content = op.requestBody?.content ?? {};
      const bodyFields = Object.keys(resolve(content['application/json']?.schema)?.properties ?? {});
      const idInputs = [
        ...(op.parameters ?? []).filter((p) => p.in === 'path' || namesARow(p.name)).map((p) => `${p.in}:${p.name}`),
        ...bodyFields.filter(namesARow).map((field) => `body:${field}`),
      ];
      return {
        method: method.toUpperCase(),
        path,
        isPublic: !(op.security ?? document.security)?.length,
        idInputs,
        bodyType: content['application/json'] ? 'json' : Object.keys(content).some((type) => type.startsWith('image/')) ? 'image' : undefined,
      } satisfies Operation;
    }),
  );
}

interface OpenApiSchema {
  $ref?: string;
  properties?: Record<string, unknown>;
}
interface OpenApiOperation {
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
}

/** An input that refers to a stored row: `id`, anything ending in Id, or a camera channel. */
const namesARow = (name: string) => name === 'id' || /Id$/.test(name) || name === 'channel';

const inject = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as string }) });

const asDemo = async (method: string, url: string, payload: Record<string, unknown> = {}) => {
  const response = await inject(method, url, { cookie: demo, 'content-type': 'application/json' }, JSON.stringify(payload));
  if (response.statusCode >= 300) throw new Error(`${method} ${url} as the demo family: ${response.statusCode} ${response.body}`);
  return response.json();
};

async function createDemoRows(): Promise<DemoRows> {
  const db = t.database.db;
  const user = await db.selectFrom('users').select('id').where('email', '=', demoAccounts.parent.email).executeTakeFirstOrThrow();
  const family2User = await db.selectFrom('users').select('id').where('email', '=', demoAccounts.secondParent.email).executeTakeFirstOrThrow();
  const child = await db.selectFrom('children').select(['id']).where('family_id', '=', await familyIdOf(db, user.id)).where('classroom_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  const camera = await db
    .selectFrom('cameras')
    .innerJoin('children', 'children.classroom_id', 'cameras.classroom_id')
    .select(['cameras.id', 'cameras.classroom_id'])
    .where('children.family_id', '=', await familyIdOf(db, user.id))
    .where('cameras.classroom_id', 'not in', db.selectFrom('children').select('classroom_id').where('family_id', '=', await familyIdOf(db, family2User.id)).where('classroom_id', 'is not', null).$narrowType<{ classroom_id: number }>())
    .executeTakeFirst();
  if (!camera) throw new Error('The seed gives family2 a child in every classroom of the demo family; the channel check needs one they do not share.');
  const teacher = await teacherNamed(t, 'Amara Okafor');
  teacherRate = teacher.hourly_rate;
  nurseryId = await firstNurseryId(t);
  const activity = await db.selectFrom('activities').select('id').where('classroom_id', '=', camera.classroom_id).orderBy('id').executeTakeFirstOrThrow();
  const session = await db.selectFrom('sessions').select('id').where('user_id', '=', user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const partial: DemoRows = { userId: user.id, childId: child.id, teacherId: teacher.id, cameraId: camera.id, activityId: activity.id, sessionId: session.id } as DemoRows;

  const token = await asDemo('POST', '/api/tokens', { name: 'Security sweep' });
  const invitation = await asDemo('POST', '/api/family/invitations', { familyRole: 'carer' });
  const familyExport = await asDemo('POST', '/api/family/exports');
  await t.app.services.familyExports.processNext();
  const webhook = await asDemo('POST', '/api/webhooks', { url: 'https://receiver.invalid/hook', eventTypes: ['child.created', 'post.created'], description: 'Security sweep' });
  const passkeyOptions = await asDemo('POST', '/api/auth/passkeys/registration-options');
  const passkey = await asDemo('POST', '/api/auth/passkeys', { response: new SoftAuthenticator(t.config.publicOrigin).register(passkeyOptions) });
  const booking = await asDemo('POST', '/api/shadow-bookings', shadowBooking(partial));
  const mentalHealthBooking = await asDemo('POST', '/api/mental-health/bookings', { ...counseling, childId: child.id });
  const imageResponse = await inject('POST', '/api/community/images', { cookie: demo, 'content-type': 'image/png' }, PNG);
  expect(imageResponse.statusCode, imageResponse.body).toBe(201);
  const post = await asDemo('POST', '/api/community/posts', { title: 'Sweep post', content: 'Written by the demo family.', imageId: imageResponse.json().id });
  await asDemo('PUT', `/api/community/posts/${post.id}/like`);
  const comment = await asDemo('POST', `/api/community/posts/${post.id}/comments`, { content: 'A comment by the demo family.' });
  const webhookDelivery = await db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', webhook.id).executeTakeFirstOrThrow();
  const group = await db.selectFrom('support_groups').select('id').orderBy('id').executeTakeFirstOrThrow();
  await asDemo('PUT', `/api/community/groups/${group.id}/membership`);
  const conversation = (await asDemo('POST', '/api/conversations', { classroomId: camera.classroom_id })) as { id: number; family: { id: number } };
  const message = await asDemo('POST', `/api/conversations/${conversation.id}/messages`, { clientId: 'sweep-demo', body: 'Written by the demo family.' });
  const messagePhoto = await inject('POST', '/api/community/images', { cookie: demo, 'content-type': 'image/png' }, PNG);
  expect(messagePhoto.statusCode, messagePhoto.body).toBe(201);
  await asDemo('POST', `/api/conversations/${conversation.id}/messages`, { clientId: 'sweep-demo-photo', body: '', photoId: messagePhoto.json().id });
  const family2Conversation = (await asFamily2('GET', { url: '/api/conversations' })).json()[0] as { id: number };
  const viewing = await db.insertInto('camera_viewing_sessions').values({ user_id: user.id, camera_id: camera.id }).returning('id').executeTakeFirstOrThrow();
  const staff = await t.signIn(demoAccounts.staff);
  const pictured = await db.selectFrom('children').select('id').where('family_id', '=', await familyIdOf(db, user.id)).where('classroom_id', '=', camera.classroom_id).orderBy('id').executeTakeFirstOrThrow();
  const photo = await inject('POST', '/api/activities/photos', { cookie: staff, 'content-type': 'image/png' }, PNG);
  expect(photo.statusCode, photo.body).toBe(201);
  const photoActivity = await inject('POST', '/api/activities', { cookie: staff, 'content-type': 'application/json' }, JSON.stringify({ channel: camera.id, childId: pictured.id, type: 'nap', description: 'Sleeping.', photoIds: [photo.json().id] }));
  expect(photoActivity.statusCode, photoActivity.body).toBe(201);
  const notification = await db
    .insertInto('notifications')
    .values({ user_id: user.id, family_id: await familyIdOf(db, user.id), category: 'activity', title: 'Maya: Nap', body: 'Sleeping.', link: '/monitoring', push_state: 'none', source: 'sweep' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const device = await asDemo('POST', '/api/push-subscriptions', { endpoint: 'https://push.invalid/sweep', expirationTime: null, keys: browserKeys() });
  return {
    ...partial,
    notificationId: notification.id,
    pushSubscriptionId: device.id,
    photoActivityId: photoActivity.json().id,
    activityPhotoId: photo.json().id,
    viewingSessionId: viewing.id,
    conversationId: conversation.id,
    classroomId: camera.classroom_id,
    familyId: conversation.family.id,
    messageId: message.id,
    messagePhotoId: messagePhoto.json().id,
    family2ConversationId: family2Conversation.id,
    tokenId: token.id,
    passkeyId: passkey.id,
    invitationId: invitation.id,
    exportId: familyExport.id,
    webhookId: webhook.id,
    webhookDeliveryId: webhookDelivery.id,
    shadowBookingId: booking.id,
    mentalHealthBookingId: mentalHealthBooking.id,
    imageId: imageResponse.json().id,
    postId: post.id,
    commentId: comment.id,
    joinedGroupId: group.id,
  };
}

/** Everything the demo family owns or did, straight from the database. */
async function demoFamilyRows() {
  const db = t.database.db;
  const userId = rows.userId;
  return {
    user: await db.selectFrom('users').selectAll().where('id', '=', userId).execute(),
    children: await db.selectFrom('children').selectAll().where('family_id', '=', await familyIdOf(db, userId)).orderBy('id').execute(),
    tokens: await db.selectFrom('api_tokens').select(['id', 'name', 'revoked_at']).where('user_id', '=', userId).orderBy('id').execute(),
    sessions: await db.selectFrom('sessions').select(['id']).where('user_id', '=', userId).orderBy('id').execute(),
    family: await db.selectFrom('users').select(['id', 'family_role']).where('family_id', '=', await familyIdOf(db, userId)).orderBy('id').execute(),
    invitations: await db.selectFrom('family_invitations').select(['id', 'revoked_at', 'accepted_at']).where('created_by', '=', userId).orderBy('id').execute(),
    webhooks: await db.selectFrom('webhook_endpoints').select(['id', 'url', 'event_types', 'disabled_at']).where('created_by', '=', userId).orderBy('id').execute(),
    passkeys: await db.selectFrom('passkeys').select(['id', 'name']).where('user_id', '=', userId).orderBy('id').execute(),
    shadowBookings: await db.selectFrom('shadow_bookings').selectAll().where('family_id', '=', await familyIdOf(db, userId)).orderBy('id').execute(),
    bookingsOfTheirChildren: await db.selectFrom('shadow_bookings').select(['id', 'parent_id']).where('child_id', '=', rows.childId).orderBy('id').execute(),
    mentalHealthBookings: await db.selectFrom('mental_health_bookings').selectAll().where('family_id', '=', await familyIdOf(db, userId)).orderBy('id').execute(),
    mentalHealthBookingsOfTheirChild: await db.selectFrom('mental_health_bookings').select(['id', 'parent_id']).where('child_id', '=', rows.childId).execute(),
    posts: await db.selectFrom('posts').selectAll().where('author_id', '=', userId).orderBy('id').execute(),
    postsWithTheirImage: await db.selectFrom('posts').select(['id', 'author_id']).where('image_id', '=', rows.imageId).execute(),
    comments: await db.selectFrom('comments').selectAll().where('author_id', '=', userId).orderBy('id').execute(),
    likes: await db.selectFrom('post_likes').select(['post_id']).where('user_id', '=', userId).orderBy('post_id').execute(),
    memberships: await db.selectFrom('group_memberships').select(['group_id']).where('user_id', '=', userId).orderBy('group_id').execute(),
    images: await db.selectFrom('images').select(['id', 'owner_id', 'byte_size']).where('owner_id', '=', userId).orderBy('id').execute(),
    messages: await db.selectFrom('messages').select(['id', 'body', 'photo_id']).where('conversation_id', '=', rows.conversationId).orderBy('id').execute(),
    readMarkers: await db.selectFrom('conversation_reads').selectAll().where('conversation_id', '=', rows.conversationId).execute(),
    activitiesOfTheirChild: await db.selectFrom('activity_children').select(['activity_id']).where('child_id', '=', rows.childId).orderBy('activity_id').execute(),
    // Those that existed before the sweep: family2's comment on a demo post rightly adds one.
    notifications: await db.selectFrom('notifications').select(['id', 'read_at']).where('user_id', '=', userId).where('id', '<=', rows.notificationId).orderBy('id').execute(),
    pushSubscriptions: await db.selectFrom('push_subscriptions').select(['id', 'endpoint']).where('user_id', '=', userId).orderBy('id').execute(),
  };
}

/** A concrete URL for an operation, its path parameters filled with the demo family's own ids. */
function urlOf(op: Operation): string {
  const own: Record<string, string> = {
    '/tokens/{id}': String(rows.tokenId),
    '/auth/sessions/{id}': String(rows.sessionId),
    '/auth/passkeys/{id}': String(rows.passkeyId),
    '/family/invitations/{id}': String(rows.invitationId),
    '/family/exports/{id}': String(rows.exportId),
    '/family/exports/{id}/download': String(rows.exportId),
    '/webhooks/{id}': String(rows.webhookId),
    '/webhooks/{id}/deliveries': String(rows.webhookId),
    '/webhooks/{id}/deliveries/{deliveryId}/resend': String(rows.webhookId),
    '/webhooks/{id}/enable': String(rows.webhookId),
    '/family/members/{id}': String(rows.userId),
    '/family/members/{id}/password-reset': String(rows.userId),
    '/activities/{id}': String(rows.activityId),
    '/children/{id}': String(rows.childId),
    '/shadow-bookings/{id}': String(rows.shadowBookingId),
    '/shadow-bookings/{id}/status': String(rows.shadowBookingId),
    '/mental-health/bookings/{id}': String(rows.mentalHealthBookingId),
    '/shadow-teachers/{id}/availability': String(rows.teacherId),
    '/mental-health/bookings/{id}/status': String(rows.mentalHealthBookingId),
    '/community/comments/{id}': String(rows.commentId),
    '/community/groups/{id}': String(rows.joinedGroupId),
    '/community/groups/{id}/membership': String(rows.joinedGroupId),
    '/community/images/{id}': rows.imageId,
    '/community/images/{id}/thumbnail': rows.imageId,
  };
  const id = own[op.path] ?? (op.path.startsWith('/community/posts/{id}') ? String(rows.postId) : '1');
  return `/api${op.path.replace('{id}', id).replace('{activityId}', String(rows.photoActivityId)).replace('{photoId}', rows.activityPhotoId).replace('{deliveryId}', String(rows.webhookDeliveryId)).replace('{slug}', 'bedtime-routines').replace('{secret}', 'A'.repeat(43))}`;
}

/** The adapter wants a JSON Content-Type on every state change, even one without a request body. */
function bodyFor(op: Operation): { headers: Record<string, string>; payload?: unknown } {
  if (op.bodyType === 'json' || (op.bodyType === undefined && STATE_CHANGING.has(op.method))) return { headers: { 'content-type': 'application/json' }, payload: '{}' };
  if (op.bodyType === 'image') return { headers: { 'content-type': 'image/png' }, payload: PNG };
  return { headers: {} };
}

function asFamily2(method: string, { url, payload }: Request) {
  if (method === 'GET') return inject(method, url, { cookie: family2 });
  return inject(method, url, { cookie: family2, 'content-type': 'application/json' }, JSON.stringify(payload ?? {}));
}

const describeResponse = (op: Operation, response: LightMyRequestResponse) => `${op.method} ${op.path}: ${response.statusCode} ${response.body.slice(0, 200)}`;

describe('the OpenAPI document', () => {
  it('lists the operations the sweep relies on, public and protected', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.find((op) => op.method === 'GET' && op.path === '/children')?.isPublic).toBe(false);
    expect(operations.find((op) => op.method === 'GET' && op.path === '/nurseries')?.isPublic).toBe(true);
  });
});

describe('every operation, signed out', () => {
  it('answers 401 unless it is public, and a public one neither asks to sign in nor fails', async () => {
    for (const op of operations) {
      const { headers, payload } = bodyFor(op);
      const response = await inject(op.method, urlOf(op), headers, payload);
      if (op.isPublic) {
        expect(response.statusCode, describeResponse(op, response)).not.toBe(401);
        expect(response.statusCode, describeResponse(op, response)).toBeLessThan(500);
      } else {
        expect(response.statusCode, describeResponse(op, response)).toBe(401);
        expect(response.json().detail, describeResponse(op, response)).toBe('Please sign in to continue.');
      }
    }
    expect(await demoFamilyRows()).toEqual(demoRowsBefore);
  });

  it('answers 401 to a protected operation called with a made-up API token', async () => {
    for (const op of operations.filter((o) => !o.isPublic)) {
      const { headers, payload } = bodyFor(op);
      const response = await inject(op.method, urlOf(op), { ...headers, authorization: 'Bearer nst_not-a-real-token' }, payload);
      expect(response.statusCode, describeResponse(op, response)).toBe(401);
    }
    expect(await demoFamilyRows()).toEqual(demoRowsBefore);
  });
});

describe('every id an operation takes, as the wrong family', () => {
  it('has a fixture, so a new endpoint taking an id cannot go unchecked', () => {
    const inputs = operations.flatMap((op) => op.idInputs.map((input) => `${op.method} ${op.path} ${input}`));
    const missing = inputs.filter((key) => !foreignIdCases[key]);
    expect(missing, `add these to foreignIdCases in ${import.meta.filename}`).toEqual([]);
    const stale = Object.keys(foreignIdCases).filter((key) => !inputs.includes(key));
    expect(stale, 'fixtures for inputs no longer in the document').toEqual([]);
  });

  it("answers 403 or 404 with the demo family's ids, and leaves their rows as they were", async () => {
    for (const [key, idCase] of Object.entries(foreignIdCases)) {
      if ('notFamilyData' in idCase) continue;
      const method = key.split(' ')[0]!;
      const { url } = idCase.request(rows);
      const response = await asFamily2(method, idCase.request(rows));
      const what = `${key} (${url}): ${response.statusCode} ${response.body.slice(0, 200)}`;
      if (idCase.expect === 'refused') {
        expect([403, 404], what).toContain(response.statusCode);
      } else {
        expect(response.statusCode, `${what}; allowed because ${idCase.why}`).toBeLessThan(300);
      }
      expect(await demoFamilyRows(), what).toEqual(demoRowsBefore);
    }
  });
});

describe('every state-changing operation, from a signed-in browser', () => {
  const stateChanging = () => operations.filter((op) => STATE_CHANGING.has(op.method));

  it('refuses a request from another website (foreign Origin with the session cookie) with 403', async () => {
    for (const op of stateChanging()) {
      const { headers, payload } = bodyFor(op);
      const response = await inject(op.method, urlOf(op), { ...headers, cookie: demo, origin: FOREIGN_ORIGIN }, payload);
      expect(response.statusCode, describeResponse(op, response)).toBe(403);
      expect(response.json().detail, describeResponse(op, response)).toBe('This request came from another website, so it was refused.');
    }
    expect(await demoFamilyRows()).toEqual(demoRowsBefore);
  });

  it('refuses a body a plain HTML form can send with 415', async () => {
    const accepted: string[] = [];
    for (const op of stateChanging()) {
      for (const form of FORM_BODIES) {
        const response = await inject(op.method, urlOf(op), { cookie: demo, origin: t.config.publicOrigin, 'content-type': form.contentType }, form.body);
        if (response.statusCode !== 415) accepted.push(`${form.contentType}: ${describeResponse(op, response)}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(await demoFamilyRows()).toEqual(demoRowsBefore);
  });
});

describe('security headers', () => {
  const pages = [
    { what: 'the HTML page', url: '/' },
    { what: 'a client route', url: '/nurseries' },
    { what: 'the API docs page', url: '/api/docs/' },
    { what: 'a REST response', url: '/api/children' },
    { what: 'a tRPC response', url: '/trpc/children.list' },
    { what: 'an error', url: '/api/no-such-thing' },
  ];

  it.each(pages)('are sent with $what', async ({ url }) => {
    const response = await inject('GET', url, { cookie: demo });
    const csp = Object.fromEntries(
      String(response.headers['content-security-policy'] ?? '')
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(csp['script-src'], 'script-src').toBeDefined();
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
  });
});
