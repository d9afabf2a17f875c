import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import { seedMemberships, seedPosts, type DemoAuthor } from './seed-data/community';
import { mentalHealthArticles } from './seed-data/mental-health-articles';
import { mentalHealthServices, preferredTimeWindows, specialistSessionTypes, specialists } from './seed-data/mental-health';
import { supportGroups } from './seed-data/support-groups';

const HOUR_MS = 3_600_000;
const cents = (dollars: number) => Math.round(dollars * 100);

/** Support groups with their demo members, sample posts, and the whole mental-health catalogue. */
export async function seedCommunityAndMentalHealth(
  trx: Transaction<Database>,
  accounts: Record<DemoAuthor, number>,
  now: Date,
): Promise<void> {
  await seedMentalHealthCatalogue(trx);

  const groupIds = new Map<string, number>();
  for (const group of supportGroups) {
    const { id } = await trx
      .insertInto('support_groups')
      .values({ slug: group.slug, name: group.name, description: group.description, image: group.image, tags: group.tags })
      .returning('id')
      .executeTakeFirstOrThrow();
    groupIds.set(group.slug, id);
  }
  const groupId = (slug: string) => {
    const id = groupIds.get(slug);
    if (id === undefined) throw new Error(`Seed data refers to unknown support group '${slug}'`);
    return id;
  };
  for (const [author, slugs] of Object.entries(seedMemberships) as [DemoAuthor, string[]][]) {
    for (const slug of slugs) {
      await trx.insertInto('group_memberships').values({ group_id: groupId(slug), user_id: accounts[author], joined_at: now }).execute();
    }
  }

  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  for (const post of seedPosts) {
    const { id } = await trx
      .insertInto('posts')
      .values({
        author_id: accounts[post.author],
        group_id: post.groupSlug === null ? null : groupId(post.groupSlug),
        title: post.title,
        content: post.content,
        tags: post.tags,
        created_at: ago(post.hoursAgo),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const author of post.likedBy) {
      await trx.insertInto('post_likes').values({ post_id: id, user_id: accounts[author], created_at: ago(post.hoursAgo) }).execute();
    }
    for (const comment of post.comments) {
      await trx
        .insertInto('comments')
        .values({ post_id: id, author_id: accounts[comment.author], content: comment.content, created_at: ago(comment.hoursAgo) })
        .execute();
    }
  }
}

/** The catalogue exactly as the product spec prices it (seed data in dollars, stored as cents). */
async function seedMentalHealthCatalogue(trx: Transaction<Database>): Promise<void> {
  await trx
    .insertInto('mental_health_services')
    .values(mentalHealthServices.map((s, position) => ({ id: s.id, title: s.title, description: s.description, position })))
    .execute();
  await trx
    .insertInto('mental_health_service_options')
    .values(
      mentalHealthServices.flatMap((s) =>
        s.options.map((o, position) => ({ service_id: s.id, id: o.id, name: o.name, price: cents(o.priceDollars), position })),
      ),
    )
    .execute();
  await trx
    .insertInto('specialists')
    .values(
      specialists.map((s, position) => ({
        id: s.slug,
        name: s.name,
        specialty: s.specialty,
        qualifications: s.qualifications,
        experience: s.experience,
        languages: s.languages,
        bio: s.bio,
        image: s.image,
        position,
      })),
    )
    .execute();
  await trx
    .insertInto('specialist_session_types')
    .values(specialistSessionTypes.map((t, position) => ({ id: t.id, name: t.name, minutes: t.minutes, price: cents(t.priceDollars), position })))
    .execute();
  await trx
    .insertInto('mental_health_time_windows')
    .values(preferredTimeWindows.map((w, position) => ({ id: w.id, label: w.label, position })))
    .execute();
  await trx
    .insertInto('mental_health_articles')
    .values(
      mentalHealthArticles.map((a, position) => ({
        slug: a.slug,
        title: a.title,
        category: a.category,
        author: a.author,
        published_on: a.date,
        excerpt: a.excerpt,
        position,
      })),
    )
    .execute();
}
