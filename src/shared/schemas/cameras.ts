import { z } from 'zod';
import type { ChildPronouns } from './children';
import { pathId, text } from './common';

/**
 * Live classroom video (issue 19). A viewer starts a viewing session for a camera and gets a
 * token valid for 60 s, renewed while they watch; the playlist and every segment under
 * /api/cameras/{id}/hls/ need it, and are refused (403) the moment the viewer may no longer
 * watch: their child has gone home, the nursery is closed, or staff paused the camera.
 */

/** How long a playlist or segment token lasts; the player renews it well before. */
export const CAMERA_TOKEN_TTL_MS = 60_000;
/** The player renews its token this often. */
export const CAMERA_TOKEN_RENEW_MS = 20_000;
/** How long a viewing session is kept in the log. */
export const VIEWING_LOG_RETENTION_DAYS = 90;
/** How far back a parent sees who watched their child's room. */
export const VIEWERS_WINDOW_DAYS = 30;

/** Where a camera's HLS playlist is served; segments sit beside it. */
export const cameraHlsPath = (cameraId: string) => `/api/cameras/${encodeURIComponent(cameraId)}/hls`;
export const CAMERA_PLAYLIST = 'index.m3u8';

/** The /ws channel that tells a camera's viewers when it closes for them. */
export const CAMERA_CHANNEL_PREFIX = 'camera:';
export const cameraChannel = (cameraId: string) => `${CAMERA_CHANNEL_PREFIX}${cameraId}`;

const cameraIdMessage = 'A camera id is lowercase letters and digits joined by hyphens, such as classroom-3b.';
export const cameraId = text(cameraIdMessage).max(64, cameraIdMessage).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, cameraIdMessage);

/** Why a camera is not (or no longer) available to a viewer. */
export const cameraClosedReasons = ['departed', 'paused', 'closed_hours', 'disabled', 'not_checked_in', 'session_ended'] as const;
export type CameraClosedReason = (typeof cameraClosedReasons)[number];

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;
/** "she's", "he's", "they're": a child whose family gave no pronouns is "they". */
const pronounIs = (pronouns: ChildPronouns | null) => (pronouns === 'she' ? "she's" : pronouns === 'he' ? "he's" : "they're");

/** What the page says when a camera is not available, in words for the parent or staff member; `child` is whose departure closed it. */
export function cameraClosedText(reason: CameraClosedReason, child?: { name: string; pronouns: ChildPronouns | null }): string {
  switch (reason) {
    case 'departed':
      return child
        ? `${firstName(child.name)} has gone home for the day — the camera is available again when ${pronounIs(child.pronouns)} checked in.`
        : 'Your child has gone home for the day — the camera is available again when they are checked in.';
    case 'paused':
      return 'Camera paused by staff';
    case 'closed_hours':
      return 'The nursery is closed now — the camera is available during its opening hours.';
    case 'disabled':
      return 'This camera is switched off by the nursery.';
    case 'not_checked_in':
      return 'You can watch this camera while your child is checked in to its classroom.';
    case 'session_ended':
      return 'This viewing has ended — start the camera again to keep watching.';
  }
}

/**
 * Sent on the camera's /ws channel when it closes: to a family when one of its children departs
 * (`childIds`; with another child still in the room the family may keep watching, so the player
 * renews its token to find out), and to every viewer when staff pause or switch off the camera.
 */
export const cameraClosedMessage = z.object({
  type: z.literal('camera_closed'),
  /** Absent: every camera of the room (a departure). */
  cameraId: z.string().optional(),
  reason: z.enum(cameraClosedReasons),
  childIds: z.array(z.number().int()).optional(),
});
export type CameraClosedMessage = z.infer<typeof cameraClosedMessage>;

/** Sent to a camera's channel when staff end privacy mode or switch the camera on again. */
export const cameraOpenedMessage = z.object({ type: z.literal('camera_opened'), cameraId: z.string() });

export const cameraParam = z.strictObject({ id: cameraId });
export const viewingSessionParam = z.strictObject({ id: cameraId, sessionId: pathId });

export const cameraTokenOutput = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime(),
});

export const viewingSessionOutput = cameraTokenOutput.extend({
  sessionId: z.number().int(),
  cameraId: z.string(),
  /** The HLS playlist; send the token as `?token=`. */
  playlistUrl: z.string(),
  /** False when this server has no video for the camera (no stream source, or no ffmpeg): show the placeholder. */
  hasVideo: z.boolean(),
});
export type ViewingSessionDto = z.infer<typeof viewingSessionOutput>;

export const viewerOutput = z.object({
  name: z.string(),
  kind: z.enum(['staff', 'family']),
  lastWatchedAt: z.iso.datetime(),
});

export const viewersSummary = z.object({
  /** Staff and your own family, by name. */
  named: z.array(viewerOutput),
  /** Other parents are counted, never named. */
  otherParents: z.number().int(),
});

export const roomViewersOutput = z.object({
  classroomId: z.number().int(),
  classroomName: z.string(),
  /** The room's cameras. */
  cameraIds: z.array(z.string()),
  today: viewersSummary,
  past30Days: viewersSummary,
});
export type RoomViewersDto = z.infer<typeof roomViewersOutput>;

/** "3 other parents watched today". */
export function otherParentsText(count: number, when: 'today' | 'in the past 30 days'): string {
  if (count === 0) return `No other parents watched ${when}.`;
  return `${count} other ${count === 1 ? 'parent' : 'parents'} watched ${when}.`;
}

export const viewingLogEntryOutput = z.object({
  id: z.number().int(),
  cameraId: z.string(),
  cameraName: z.string(),
  viewerName: z.string(),
  viewerKind: z.enum(['staff', 'parent']),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
});
export type ViewingLogEntryDto = z.infer<typeof viewingLogEntryOutput>;

const clockMessage = 'Times are HH:MM, 24-hour, such as 07:30; a day may close at 24:00.';
const clock = z.string(clockMessage).regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, clockMessage);

export const openingHoursDay = z.strictObject({
  /** ISO weekday: 1 is Monday, 7 Sunday. */
  weekday: z.number('weekday is 1 (Monday) to 7 (Sunday).').int('weekday is 1 (Monday) to 7 (Sunday).').min(1, 'weekday is 1 (Monday) to 7 (Sunday).').max(7, 'weekday is 1 (Monday) to 7 (Sunday).'),
  opensAt: clock,
  closesAt: clock,
});
export type OpeningHoursDay = z.infer<typeof openingHoursDay>;

export const updateOpeningHoursInput = z.strictObject({
  /** The days the nursery opens; a day left out is closed. */
  openingHours: z.array(openingHoursDay).max(7, 'Give each weekday at most once.'),
});

export const updateCameraInput = z.strictObject({
  id: cameraId,
  enabled: z.boolean().optional(),
  /** On: paused at once for every viewer, "Camera paused by staff". */
  privacyMode: z.boolean().optional(),
});

export const cameraSettingsOutput = z.object({
  id: z.string(),
  name: z.string(),
  classroomName: z.string(),
  enabled: z.boolean(),
  privacyMode: z.boolean(),
  hasSource: z.boolean(),
});

export const nurseryCameraSettingsOutput = z.object({
  openingHours: z.array(z.object({ weekday: z.number().int(), opensAt: z.string(), closesAt: z.string() })),
  cameras: z.array(cameraSettingsOutput),
});
export type NurseryCameraSettingsDto = z.infer<typeof nurseryCameraSettingsOutput>;

export const minutesOfClock = (clockText: string) => Number(clockText.slice(0, 2)) * 60 + Number(clockText.slice(3, 5));
export const clockOfMinutes = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
