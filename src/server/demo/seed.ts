import type { Kysely, Transaction } from 'kysely';
import { loadKnowledgeBase } from '../features/assistant/knowledge-base.loader';
import { hashPassword } from '../lib/passwords';
import { localClock } from '../lib/local-clock';
import type { Database } from '../db/database';
import { foundFamily } from '../db/family-scope';
import { seedCommunityAndMentalHealth } from './seed-community-and-mental-health';
import { classrooms } from './seed-data/classrooms';
import { demoActivities, demoChildren, secondFamilyActivities, secondFamilyChildren } from './seed-data/family';
import { nurseries } from './seed-data/nurseries';
import { products } from './seed-data/products';
import { shadowTeachers } from './seed-data/shadow-teachers';
import type { SeedActivity, SeedChild } from './seed-data/types';

/** The demo accounts the README lists. */
/** The demo accounts' credentials, exactly what sign-in takes. */
export const demoAccounts = {
  parent: { email: 'demo@nestling.test', password: 'nestling-demo' },
  secondParent: { email: 'family2@nestling.test', password: 'nestling-demo' },
  staff: { email: 'staff@nestling.test', password: 'nestling-staff' },
} as const;

export const demoNames = { parent: 'Sarah Thompson', secondParent: 'Daniel Osei', staff: 'Priya Raman' } as const;

const DEMO_CITY = { city: 'Maplebrook', latitude: 42.3601, longitude: -71.0589 };

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}

/**
 * Loads the demo data in one transaction, so a failure leaves the database as it was. Its
 * activities fall on today's date in `timeZone`, where the daily report looks for them.
 */
