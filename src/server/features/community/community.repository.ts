import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { PageInput } from '../../../shared/schemas/common';
import type { CommentsTable, Database, Db, PostsTable } from '../../db/database';
import { type Keyset, newestFirst, readPage } from '../../db/keyset';

/**
 * Who may read a post: anyone signed in when it is in no group; a support group's posts
 * (which may name children's conditions) only its members, and their author.
 */
function visibleTo(viewerId: number) {
  return (eb: ExpressionBuilder<Database & { p: PostsTable }, 'p'>) =>
    eb.or([
      eb('p.group_id', 'is', null),
      eb('p.author_id', '=', viewerId),
      eb.exists(eb.selectFrom('group_memberships as gm').whereRef('gm.group_id', '=', 'p.group_id').where('gm.user_id', '=', viewerId).select(sql`1`.as('one'))),
    ]);
}

/** The posts `viewerId` may read, with their author and the counts, all read from the database. */
function postsWithCounts(db: Db, viewerId: number) {
  return db
    .selectFrom('posts as p')
    .leftJoin('users as u', 'u.id', 'p.author_id')
    .where(visibleTo(viewerId))
    .select((eb) => [
      'p.id',
      'p.author_id',
      'p.group_id',
      'p.title',
      'p.content',
      'p.tags',
      'p.image_id',
      'p.created_at',
      'u.name as author_name',
      'u.profile_image as author_image',
      eb.selectFrom('post_likes as l').whereRef('l.post_id', '=', 'p.id').select(sql<number>`count(*)::int`.as('n')).as('likes'),
      eb.selectFrom('comments as c').whereRef('c.post_id', '=', 'p.id').select(sql<number>`count(*)::int`.as('n')).as('comments'),
      eb.exists(eb.selectFrom('post_likes as ml').whereRef('ml.post_id', '=', 'p.id').where('ml.user_id', '=', viewerId).select(sql`1`.as('one'))).$castTo<boolean>().as('liked_by_me'),
    ]);
}

export type PostRow = Awaited<ReturnType<ReturnType<typeof postsWithCounts>['executeTakeFirstOrThrow']>>;

const NEWEST_POSTS_FIRST = newestFirst('posts', 'p.created_at', 'p.id');

/** A page of the posts `viewerId` may read, newest first. */
export function listPosts(db: Db, options: { viewerId: number; groupId?: number }, page: PageInput) {
  let query = postsWithCounts(db, options.viewerId);
  if (options.groupId !== undefined) query = query.where('p.group_id', '=', options.groupId);
  return readPage(query, NEWEST_POSTS_FIRST, page);
}

export function findPost(db: Db, postId: number, viewerId: number) {
  return postsWithCounts(db, viewerId).where('p.id', '=', postId).executeTakeFirst();
}

export function visiblePostExists(db: Db, postId: number, viewerId: number) {
  return db.selectFrom('posts as p').select('p.id').where('p.id', '=', postId).where(visibleTo(viewerId)).executeTakeFirst();
}

/**
 * Holds a key-share lock on the post, when `viewerId` may read it, until the transaction ends:
 * rows may still refer to it, but it cannot be deleted.
 */
export function lockVisiblePost(db: Db, postId: number, viewerId: number) {
  return db.selectFrom('posts as p').select('p.id').where('p.id', '=', postId).where(visibleTo(viewerId)).forKeyShare('p').executeTakeFirst();
}

