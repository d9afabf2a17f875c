import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { clockTime, timeAgo } from '../../../shared/relative-time';
import {
  CLASSROOM_CHANNEL_PREFIX,
  classroomChannel,
  type ActivityDto,
  type StaffClassroomDto,
  type createActivityInput,
  type listActivitiesInput,
  type pageActivitiesInput,
} from '../../../shared/schemas/monitoring';
import type { Page } from '../../../shared/schemas/common';
import type { Database, Db } from '../../db/database';
import { pageOf } from '../../db/keyset';
import { writeEvents } from '../../db/outbox';
import { badInput, forbidden, notFound } from '../../errors';
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

export function createMonitoringService(deps: {
  db: Kysely<Database>;
  timeZone: string;
  now?: () => Date;
}) {
  const { db, timeZone } = deps;
  const now = deps.now ?? (() => new Date());

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
      const values = { classroomId: target.classroomId, cameraId: target.cameraId, childIds, type: input.type, description: input.description, occurredAt, createdBy: user.id };
      // Listeners on /ws hear of it through the outbox (realtime/outbox-relay.ts), once committed.
      const row = await db.transaction().execute(async (trx) => {
        await requireChildrenIn(trx, user, childIds, target.classroomId);
        const inserted = await repo.insertActivity(trx, values);
        for (const childId of childIds) {
          await repo.applyActivityToChild(trx, { childId, status: statusAfterActivity.get(input.type), currentActivity: input.description, occurredAt });
        }
        const familyIds = await repo.familyIdsOf(trx, childIds);
        // The outbox's audiences: the staff of the nursery, and each family the activity is about
        // (for a classroom-wide one, every family with a child in the room), one event each.
        const audience = await repo.activityAudience(trx, target.classroomId, familyIds);
        const payload = { activity: toActivityDto(inserted, at), classroomId: target.classroomId };
        await writeEvents(trx, [
          { type: 'activity.created', nurseryId: audience.nurseryId, payload, occurredAt: at },
          ...audience.familyIds.map((familyId) => ({ type: 'activity.created' as const, familyId, payload, occurredAt: at })),
        ]);
        return inserted;
      });
      return toActivityDto(row, at);
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
          })),
      }));
    },

  };

  /** Every named child must be one the caller may see, in the classroom the activity is logged for. */
  async function requireChildrenIn(trx: Db, user: AuthenticatedUser, childIds: number[], classroomId: number) {
    if (childIds.length === 0) return;
    const children = await repo.findChildrenInVisibleClassrooms(trx, user, childIds);
    if (children.length < childIds.length) throw notFound(childIds.length === 1 ? 'That child' : 'One of those children');
    const elsewhere = children.find((child) => child.classroom_id !== classroomId);
    if (elsewhere) {
      const classroom = await repo.findVisibleClassroom(trx, user, classroomId);
      const field = childIds.length === 1 ? 'childId' : 'childIds';
      throw badInput(field, `${elsewhere.name} is not in ${classroom?.name ?? 'that classroom'}; choose a child from that classroom.`);
    }
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


type ActivityRow = { id: number; type: string; description: string; occurred_at: Date; camera_id: string | null; child_ids: number[] };

