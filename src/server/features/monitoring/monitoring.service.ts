import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ageLabel, localDate } from '../../../shared/dates';
import { clockTime, timeAgo } from '../../../shared/relative-time';
import type { ActivityDto, ChildDto, listActivitiesInput } from '../../../shared/schemas/monitoring';
import type { Database } from '../../db/database';
import { notFound } from '../../errors';
import type { AuthenticatedUser } from '../auth/auth.service';
import * as repo from './monitoring.repository';

export function createMonitoringService(deps: { db: Kysely<Database>; timeZone: string; now?: () => Date }) {
  const { db, timeZone } = deps;
  const now = deps.now ?? (() => new Date());

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
      return rows.map((row) => ({
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
      }));
    },

    listCameras(user: AuthenticatedUser) {
      return repo.listCameras(db, user);
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
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
