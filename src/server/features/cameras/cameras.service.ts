import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  CAMERA_PLAYLIST,
  CAMERA_TOKEN_TTL_MS,
  VIEWERS_WINDOW_DAYS,
  VIEWING_LOG_RETENTION_DAYS,
  cameraClosedText,
  cameraHlsPath,
  clockOfMinutes,
  minutesOfClock,
  type CameraClosedReason,
  type NurseryCameraSettingsDto,
  type RoomViewersDto,
  type ViewingLogEntryDto,
  type ViewingSessionDto,
  type updateCameraInput,
  type updateOpeningHoursInput,
} from '../../../shared/schemas/cameras';
import type { ChildPronouns } from '../../../shared/schemas/children';
import type { Database } from '../../db/database';
import { type AppError, badInput, forbidden, notFound } from '../../errors';
import { createRateLimitStore, type RateLimitRule } from '../../lib/rate-limit-store';
import type { EventBus } from '../../realtime/event-bus';
import { isStaff, type AuthenticatedUser } from '../../principal';
import { checkCameraToken, newCameraTokenKey, signCameraToken } from './camera-tokens';
import type { CameraVideo } from './camera-video';
import * as repo from './cameras.repository';
import { localClock } from '../../lib/local-clock';

const TOKEN_KEY_NAME = 'camera_token_key';
/**
 * A session not renewed for longer than its token's life has ended (its player can fetch nothing
 * more): the log shows it ended when its last token ran out. The margin allows for a slow
 * renewal and for clocks of instances that differ a little.
 */
const STALE_AFTER_MS = CAMERA_TOKEN_TTL_MS + 30_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const LOG_LIMIT = 500;

/** The topic of a classroom's cameras on /ws: departures and pauses are told there. */
export const cameraRoomTopic = (classroomId: number) => `camera:room-${classroomId}`;

/**
 * Playlist and segment requests per user, over all their cameras, tabs and the instances serving
 * them (counted in PostgreSQL). A player asks for the playlist about every 2 s and for one 2 s
 * segment: some 60 requests a minute, so this allows ten players at once, and retries.
 */
export const CAMERA_VIDEO_RATE: RateLimitRule = { policy: 'camera-video', limit: 600, windowSeconds: 60 };

const staleBefore = (at: Date) => new Date(at.getTime() - STALE_AFTER_MS);

export type CameraAccess =
  | { ok: true; camera: repo.CameraRow }
  | { ok: false; camera?: repo.CameraRow; reason: CameraClosedReason | 'not_found'; child?: { name: string; pronouns: ChildPronouns | null } };

