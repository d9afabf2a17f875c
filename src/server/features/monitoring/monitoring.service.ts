import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { localDate } from '../../../shared/dates';
import { clockTime, timeAgo } from '../../../shared/relative-time';
import {
  CLASSROOM_CHANNEL_PREFIX,
  PHOTOS_OPTED_OUT,
  activityPhotoUrls,
  classroomChannel,
  type ActivityDto,
  type ActivityPhotoDto,
  type UploadedActivityPhotoDto,
  type StaffClassroomDto,
  type createActivityInput,
  type listActivitiesInput,
  type pageActivitiesInput,
} from '../../../shared/schemas/monitoring';
import type { Page } from '../../../shared/schemas/common';
import type { Database, Db } from '../../db/database';
import { pageOf } from '../../db/keyset';
import { writeEvents } from '../../db/outbox';
import { AppError, badInput, forbidden, notFound } from '../../errors';
import { isImageId, type ImageService, type ImageVariant } from '../../lib/images/images.service';
import { isStaff, type AuthenticatedUser } from '../../principal';
import * as repo from './monitoring.repository';

/** A named child's live state after an activity of these types; other types keep the status. */
const statusAfterActivity = new Map([
  ['arrival', 'online'],
  ['nap', 'nap'],
  ['departure', 'offline'],
]);

/** Clocks disagree a little; an occurredAt this far ahead of ours is still "now". */
const CLOCK_SKEW_MS = 5 * 60_000;

const PHOTO_NOT_FOUND = 'That photo was not found. Please upload it again.';

