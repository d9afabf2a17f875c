import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { ageLabel, localDate, monthsBetween } from '../../../shared/dates';
import { clockTime, timeAgo } from '../../../shared/relative-time';
import {
  CLASSROOM_CHANNEL_PREFIX,
  MAX_CHILD_AGE_YEARS,
  classroomChannel,
  type ActivityDto,
  type ChildDto,
  type CreateChildInput,
  type StaffClassroomDto,
  type createActivityInput,
  type listActivitiesInput,
} from '../../../shared/schemas/monitoring';
import type { ChildrenTable, Database } from '../../db/database';
import { badInput, forbidden, notFound } from '../../errors';
import type { ActivityEvent } from '../../realtime/activity-bus';
import type { AuthenticatedUser } from '../auth/auth.service';
import * as repo from './monitoring.repository';

/** A named child's live state after an activity of these types; other types keep the status. */
const statusAfterActivity = new Map([
  ['arrival', 'online'],
  ['nap', 'nap'],
  ['departure', 'offline'],
]);

/** Clocks disagree a little; an occurredAt this far ahead of ours is still "now". */
const CLOCK_SKEW_MS = 5 * 60_000;

function toChildDto(row: Selectable<ChildrenTable>, today: string): ChildDto {
  return {
    id: row.id,
    name: row.name,
    age: ageLabel(row.date_of_birth, today),
    dateOfBirth: row.date_of_birth,
    profileImage: row.profile_image,
    status: row.status,
    currentActivity: row.current_activity,
    lastUpdate: row.last_update?.toISOString() ?? null,
    specialNeeds: row.special_needs,
    specialNeedsDetails: row.special_needs_details,
  };
}

export function createMonitoringService(deps: {
  db: Kysely<Database>;
  timeZone: string;
  now?: () => Date;
  /** Called after an activity is committed, with it as members receive it; never rejects. */
  publish?: (event: ActivityEvent, activity: ActivityDto) => Promise<void>;
}) {
  const { db, timeZone } = deps;
  const now = deps.now ?? (() => new Date());
  const publish = deps.publish ?? (async () => {});

  function toActivityDto(row: { id: number; type: string; description: string; occurred_at: Date }, at: Date): ActivityDto {
    return {
      id: row.id,
      type: row.type,
      time: clockTime(row.occurred_at, timeZone),
      timeAgo: timeAgo(row.occurred_at, at),
      description: row.description,
    };
  }

  return {
    toActivityDto,

    async listChildren(user: AuthenticatedUser): Promise<ChildDto[]> {
      const today = localDate(now(), timeZone);
      const rows = await repo.listChildren(db, user.id);
      return rows.map((row) => toChildDto(row, today));
    },

    /** Adds a child to the caller's own family; they join a classroom later, through their nursery. */
    async addChild(user: AuthenticatedUser, input: CreateChildInput): Promise<ChildDto> {
      const today = localDate(now(), timeZone);
      if (input.dateOfBirth > today) throw badInput('dateOfBirth', 'The date of birth cannot be in the future.');
      if (monthsBetween(input.dateOfBirth, today) >= MAX_CHILD_AGE_YEARS * 12) {
        throw badInput('dateOfBirth', `Nestling is for children under ${MAX_CHILD_AGE_YEARS}; please check the date of birth.`);
      }
      const row = await repo.insertChild(db, {
        parent_id: user.id,
        name: input.name,
        date_of_birth: input.dateOfBirth,
        special_needs: input.specialNeeds,
        special_needs_details: input.specialNeedsDetails,
      });
      return toChildDto(row, today);
    },

    listCameras(user: AuthenticatedUser) {
      return repo.listCameras(db, user);
    },

    /** A camera the user may watch, or undefined for any other id. */
    findVisibleCamera(user: AuthenticatedUser, cameraId: string) {
      return repo.findVisibleCamera(db, user, cameraId);
    },

    /** A camera the user may watch, or 'not found' for any other id (theirs or not, it reads the same). */
    async requireVisibleCamera(user: AuthenticatedUser, cameraId: string) {
      const camera = await repo.findVisibleCamera(db, user, cameraId);
      if (!camera) throw notFound(`Camera '${cameraId}'`);
      return camera;
    },

    async listActivities(user: AuthenticatedUser, input: z.output<typeof listActivitiesInput>): Promise<ActivityDto[]> {
      const camera = input.channel ? await this.requireVisibleCamera(user, input.channel) : undefined;
      let before: { occurredAt: Date; id: number } | undefined;
      if (input.before) {
        const cursor = await repo.findVisibleActivityPosition(db, user, input.before);
        if (!cursor) throw notFound('That activity');
        before = { occurredAt: cursor.occurred_at, id: cursor.id };
      }
      const rows = await repo.listActivities(db, user, { classroomId: camera?.classroom_id, limit: input.limit, before });
      const at = now();
      return rows.map((row) => toActivityDto(row, at));
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
      const childId = input.childId ?? null;
      const values = {
        classroomId: target.classroomId,
        cameraId: target.cameraId,
        childId,
        type: input.type,
        description: input.description,
        occurredAt,
        createdBy: user.id,
      };
      const row =
        childId === null
          ? // One statement is atomic by itself; the transaction is for the two writes below.
            await repo.insertActivity(db, values)
          : await db.transaction().execute(async (trx) => {
              const child = await repo.findChildInVisibleClassroom(trx, user, childId);
              if (!child) throw notFound('That child');
              if (child.classroom_id !== target.classroomId) {
                const classroom = await repo.findVisibleClassroom(trx, user, target.classroomId);
                throw badInput('childId', `${child.name} is not in ${classroom?.name ?? 'that classroom'}; choose a child from that classroom.`);
              }
              const inserted = await repo.insertActivity(trx, values);
              await repo.applyActivityToChild(trx, {
                childId,
                status: statusAfterActivity.get(input.type),
                currentActivity: input.description,
                occurredAt,
              });
              return inserted;
            });
      const activity = toActivityDto(row, at);
      await publish({ activityId: row.id, classroomId: target.classroomId }, activity);
      return activity;
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

    /**
     * An activity as channel members receive it, with the classroom whose channels get it, for
     * delivery on an instance that did not publish it.
     */
    async activityForDelivery(activityId: number): Promise<{ classroomId: number; activity: ActivityDto } | undefined> {
      const row = await repo.findActivityForDelivery(db, activityId);
      return row && { classroomId: row.classroom_id, activity: toActivityDto(row, now()) };
    },
  };

  function requireStaff(user: AuthenticatedUser, message: string) {
    if (user.role !== 'staff' && user.role !== 'admin') throw forbidden(message);
  }

  /** A camera id, or `classroom:<id>`, scoped to the caller: anything they may not see is not found. */
  async function resolveChannel(user: AuthenticatedUser, channel: string) {
    if (channel.startsWith(CLASSROOM_CHANNEL_PREFIX)) {
      const classroom = await repo.findVisibleClassroom(db, user, Number(channel.slice(CLASSROOM_CHANNEL_PREFIX.length)));
      if (!classroom) throw notFound(`Classroom '${channel}'`);
      return { classroomId: classroom.id, cameraId: null };
    }
    const camera = await repo.findVisibleCamera(db, user, channel);
    if (!camera) throw notFound(`Camera '${channel}'`);
    return { classroomId: camera.classroom_id, cameraId: camera.id };
  }
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