export async function seed(db: Kysely<Database>, now: Date = new Date(), timeZone = 'UTC'): Promise<void> {
  const activityTime = demoTimeline(now, timeZone, [...demoActivities, ...secondFamilyActivities]);
  const [parentHash, secondHash, staffHash] = await Promise.all([
    hashPassword(demoAccounts.parent.password),
    hashPassword(demoAccounts.secondParent.password),
    hashPassword(demoAccounts.staff.password),
  ]);

  await db.transaction().execute(async (trx) => {
    const nurseryIds = new Map<string, number>();
    for (const n of nurseries) {
      const { id } = await trx
        .insertInto('nurseries')
        .values({
          name: n.name,
          image: n.image,
          rating: n.rating,
          location: n.location,
          latitude: n.latitude,
          longitude: n.longitude,
          age_min: n.ageMin,
          age_max: n.ageMax,
          age_groups: n.ageGroups,
          facilities: n.facilities,
          special_needs_support: n.specialNeedsSupport,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      nurseryIds.set(n.key, id);
      await trx.insertInto('nursery_opening_hours').values(demoOpeningHours.map((day) => ({ nursery_id: id, ...day }))).execute();
    }

    const classroomIds = new Map<string, number>();
    for (const c of classrooms) {
      const { id } = await trx
        .insertInto('classrooms')
        .values({ nursery_id: required(nurseryIds, c.nurseryKey), name: c.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      classroomIds.set(c.key, id);
      if (c.cameras.length > 0) {
        await trx.insertInto('cameras').values(c.cameras.map((cam) => ({ id: cam.id, classroom_id: id, name: cam.name, stream_source: cam.streamSource ?? null }))).execute();
      }
    }

    await trx
      .insertInto('products')
      .values(
        products.map((p, index) => ({
          name: p.name,
          description: p.description,
          image: p.image,
          price: p.priceCents,
          original_price: p.originalPriceCents,
          badge_type: p.badge?.type ?? null,
          badge_text: p.badge?.text ?? null,
          // Keeps the catalogue in its written order when listed newest first.
          created_at: new Date(now.getTime() - index * 60_000),
        })),
      )
      .execute();

    await trx
      .insertInto('shadow_teachers')
      .values(
        shadowTeachers.map((t) => ({
          name: t.name,
          profile_image: t.profileImage,
          location: t.location,
          specialization: t.specialization,
          bio: t.bio,
          experience: t.experience,
          hourly_rate: t.hourlyRateCents,
          rating: t.rating,
          availability: JSON.stringify(t.availability),
        })),
      )
      .execute();

    const firstNursery = required(nurseryIds, nurseries[0]!.key);
    const parent = await insertAccount(trx, { ...demoAccounts.parent, name: demoNames.parent }, parentHash, { role: 'parent', profile_image: '/images/avatars/parent-1.svg', phone: '+1 555 0100' });
    const second = await insertAccount(trx, { ...demoAccounts.secondParent, name: demoNames.secondParent }, secondHash, { role: 'parent', profile_image: '/images/avatars/parent-2.svg', phone: '+1 555 0101' });
    await insertAccount(trx, { ...demoAccounts.staff, name: demoNames.staff }, staffHash, { role: 'staff', nursery_id: firstNursery, profile_image: null, phone: null });

    const parentFamily = await foundFamily(trx, { id: parent, name: demoNames.parent });
    const secondFamily = await foundFamily(trx, { id: second, name: demoNames.secondParent });
    await insertFamily(trx, parentFamily, demoChildren, demoActivities, classroomIds, now, activityTime);
    await insertFamily(trx, secondFamily, secondFamilyChildren, secondFamilyActivities, classroomIds, now, activityTime);
    await seedCommunityAndMentalHealth(trx, { parent, secondParent: second }, now);
    await loadKnowledgeBase(trx);
  });
}

async function insertAccount(
  trx: Transaction<Database>,
  account: { email: string; name: string },
  passwordHash: string,
  extra: { role: 'parent' | 'staff'; profile_image: string | null; phone: string | null; nursery_id?: number },
): Promise<number> {
  const { id } = await trx
    .insertInto('users')
    .values({ name: account.name, email: account.email, password_hash: passwordHash, ...DEMO_CITY, ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function insertFamily(
  trx: Transaction<Database>,
  familyId: number,
  children: SeedChild[],
  activities: SeedActivity[],
  classroomIds: Map<string, number>,
  now: Date,
  activityTime: (minutesAgo: number) => Date,
) {
  const childIds: number[] = [];
  for (const child of children) {
    const { id } = await trx
      .insertInto('children')
      .values({
        family_id: familyId,
        classroom_id: required(classroomIds, child.classroomKey),
        name: child.name,
        date_of_birth: child.dateOfBirth,
        profile_image: child.profileImage,
        status: child.status,
        current_activity: child.currentActivity,
        last_update: child.currentActivity ? new Date(now.getTime() - 10 * 60_000) : null,
        special_needs: child.specialNeeds,
        special_needs_details: child.specialNeedsDetails,
        pronouns: child.pronouns,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    childIds.push(id);
  }
  for (const activity of activities) {
    const camera = await trx.selectFrom('cameras').select(['id', 'classroom_id']).where('id', '=', activity.cameraId).executeTakeFirstOrThrow();
    const { id } = await trx
      .insertInto('activities')
      .values({
        classroom_id: camera.classroom_id,
        camera_id: camera.id,
        type: activity.type,
        description: activity.description,
        occurred_at: activityTime(activity.minutesAgo),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const childId = activity.childIndex === null ? undefined : childIds[activity.childIndex];
    if (childId !== undefined) await trx.insertInto('activity_children').values({ activity_id: id, child_id: childId }).execute();
  }
}

/**
 * When a demo activity happened: `minutesAgo` before now. Early in the day, before the demo's
 * hours fit since midnight, the whole timeline is squeezed into the time since midnight, in the
 * same order, so that today's report and feed hold the demo day whenever the app starts.
 */
function demoTimeline(now: Date, timeZone: string, activities: readonly SeedActivity[]) {
  const longestMs = (Math.max(...activities.map((activity) => activity.minutesAgo)) + 1) * 60_000;
  const sinceMidnightMs = (localClock(now, timeZone).minute * 60 + now.getUTCSeconds()) * 1000;
  const scale = Math.min(1, sinceMidnightMs / longestMs);
  return (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000 * scale);
}

/** Monday to Friday, 07:30 to 18:30: when parents may watch the cameras (staff set them on /staff). */
const demoOpeningHours = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens_at: 7 * 60 + 30, closes_at: 18 * 60 + 30 }));

function required(ids: Map<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Seed data refers to unknown key '${key}'`);
  return id;
}