export function createCamerasService(deps: {
  db: Kysely<Database>;
  video: CameraVideo;
  timeZone: string;
  publish?: EventBus['publish'];
  now?: () => Date;
}) {
  const { db, video, timeZone } = deps;
  const now = deps.now ?? (() => new Date());
  const rateLimits = createRateLimitStore({ db, now });
  let tokenKey: Promise<Buffer> | undefined;

  /** The signing key, made by the first instance that needs it and read by every other. */
  function key(): Promise<Buffer> {
    tokenKey ??= (async () => {
      let stored = await repo.readSecret(db, TOKEN_KEY_NAME);
      if (stored === undefined) {
        await repo.storeSecretOnce(db, TOKEN_KEY_NAME, { key: newCameraTokenKey() }, now());
        stored = await repo.readSecret(db, TOKEN_KEY_NAME);
      }
      const value = (stored as { key?: unknown } | undefined)?.key;
      if (typeof value !== 'string') throw new Error('server_secrets holds no usable camera token key');
      return Buffer.from(value, 'base64url');
    })().catch((error: unknown) => {
      tokenKey = undefined;
      throw error;
    });
    return tokenKey;
  }

  async function isOpen(nurseryId: number, at: Date) {
    const { weekday, minute } = localClock(at, timeZone);
    const hours = await repo.openingHoursOn(db, nurseryId, weekday);
    return hours !== undefined && minute >= hours.opens_at && minute < hours.closes_at;
  }

  /**
   * Whether the user may watch the camera at this moment. Staff of its nursery may always watch
   * (unless it is paused or switched off); a parent only while one of their children is checked
   * in to its classroom, within the nursery's opening hours. A camera of another nursery, or none,
   * is not found for staff; for a parent it is simply not theirs to watch.
   */
  async function accessOf(user: AuthenticatedUser, cameraId: string, at: Date): Promise<CameraAccess> {
    const camera = await repo.findCamera(db, cameraId);
    if (isStaff(user)) {
      if (!camera || camera.nursery_id !== user.nurseryId) return { ok: false, reason: 'not_found' };
      if (!camera.enabled) return { ok: false, camera, reason: 'disabled' };
      if (camera.paused_at) return { ok: false, camera, reason: 'paused' };
      return { ok: true, camera };
    }
    if (!camera || user.familyId === null) return { ok: false, reason: 'not_checked_in' };
    const children = await repo.familyChildrenIn(db, user.familyId, camera.classroom_id);
    if (children.length === 0) return { ok: false, reason: 'not_checked_in' };
    if (!camera.enabled) return { ok: false, camera, reason: 'disabled' };
    if (camera.paused_at) return { ok: false, camera, reason: 'paused' };
    const checkedIn = children.some((child) => (child.status === 'online' || child.status === 'nap') && child.last_movement === 'arrival');
    if (!checkedIn) {
      const departed = children
        .filter((child) => child.last_movement === 'departure' && child.last_departure)
        .sort((a, b) => new Date(b.last_departure!).getTime() - new Date(a.last_departure!).getTime())[0];
      return departed ? { ok: false, camera, reason: 'departed', child: { name: departed.name, pronouns: departed.pronouns } } : { ok: false, camera, reason: 'not_checked_in' };
    }
    if (!(await isOpen(camera.nursery_id, at))) return { ok: false, camera, reason: 'closed_hours' };
    return { ok: true, camera };
  }

  async function requireAccess(user: AuthenticatedUser, cameraId: string, at: Date) {
    const access = await accessOf(user, cameraId, at);
    if (!access.ok) throw refusal(access, cameraId);
    return access.camera;
  }

  async function tokenFor(user: AuthenticatedUser, camera: repo.CameraRow, sessionId: number, at: Date) {
    const expiresAt = new Date(at.getTime() + CAMERA_TOKEN_TTL_MS);
    return { token: signCameraToken(await key(), { userId: user.id, cameraId: camera.id, sessionId }, expiresAt), expiresAt: expiresAt.toISOString() };
  }

  /** The caller's own open session of this camera; anything else is not found. */
  async function ownOpenSession(user: AuthenticatedUser, cameraId: string, sessionId: number) {
    const session = await repo.findSession(db, sessionId, staleBefore(now()));
    if (!session || session.user_id !== user.id || session.camera_id !== cameraId) throw notFound('That viewing session');
    if (session.ended_at) throw forbidden(cameraClosedText('session_ended'));
    return session;
  }

  function requireStaffOf(user: AuthenticatedUser): number {
    if (!isStaff(user) || user.nurseryId === null) throw forbidden('Only nursery staff can change camera settings.');
    return user.nurseryId;
  }

  async function publishToRoom(classroomId: number, data: Record<string, unknown>) {
    await deps.publish?.({ topic: cameraRoomTopic(classroomId), data });
  }

  return {
    accessOf,

    /** Whether the user may listen to the camera's /ws channel: its nursery's staff, or a family with a child in its classroom. */
    async roomTopicFor(user: AuthenticatedUser, cameraId: string): Promise<string | undefined> {
      const camera = await repo.findCamera(db, cameraId);
      if (!camera) return undefined;
      if (isStaff(user)) return camera.nursery_id === user.nurseryId ? cameraRoomTopic(camera.classroom_id) : undefined;
      if (user.familyId === null || !(await repo.familyHasChildIn(db, user.familyId, camera.classroom_id))) return undefined;
      return cameraRoomTopic(camera.classroom_id);
    },

    /** Starts watching: records the viewing session and answers its first token. */
    async startViewing(user: AuthenticatedUser, cameraId: string): Promise<ViewingSessionDto> {
      const at = now();
      const camera = await requireAccess(user, cameraId, at);
      const session = await repo.insertSession(db, { userId: user.id, cameraId: camera.id, at });
      return {
        sessionId: session.id,
        cameraId: camera.id,
        playlistUrl: `${cameraHlsPath(camera.id)}/${CAMERA_PLAYLIST}`,
        hasVideo: video.available(camera.stream_source),
        ...(await tokenFor(user, camera, session.id, at)),
      };
    },

    /** A fresh token for an open session, only while the user may still watch. */
    async renewToken(user: AuthenticatedUser, cameraId: string, sessionId: number) {
      const at = now();
      await ownOpenSession(user, cameraId, sessionId);
      const camera = await requireAccess(user, cameraId, at);
      await repo.touchSession(db, sessionId, at);
      return tokenFor(user, camera, sessionId, at);
    },

    async endViewing(user: AuthenticatedUser, cameraId: string, sessionId: number) {
      const session = await repo.findSession(db, sessionId, staleBefore(now()));
      if (!session || session.user_id !== user.id || session.camera_id !== cameraId) throw notFound('That viewing session');
      await repo.endSession(db, sessionId, now());
      return { ended: true };
    },

    /**
     * For a playlist or segment request, within the user's rate (CAMERA_VIDEO_RATE, else 429): the
     * token must be this user's, for this camera, unexpired, of an open session; and the user must
     * still be allowed to watch right now. Answers the folder to serve from, or throws 403 (404 for
     * a camera staff of another nursery cannot see).
     */
    async authorizeMedia(user: AuthenticatedUser, cameraId: string, token: string | undefined) {
      await rateLimits.throttle(`camera-video:user:${user.id}`, CAMERA_VIDEO_RATE, 'Too many video requests from your account.');
      const at = now();
      const access = await accessOf(user, cameraId, at);
      if (!access.ok) throw refusal(access, cameraId);
      const checked = token ? checkCameraToken(await key(), token, { userId: user.id, cameraId }, at) : undefined;
      if (!checked) throw forbidden('This video needs a viewing token: start the camera from the Monitoring page.');
      if (!checked.ok) {
        throw forbidden(checked.why === 'expired' ? 'This video link has expired — start the camera again to keep watching.' : 'This video link is not valid for you or this camera.');
      }
      const session = await repo.findSession(db, checked.sessionId, staleBefore(at));
      if (!session || session.user_id !== user.id || session.camera_id !== cameraId) throw forbidden('This video link is not valid for you or this camera.');
      if (session.ended_at) throw forbidden(cameraClosedText('session_ended'));
      const folder = access.camera.stream_source ? await video.folderFor(access.camera.id, access.camera.stream_source) : undefined;
      if (!folder) throw notFound(`Video of camera '${cameraId}'`);
      return folder;
    },

    /** For a parent, each of their children's rooms: who watched today and in the past 30 days; other parents only counted. */
    async roomViewers(user: AuthenticatedUser): Promise<RoomViewersDto[]> {
      if (isStaff(user) || user.familyId === null) return [];
      const familyId = user.familyId;
      const at = now();
      const rooms = await repo.classroomsOfFamily(db, familyId);
      const since = new Date(at.getTime() - VIEWERS_WINDOW_DAYS * DAY_MS);
      const startOfToday = startOfLocalDay(at);
      const rows = await repo.viewersOf(db, rooms.map((room) => room.id), since);
      const summarise = (roomId: number, from: Date) => {
        const seen = rows.filter((row) => row.classroom_id === roomId && new Date(row.last_started_at).getTime() >= from.getTime());
        const isNamed = (row: (typeof rows)[number]) => row.role === 'staff' || row.role === 'admin' || row.family_id === familyId;
        return {
          named: seen
            .filter(isNamed)
            .sort((a, b) => new Date(b.last_started_at).getTime() - new Date(a.last_started_at).getTime())
            .map((row) => ({ name: row.name, kind: row.family_id === familyId ? ('family' as const) : ('staff' as const), lastWatchedAt: new Date(row.last_started_at).toISOString() })),
          otherParents: seen.filter((row) => !isNamed(row)).length,
        };
      };
      return rooms.map((room) => ({ classroomId: room.id, classroomName: room.name, cameraIds: room.camera_ids, today: summarise(room.id, startOfToday), past30Days: summarise(room.id, since) }));
    },

    /** Staff: every viewing session of the nursery's cameras in the retention window, newest first. */
    async nurseryLog(user: AuthenticatedUser, cameraId: string | undefined): Promise<ViewingLogEntryDto[]> {
      if (!isStaff(user) || user.nurseryId === null) throw forbidden('Only nursery staff can read the full viewing log.');
      const at = now();
      const since = new Date(at.getTime() - VIEWING_LOG_RETENTION_DAYS * DAY_MS);
      const rows = await repo.nurseryLog(db, user.nurseryId, { cameraId, since, staleBefore: staleBefore(at), limit: LOG_LIMIT });
      return rows.map((row) => ({
        id: row.id,
        cameraId: row.camera_id,
        cameraName: row.camera_name,
        viewerName: row.viewer_name,
        viewerKind: row.viewer_role === 'staff' || row.viewer_role === 'admin' ? 'staff' : 'parent',
        startedAt: row.started_at.toISOString(),
        endedAt: row.ended_at ? new Date(row.ended_at).toISOString() : null,
      }));
    },

    settings,

    async updateOpeningHours(user: AuthenticatedUser, input: z.output<typeof updateOpeningHoursInput>) {
      const nurseryId = requireStaffOf(user);
      const days = input.openingHours.map((day) => ({ weekday: day.weekday, opens_at: minutesOfClock(day.opensAt), closes_at: minutesOfClock(day.closesAt) }));
      days.forEach((day, index) => {
        if (days.findIndex((other) => other.weekday === day.weekday) !== index) throw badInput(`openingHours.${index}.weekday`, 'Give each weekday at most once.');
        if (day.opens_at >= day.closes_at || day.opens_at >= 1440) throw badInput(`openingHours.${index}.closesAt`, 'A day must close after it opens.');
      });
      await db.transaction().execute((trx) => repo.replaceOpeningHours(trx, nurseryId, days));
      return settings(user);
    },

    /** Switches a camera on or off, or privacy mode on or off; viewers are told at once on /ws. */
    async updateCamera(user: AuthenticatedUser, input: z.output<typeof updateCameraInput>) {
      const nurseryId = requireStaffOf(user);
      const camera = await repo.findCamera(db, input.id);
      if (!camera || camera.nursery_id !== nurseryId) throw notFound(`Camera '${input.id}'`);
      const values: { enabled?: boolean; paused_at?: Date | null } = {};
      if (input.enabled !== undefined) values.enabled = input.enabled;
      if (input.privacyMode !== undefined) values.paused_at = input.privacyMode ? (camera.paused_at ?? now()) : null;
      if (Object.keys(values).length > 0) await repo.updateCamera(db, camera.id, values);
      const wasOpen = camera.enabled && camera.paused_at === null;
      const isOpenNow = (values.enabled ?? camera.enabled) && (values.paused_at === undefined ? camera.paused_at : values.paused_at) === null;
      if (wasOpen && !isOpenNow) {
        await publishToRoom(camera.classroom_id, { type: 'camera_closed', cameraId: camera.id, reason: (values.enabled ?? camera.enabled) ? 'paused' : 'disabled' });
      } else if (!wasOpen && isOpenNow) {
        await publishToRoom(camera.classroom_id, { type: 'camera_opened', cameraId: camera.id });
      }
      return settings(user);
    },

    /** Closes sessions whose player went away, and deletes sessions older than the retention window. */
    async sweepViewingLog() {
      const at = now();
      const ended = await repo.endStaleSessions(db, staleBefore(at));
      const deleted = await repo.deleteSessionsBefore(db, new Date(at.getTime() - VIEWING_LOG_RETENTION_DAYS * DAY_MS));
      return { ended, deleted };
    },
  };

  async function settings(user: AuthenticatedUser): Promise<NurseryCameraSettingsDto> {
    const nurseryId = requireStaffOf(user);
    const [hours, cameras] = await Promise.all([repo.openingHoursOf(db, nurseryId), repo.listNurseryCameras(db, nurseryId)]);
    return {
      openingHours: hours.map((day) => ({ weekday: day.weekday, opensAt: clockOfMinutes(day.opens_at), closesAt: clockOfMinutes(day.closes_at) })),
      cameras: cameras.map((camera) => ({
        id: camera.id,
        name: camera.name,
        classroomName: camera.classroom_name,
        enabled: camera.enabled,
        privacyMode: camera.paused_at !== null,
        hasSource: camera.stream_source !== null,
      })),
    };
  }

  function startOfLocalDay(at: Date) {
    const { minute } = localClock(at, timeZone);
    const start = new Date(at.getTime() - minute * 60_000);
    start.setUTCSeconds(0, 0);
    return start;
  }
}

/** The 403 (or 404) for a refused access, with what to tell the person. */
export function refusal(access: Extract<CameraAccess, { ok: false }>, cameraId: string): AppError {
  if (access.reason === 'not_found') return notFound(`Camera '${cameraId}'`);
  return forbidden(cameraClosedText(access.reason, access.child));
}

export type CamerasService = ReturnType<typeof createCamerasService>;
