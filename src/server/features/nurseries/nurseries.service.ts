import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { formatMiles } from '../../../shared/nurseries';
import type { Page, PageInput } from '../../../shared/schemas/common';
import type { NurseryDto, nurseryFilters, searchNurseriesInput } from '../../../shared/schemas/nurseries';
import type { Database } from '../../db/database';
import { pageOf } from '../../db/keyset';
import { badInput } from '../../errors';
import type { AuthenticatedUser } from '../../principal';
import * as repo from './nurseries.repository';

type NurseryRow = Awaited<ReturnType<typeof repo.searchNurseries>>[number];

function toNurseryDto(row: NurseryRow): NurseryDto {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    rating: row.rating,
    location: row.location,
    distance: row.miles === null ? null : formatMiles(row.miles),
    distanceMiles: row.miles === null ? null : Math.round(row.miles * 100) / 100,
    ageGroups: row.age_groups,
    facilities: row.facilities,
    specialNeedsSupport: row.special_needs_support,
  };
}

export function createNurseriesService(deps: { db: Kysely<Database> }) {
  /** Distance is measured from the given point, else from the signed-in parent's home. */
  function searchOf(input: z.output<typeof nurseryFilters>, user: AuthenticatedUser | null): repo.NurserySearch {
    const origin =
      input.lat !== undefined && input.lng !== undefined
        ? { lat: input.lat, lng: input.lng }
        : user?.latitude != null && user.longitude != null
          ? { lat: user.latitude, lng: user.longitude }
          : undefined;
    if (input.withinMiles !== undefined && !origin) {
      throw badInput('withinMiles', 'A distance filter needs a starting point: sign in with a home city, or pass lat and lng.');
    }
    return {
      text: input.q || undefined,
      specialNeeds: input.specialNeeds,
      ageMin: input.ageMin,
      ageMax: input.ageMax,
      origin,
      withinMiles: input.withinMiles,
    };
  }

  return {
    async search(input: z.output<typeof searchNurseriesInput>, user: AuthenticatedUser | null): Promise<NurseryDto[]> {
      return (await repo.searchNurseries(deps.db, searchOf(input, user), input.limit)).map(toNurseryDto);
    },

    async page(input: z.output<typeof nurseryFilters> & PageInput, user: AuthenticatedUser | null): Promise<Page<NurseryDto>> {
      return pageOf(await repo.pageNurseries(deps.db, searchOf(input, user), input), toNurseryDto);
    },
  };
}

export type NurseriesService = ReturnType<typeof createNurseriesService>;
