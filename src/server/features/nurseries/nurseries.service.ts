import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { formatMiles } from '../../../shared/nurseries';
import type { NurseryDto, searchNurseriesInput } from '../../../shared/schemas/nurseries';
import type { Database } from '../../db/database';
import { badInput } from '../../errors';
import type { AuthenticatedUser } from '../../principal';
import * as repo from './nurseries.repository';

export function createNurseriesService(deps: { db: Kysely<Database> }) {
  return {
    /** Distance is measured from the given point, else from the signed-in parent's home. */
    async search(input: z.output<typeof searchNurseriesInput>, user: AuthenticatedUser | null): Promise<NurseryDto[]> {
      const origin =
        input.lat !== undefined && input.lng !== undefined
          ? { lat: input.lat, lng: input.lng }
          : user?.latitude != null && user.longitude != null
            ? { lat: user.latitude, lng: user.longitude }
            : undefined;
      if (input.withinMiles !== undefined && !origin) {
        throw badInput('withinMiles', 'A distance filter needs a starting point: sign in with a home city, or pass lat and lng.');
      }
      const rows = await repo.searchNurseries(deps.db, {
        text: input.q || undefined,
        specialNeeds: input.specialNeeds,
        ageMin: input.ageMin,
        ageMax: input.ageMax,
        origin,
        withinMiles: input.withinMiles,
        limit: input.limit,
      });
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        image: row.image,
        rating: row.rating,
        location: row.location,
        distance: row.miles === null ? null : formatMiles(row.miles),
        ageGroups: row.age_groups,
        facilities: row.facilities,
        specialNeedsSupport: row.special_needs_support,
      }));
    },
  };
}

export type NurseriesService = ReturnType<typeof createNurseriesService>;
