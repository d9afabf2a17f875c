import type { Kysely, Selectable } from 'kysely';
import { ageInMonths, ageLabel, localDate, monthsBetween } from '../../../shared/dates';
import { DETAILS_NEED_SPECIAL_NEEDS, MAX_CHILD_AGE_YEARS, type ChildDto, type CreateChildInput, type UpdateChildInput } from '../../../shared/schemas/children';
import type { ChildrenTable, Database } from '../../db/database';
import { familyScopeOf, findOwnChild, requireFamily } from '../../db/family-scope';
import { writeEvents } from '../../db/outbox';
import { badInput, notFound } from '../../errors';
import type { AuthenticatedUser } from '../../principal';
import * as repo from './children.repository';

function toChildDto(row: Selectable<ChildrenTable>, today: string): ChildDto {
  return {
    id: row.id,
    name: row.name,
    age: ageLabel(row.date_of_birth, today),
    ageMonths: ageInMonths(row.date_of_birth, today),
    dateOfBirth: row.date_of_birth,
    profileImage: row.profile_image,
    status: row.status,
    currentActivity: row.current_activity,
    lastUpdate: row.last_update?.toISOString() ?? null,
    specialNeeds: row.special_needs,
    specialNeedsDetails: row.special_needs_details,
    photosAllowed: row.photos_allowed,
    pronouns: row.pronouns,
  };
}

/** A date of birth must be a day that has come, and of a child Nestling is for. */
function checkDateOfBirth(dateOfBirth: string, today: string): void {
  if (dateOfBirth > today) throw badInput('dateOfBirth', 'The date of birth cannot be in the future.');
  if (monthsBetween(dateOfBirth, today) >= MAX_CHILD_AGE_YEARS * 12) {
    throw badInput('dateOfBirth', `Nestling is for children under ${MAX_CHILD_AGE_YEARS}; please check the date of birth.`);
  }
}

/** The row as it becomes with `changes`: the given fields, and no details once specialNeeds is false. */
function applyChanges(row: Selectable<ChildrenTable>, changes: Omit<UpdateChildInput, 'id'>) {
  const specialNeeds = changes.specialNeeds ?? row.special_needs;
  if (!specialNeeds && changes.specialNeedsDetails) throw badInput('specialNeedsDetails', DETAILS_NEED_SPECIAL_NEEDS);
  return {
    name: changes.name ?? row.name,
    date_of_birth: changes.dateOfBirth ?? row.date_of_birth,
    special_needs: specialNeeds,
    special_needs_details: specialNeeds ? (changes.specialNeedsDetails === undefined ? row.special_needs_details : changes.specialNeedsDetails) : null,
    photos_allowed: changes.photosAllowed ?? row.photos_allowed,
    // null is a change too: the family takes the pronouns away.
    pronouns: changes.pronouns === undefined ? row.pronouns : changes.pronouns,
  };
}

export function createChildrenService(deps: { db: Kysely<Database>; timeZone: string; now?: () => Date }) {
  const { db, timeZone } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async listChildren(user: AuthenticatedUser): Promise<ChildDto[]> {
      const today = localDate(now(), timeZone);
      const rows = await repo.listChildren(db, familyScopeOf(user));
      return rows.map((row) => toChildDto(row, today));
    },

    async getChild(user: AuthenticatedUser, childId: number): Promise<ChildDto> {
      const row = await repo.findChild(db, familyScopeOf(user), childId);
      if (!row) throw notFound('That child');
      return toChildDto(row, localDate(now(), timeZone));
    },

    /** Adds a child to the caller's own family; they join a classroom later, through their nursery. */
    async addChild(user: AuthenticatedUser, input: CreateChildInput): Promise<ChildDto> {
      const today = localDate(now(), timeZone);
      checkDateOfBirth(input.dateOfBirth, today);
      const familyId = requireFamily(user);
      return db.transaction().execute(async (trx) => {
        const row = await repo.insertChild(trx, {
          family_id: familyId,
          name: input.name,
          date_of_birth: input.dateOfBirth,
          special_needs: input.specialNeeds,
          special_needs_details: input.specialNeedsDetails,
          photos_allowed: input.photosAllowed,
          pronouns: input.pronouns,
        });
        const child = toChildDto(row, today);
        await writeEvents(trx, [{ type: 'child.created', familyId, payload: { child }, occurredAt: row.created_at }]);
        return child;
      });
    },

    /**
     * Changes the given details of a child of the caller's family (guardians only, by the carer
     * rule), recording child.updated in the same transaction. Changing nothing records nothing.
     */
    async updateChild(user: AuthenticatedUser, childId: number, changes: Omit<UpdateChildInput, 'id'>): Promise<ChildDto> {
      const at = now();
      const today = localDate(at, timeZone);
      return db.transaction().execute(async (trx) => {
        const own = await findOwnChild(trx, user, childId);
        if (!own) throw notFound('That child');
        if (changes.dateOfBirth !== undefined) checkDateOfBirth(changes.dateOfBirth, today);
        const row = await repo.lockChild(trx, own.id);
        const next = applyChanges(row, changes);
        if ((Object.keys(next) as (keyof typeof next)[]).every((column) => next[column] === row[column])) return toChildDto(row, today);
        const updated = await repo.updateChild(trx, own.id, next);
        const child = toChildDto(updated, today);
        await writeEvents(trx, [{ type: 'child.updated', familyId: updated.family_id, payload: { child }, occurredAt: at }]);
        return child;
      });
    },
  };
}

export type ChildrenService = ReturnType<typeof createChildrenService>;