export function createMonitoringService(deps: {
  db: Kysely<Database>;
  images: ImageService;
  timeZone: string;
  now?: () => Date;
}) {
  const { db, images, timeZone } = deps;
  const now = deps.now ?? (() => new Date());

  // An activity's photos live while it does. They are served only by the activity photo route,
  // which checks the viewer by the activity's rule, so no other image route shows them.
  images.registerOwner('activity photos', { referencedAmong: repo.photosAmong, readableBy: async () => false });

  function toActivityDto(row: ActivityRow, at: Date): ActivityDto {
    return {
      id: row.id,
      type: row.type,
      time: clockTime(row.occurred_at, timeZone),
      timeAgo: timeAgo(row.occurred_at, at),
      description: row.description,
      occurredAt: row.occurred_at.toISOString(),
      childIds: row.child_ids,
      cameraId: row.camera_id,
      photos: row.photos.map((photo) => toPhotoDto(row.id, photo)),
    };
  }

  return {

    listCameras(user: AuthenticatedUser) {
      return repo.listCameras(db, user);
    },

    /** The classroom feed a channel (a camera id, or `classroom:<id>`) listens to, or undefined when the user may not see it. */
    async findVisibleChannel(user: AuthenticatedUser, channel: string) {
      return findChannel(user, channel);
    },

    async listActivities(user: AuthenticatedUser, input: z.output<typeof listActivitiesInput>): Promise<ActivityDto[]> {
      const target = input.channel ? await resolveChannel(user, input.channel) : undefined;
      let before: { occurredAt: Date; id: number } | undefined;
      if (input.before) {
        const cursor = await repo.findVisibleActivityPosition(db, user, input.before);
        if (!cursor) throw notFound('That activity');
        before = { occurredAt: cursor.occurred_at, id: cursor.id };
      }
      const rows = await repo.listActivities(db, user, { classroomId: target?.classroomId, limit: input.limit, before });
      const at = now();
      return rows.map((row) => toActivityDto(row, at));
    },

    async pageActivities(user: AuthenticatedUser, input: z.output<typeof pageActivitiesInput>): Promise<Page<ActivityDto>> {
      const target = input.channel ? await resolveChannel(user, input.channel) : undefined;
      const at = now();
      return pageOf(await repo.pageActivities(db, user, { classroomId: target?.classroomId }, input), (row) => toActivityDto(row, at));
    },

    async getActivity(user: AuthenticatedUser, activityId: number): Promise<ActivityDto> {
      const row = await repo.findVisibleActivity(db, user, activityId);
      if (!row) throw notFound('That activity');
      return toActivityDto(row, now());
    },

    /**
     * Logs an activity for a classroom of the caller's nursery (staff only), moves the named
     * child's live state along, and publishes the activity once it is committed.
     */
    async createActivity(user: AuthenticatedUser, input: z.output<typeof createActivityInput>): Promise<ActivityDto> {
      requireStaff(user, 'Only nursery staff can log activities.');
      const target = await resolveChannel(user, input.channel);
      const at = now();
      const occurredAt = input.occurredAt ? new Date(input.occurredAt) : at;
      if (occurredAt.getTime() > at.getTime() + CLOCK_SKEW_MS) {
        throw badInput('occurredAt', 'occurredAt is in the future; log an activity once it has happened.');
      }
      const childIds = [...new Set([...input.childIds, ...(input.childId ? [input.childId] : [])])];
      const tagged = [...new Set(input.taggedChildIds ?? childIds)];
      const photos = await ownPhotos(user, input.photoIds);
      requireSensibleTags(tagged, childIds, photos.length);
      const values = { classroomId: target.classroomId, cameraId: target.cameraId, childIds, type: input.type, description: input.description, occurredAt, createdBy: user.id };
      // Listeners on /ws hear of it through the outbox (realtime/outbox-relay.ts), once committed.
      const row = await db.transaction().execute(async (trx) => {
        await requireChildrenIn(trx, user, childIds, target.classroomId);
        if (photos.length > 0) await requireTaggable(trx, user, tagged, target.classroomId, photos);
        const inserted = { ...(await repo.insertActivity(trx, values)), photos };
        if (photos.length > 0) await repo.attachPhotos(trx, inserted.id, photos.map((photo) => photo.id), tagged);
        for (const childId of childIds) {
          await repo.applyActivityToChild(trx, { childId, status: statusAfterActivity.get(input.type), currentActivity: input.description, occurredAt });
        }
        const familyIds = await repo.familyIdsOf(trx, childIds);
        const taggedFamilyIds = new Set(photos.length > 0 ? await repo.familyIdsOf(trx, tagged) : []);
        // The outbox's audiences: the staff of the nursery, and each family the activity is about
        // (for a classroom-wide one, every family with a child in the room), one event each. Each
        // carries the photos that audience may see: all for staff, a family's only when one of its
        // children is tagged, so /ws, GET /events and webhooks never name a photo to anyone else.
        const audience = await repo.activityAudience(trx, target.classroomId, familyIds);
        const payloadWith = (photosSeen: boolean) => ({ activity: toActivityDto({ ...inserted, photos: photosSeen ? photos : [] }, at), classroomId: target.classroomId });
        await writeEvents(trx, [
          { type: 'activity.created', nurseryId: audience.nurseryId, payload: payloadWith(true), occurredAt: at },
          ...audience.familyIds.map((familyId) => ({ type: 'activity.created' as const, familyId, payload: payloadWith(taggedFamilyIds.has(familyId)), occurredAt: at })),
        ]);
        return inserted;
      });
      return toActivityDto(row, at);
    },

    /** Takes a photo for an activity (staff only), through the image pipeline and its daily quota. */
    async uploadPhoto(user: AuthenticatedUser, body: Readable): Promise<UploadedActivityPhotoDto> {
      requireStaff(user, 'Only nursery staff can add photos to activities.');
      const image = await images.upload(user.id, body);
      return { id: image.id, width: image.width, height: image.height, byteSize: image.byteSize };
    },

    /**
     * One photo of an activity, for a viewer who may see it: the nursery's staff, or a family
     * with a child tagged in it, checked on every request. Anyone else (another family of the
     * same classroom too) finds nothing, as for a photo that does not exist.
     */
    async findPhoto(user: AuthenticatedUser, activityId: number, photoId: string, variant: ImageVariant) {
      if (!isImageId(photoId)) return undefined;
      const photo = await repo.findVisiblePhoto(db, user, activityId, photoId.toLowerCase());
      const image = photo && (await images.findChecked(photoId.toLowerCase(), variant));
      if (!photo || !image) return undefined;
      return { ...image, fileName: photoFileName(photo) };
    },

    /** The staff member's classrooms, each with its cameras and children, for logging activities. */
    async listClassroomRoster(user: AuthenticatedUser): Promise<StaffClassroomDto[]> {
      requireStaff(user, 'Only nursery staff can see classroom rosters.');
      const { classrooms, cameras, children } = await repo.listClassroomRoster(db, user);
      return classrooms.map((classroom) => ({
        id: classroom.id,
        name: classroom.name,
        channel: classroomChannel(classroom.id),
        cameras: cameras.filter((camera) => camera.classroom_id === classroom.id).map(({ id, name }) => ({ id, name })),
        children: children
          .filter((child) => child.classroom_id === classroom.id)
          .map((child) => ({
            id: child.id,
            name: child.name,
            status: child.status,
            currentActivity: child.current_activity,
            lastUpdate: child.last_update?.toISOString() ?? null,
            photosAllowed: child.photos_allowed,
          })),
      }));
    },

  };

  /** Every named child must be one the caller may see, in the classroom the activity is logged for. */
  async function requireChildrenIn(trx: Db, user: AuthenticatedUser, childIds: number[], classroomId: number, field?: string) {
    if (childIds.length === 0) return;
    const children = await repo.findChildrenInVisibleClassrooms(trx, user, childIds);
    if (children.length < childIds.length) throw notFound(childIds.length === 1 ? 'That child' : 'One of those children');
    const elsewhere = children.find((child) => child.classroom_id !== classroomId);
    if (elsewhere) {
      const classroom = await repo.findVisibleClassroom(trx, user, classroomId);
      field ??= childIds.length === 1 ? 'childId' : 'childIds';
      throw badInput(field, `${elsewhere.name} is not in ${classroom?.name ?? 'that classroom'}; choose a child from that classroom.`);
    }
  }

  /** The caller's own uploads, in the order given; someone else's, or one swept, is not found. */
  async function ownPhotos(user: AuthenticatedUser, photoIds: string[]): Promise<PhotoRow[]> {
    const photos: PhotoRow[] = [];
    for (const photoId of photoIds) {
      const image = await images.findOwned(user.id, photoId.toLowerCase());
      if (!image) throw new AppError('not_found', PHOTO_NOT_FOUND);
      photos.push({ id: image.id, width: image.width, height: image.height });
    }
    return photos;
  }

  /**
   * Photos need someone tagged (only tagged families see them); tags need photos; and an
   * activity about some children may tag only them, since no other family reads it.
   */
  function requireSensibleTags(tagged: number[], childIds: number[], photoCount: number) {
    if (photoCount === 0) {
      if (tagged.length > 0 && tagged.some((childId) => !childIds.includes(childId))) {
        throw badInput('taggedChildIds', 'Tag children only in photos: add photoIds, or leave taggedChildIds out.');
      }
      return;
    }
    if (tagged.length === 0) throw badInput('taggedChildIds', 'Tag the children in the photos: only their families (and staff) will see them.');
    if (childIds.length > 0 && tagged.some((childId) => !childIds.includes(childId))) {
      throw badInput('taggedChildIds', 'Tag only children this activity is about: no other family will see it.');
    }
  }

  /**
   * Tagged children must be in the classroom, and their families must allow photos. Their rows
   * stay held until the activity is saved, so a family opting out meanwhile is seen here. The
   * photos are held too: the sweep cannot take them, nor another activity show them as well.
   */
  async function requireTaggable(trx: Db, user: AuthenticatedUser, tagged: number[], classroomId: number, photos: PhotoRow[]) {
    await requireChildrenIn(trx, user, tagged, classroomId, 'taggedChildIds');
    const optedOut = (await repo.lockTaggedChildren(trx, tagged)).find((child) => !child.photos_allowed);
    if (optedOut) throw badInput('taggedChildIds', PHOTOS_OPTED_OUT(optedOut.name));
    const { present, inUse } = await repo.lockPhotosInUse(trx, photos.map((photo) => photo.id));
    if (present.length < photos.length) throw new AppError('not_found', PHOTO_NOT_FOUND);
    if (inUse.length > 0) throw badInput('photoIds', 'That photo is already on another activity. Upload it again to show it here too.');
  }

  /** maya-nap-2026-11-26.webp (first names); with more than one photo, maya-nap-2026-11-26-2.webp for the second. */
  function photoFileName(photo: { type: string; occurred_at: Date; position: number; photo_count: number | null; tagged_names: string[] }) {
    const firstNames = photo.tagged_names.map((name) => name.trim().split(/\s+/)[0] ?? '');
    const parts = [...firstNames, photo.type, localDate(photo.occurred_at, timeZone), ...((photo.photo_count ?? 1) > 1 ? [String(photo.position)] : [])];
    const slug = parts
      .map((part) => part.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''))
      .filter(Boolean)
      .join('-');
    return `${slug || 'photo'}.webp`;
  }

  function toPhotoDto(activityId: number, photo: PhotoRow): ActivityPhotoDto {
    return { id: photo.id, ...activityPhotoUrls(activityId, photo.id), width: photo.width, height: photo.height };
  }

  function requireStaff(user: AuthenticatedUser, message: string) {
    if (!isStaff(user)) throw forbidden(message);
  }

  /** A camera id, or `classroom:<id>`, scoped to the caller: anything they may not see is undefined. */
  async function findChannel(user: AuthenticatedUser, channel: string) {
    if (channel.startsWith(CLASSROOM_CHANNEL_PREFIX)) {
      const classroom = await repo.findVisibleClassroom(db, user, Number(channel.slice(CLASSROOM_CHANNEL_PREFIX.length)));
      return classroom && { classroomId: classroom.id, cameraId: null };
    }
    const camera = await repo.findVisibleCamera(db, user, channel);
    return camera && { classroomId: camera.classroom_id, cameraId: camera.id };
  }

  async function resolveChannel(user: AuthenticatedUser, channel: string) {
    const target = await findChannel(user, channel);
    if (!target) throw notFound(channel.startsWith(CLASSROOM_CHANNEL_PREFIX) ? `Classroom '${channel}'` : `Camera '${channel}'`);
    return target;
  }
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;


type PhotoRow = { id: string; width: number; height: number };
type ActivityRow = { id: number; type: string; description: string; occurred_at: Date; camera_id: string | null; child_ids: number[]; photos: PhotoRow[] };