export async function insertPost(db: Db, post: Insertable<PostsTable>): Promise<number> {
  const { id } = await db.insertInto('posts').values(post).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Deletes a post only when `authorId` wrote it; answers the deleted row, or undefined. */
export function deletePostOfAuthor(db: Db, postId: number, authorId: number) {
  return db.deleteFrom('posts').where('id', '=', postId).where('author_id', '=', authorId).returning(['id', 'image_id']).executeTakeFirst();
}

/** Which of the images some post shows. */
export async function imagesShownAmong(db: Db, imageIds: readonly string[]): Promise<string[]> {
  const rows = await db.selectFrom('posts').select('image_id').distinct().where('image_id', 'in', imageIds).execute();
  return rows.flatMap((row) => (row.image_id ? [row.image_id] : []));
}

/** True when a post that `viewerId` may read shows the image. */
export async function imageShownTo(db: Db, imageId: string, viewerId: number): Promise<boolean> {
  const row = await db.selectFrom('posts as p').select('p.id').where('p.image_id', '=', imageId).where(visibleTo(viewerId)).limit(1).executeTakeFirst();
  return row !== undefined;
}

// ---- Likes and reports ------------------------------------------------------------------

/** Adds the like unless it is already there. */
export async function insertLike(db: Db, postId: number, userId: number, at: Date) {
  await db.insertInto('post_likes').values({ post_id: postId, user_id: userId, created_at: at }).onConflict((oc) => oc.doNothing()).execute();
}

export async function deleteLike(db: Db, postId: number, userId: number) {
  await db.deleteFrom('post_likes').where('post_id', '=', postId).where('user_id', '=', userId).execute();
}

export async function likeState(db: Db, postId: number, userId: number): Promise<{ likes: number; likedByMe: boolean }> {
  const row = await db
    .selectFrom('post_likes')
    .select([sql<number>`count(*)::int`.as('likes'), sql<boolean>`coalesce(bool_or(user_id = ${userId}), false)`.as('liked_by_me')])
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow();
  return { likes: row.likes, likedByMe: row.liked_by_me };
}

/** One report per person and post: a repeat keeps the first reason. */
export async function insertReport(db: Db, report: { postId: number; reporterId: number; reason: string; at: Date }) {
  await db
    .insertInto('post_reports')
    .values({ post_id: report.postId, reporter_id: report.reporterId, reason: report.reason, created_at: report.at })
    .onConflict((oc) => oc.columns(['post_id', 'reporter_id']).doNothing())
    .execute();
}

// ---- Comments ---------------------------------------------------------------------------

function commentsWithAuthors(db: Db) {
  return db
    .selectFrom('comments as c')
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .select(['c.id', 'c.post_id', 'c.author_id', 'c.content', 'c.created_at', 'u.name as author_name', 'u.profile_image as author_image']);
}

export type CommentRow = Awaited<ReturnType<ReturnType<typeof commentsWithAuthors>['executeTakeFirstOrThrow']>>;

const OLDEST_COMMENTS_FIRST: Keyset = {
  list: 'comments',
  columns: [
    { expression: sql.ref('c.created_at'), type: 'timestamptz', direction: 'asc' },
    { expression: sql.ref('c.id'), type: 'int4', direction: 'asc' },
  ],
};

/** A page of a post's comments, oldest first. */
export function listComments(db: Db, postId: number, page: PageInput) {
  return readPage(commentsWithAuthors(db).where('c.post_id', '=', postId), OLDEST_COMMENTS_FIRST, page);
}

export function findComment(db: Db, commentId: number) {
  return commentsWithAuthors(db).where('c.id', '=', commentId).executeTakeFirst();
}

/** Who wrote a post, and its title; author null once anonymised. */
export function postAuthorOf(db: Db, postId: number) {
  return db.selectFrom('posts').select(['author_id', 'title']).where('id', '=', postId).executeTakeFirst();
}

export async function insertComment(db: Db, comment: Insertable<CommentsTable>): Promise<number> {
  const { id } = await db.insertInto('comments').values(comment).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function deleteCommentOfAuthor(db: Db, commentId: number, authorId: number) {
  return db.deleteFrom('comments').where('id', '=', commentId).where('author_id', '=', authorId).returning('id').executeTakeFirst();
}

// ---- Support groups ---------------------------------------------------------------------

function groupsWithCounts(db: Db, viewerId: number | null) {
  return db.selectFrom('support_groups as g').select((eb) => [
    'g.id',
    'g.slug',
    'g.name',
    'g.description',
    'g.image',
    'g.tags',
    eb.selectFrom('group_memberships as m').whereRef('m.group_id', '=', 'g.id').select(sql<number>`count(*)::int`.as('n')).as('members'),
    eb.selectFrom('posts as p').whereRef('p.group_id', '=', 'g.id').select(sql<number>`count(*)::int`.as('n')).as('posts'),
    viewerId === null
      ? sql<boolean>`false`.as('joined')
      : eb.exists(eb.selectFrom('group_memberships as mine').whereRef('mine.group_id', '=', 'g.id').where('mine.user_id', '=', viewerId).select(sql`1`.as('one'))).$castTo<boolean>().as('joined'),
  ]);
}

export type GroupRow = Awaited<ReturnType<ReturnType<typeof groupsWithCounts>['executeTakeFirstOrThrow']>>;

export function listGroups(db: Db, viewerId: number | null) {
  return groupsWithCounts(db, viewerId).orderBy('g.id').execute();
}

export function findGroup(db: Db, groupId: number, viewerId: number | null) {
  return groupsWithCounts(db, viewerId).where('g.id', '=', groupId).executeTakeFirst();
}

/** Holds a key-share lock on the group until the transaction ends. */
export function lockGroup(db: Db, groupId: number) {
  return db.selectFrom('support_groups').select('id').where('id', '=', groupId).forKeyShare().executeTakeFirst();
}

export async function insertMembership(db: Db, groupId: number, userId: number, at: Date) {
  await db.insertInto('group_memberships').values({ group_id: groupId, user_id: userId, joined_at: at }).onConflict((oc) => oc.doNothing()).execute();
}

export async function deleteMembership(db: Db, groupId: number, userId: number) {
  await db.deleteFrom('group_memberships').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
}

export async function isMember(db: Db, groupId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('group_memberships').select('group_id').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
