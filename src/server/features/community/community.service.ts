import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { imageUrl, thumbnailUrl } from '../../../shared/community-rules';
import type {
  CommentDto,
  CommentPageDto,
  CreatePostInput,
  GroupDto,
  LikeDto,
  PostDto,
  PostPageDto,
  UploadedImageDto,
  listCommentsInput,
  listPostsInput,
} from '../../../shared/schemas/community';
import type { Database, Db } from '../../db/database';
import { pageOf } from '../../db/keyset';
import { writeEvents } from '../../db/outbox';
import { AppError, badInput, forbidden, notFound } from '../../errors';
import type { ImageService, StoredImage } from '../../lib/images/images.service';
import type { Notify } from '../../notify';
import type { AuthenticatedUser } from '../../principal';
import * as repo from './community.repository';

/** Who wrote a post or comment kept after its author's family was erased. */
const ANONYMOUS_AUTHOR = 'A parent';
const IMAGE_NOT_FOUND = 'That image was not found. Please upload it again.';
const GROUP_POSTS_FOR_MEMBERS = "Only a support group's members can read its posts. Join the group to read them.";

function toPostDto(row: repo.PostRow): PostDto {
  return {
    id: row.id,
    userId: row.author_id,
    userName: row.author_name ?? ANONYMOUS_AUTHOR,
    userImage: row.author_image ?? null,
    title: row.title,
    content: row.content,
    image: row.image_id ? imageUrl(row.image_id) : null,
    thumbnail: row.image_id ? thumbnailUrl(row.image_id) : null,
    imageId: row.image_id,
    tags: row.tags,
    groupId: row.group_id,
    likes: row.likes ?? 0,
    comments: row.comments ?? 0,
    likedByMe: row.liked_by_me,
    createdAt: row.created_at.toISOString(),
  };
}

function toCommentDto(row: repo.CommentRow): CommentDto {
  return {
    id: row.id,
    postId: row.post_id,
    userId: row.author_id,
    userName: row.author_name ?? ANONYMOUS_AUTHOR,
    userImage: row.author_image ?? null,
    content: row.content,
    createdAt: row.created_at.toISOString(),
  };
}

function toGroupDto(row: repo.GroupRow): GroupDto {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    image: row.image,
    tags: row.tags,
    members: row.members ?? 0,
    posts: row.posts ?? 0,
    joined: row.joined,
  };
}

export function toUploadedImageDto(image: StoredImage): UploadedImageDto {
  return { id: image.id, url: imageUrl(image.id), thumbnailUrl: thumbnailUrl(image.id), contentType: 'image/webp', width: image.width, height: image.height, byteSize: image.byteSize };
}

export function createCommunityService(deps: { db: Kysely<Database>; images: ImageService; now?: () => Date; notify?: Notify }) {
  const { db, images } = deps;
  const now = deps.now ?? (() => new Date());

  // A post's image lives while a post shows it, and is shown to whoever may read that post.
  images.registerOwner('community posts', {
    referencedAmong: repo.imagesShownAmong,
    readableBy: (trx, viewerId, imageId) => repo.imageShownTo(trx, imageId, viewerId),
  });

  /**
   * Holds the post until the transaction ends, so it cannot be deleted under a new like,
   * comment or report. A post the user may not read is not found.
   */
  async function lockPost(trx: Db, postId: number, user: AuthenticatedUser) {
    if (!(await repo.lockVisiblePost(trx, postId, user.id))) throw notFound('That post');
  }

  async function requireGroup(groupId: number, viewer: AuthenticatedUser | null): Promise<repo.GroupRow> {
    const group = await repo.findGroup(db, groupId, viewer?.id ?? null);
    if (!group) throw notFound('That support group');
    return group;
  }

  return {
    // ---- Posts ----------------------------------------------------------------------------

    /** The posts the viewer may read; one group's, when its members include the viewer. */
    async listPosts(viewer: AuthenticatedUser, input: z.output<typeof listPostsInput>): Promise<PostPageDto> {
      if (input.groupId !== undefined) {
        const group = await requireGroup(input.groupId, viewer);
        if (!group.joined) throw new AppError('not_found', GROUP_POSTS_FOR_MEMBERS);
      }
      return pageOf(await repo.listPosts(db, { viewerId: viewer.id, groupId: input.groupId }, input), toPostDto);
    },

    async getPost(viewer: AuthenticatedUser, postId: number): Promise<PostDto> {
      const row = await repo.findPost(db, postId, viewer.id);
      if (!row) throw notFound('That post');
      return toPostDto(row);
    },

    async createPost(user: AuthenticatedUser, input: CreatePostInput): Promise<PostDto> {
      if (input.groupId !== null) {
        const group = await repo.findGroup(db, input.groupId, user.id);
        if (!group) throw badInput('groupId', 'That support group was not found.');
        if (!group.joined) throw forbidden('Join this group to post in it.');
      }
      // Someone else's upload reads as absent (404), like any other row that is not yours.
      if (input.imageId !== null && !(await images.findOwned(user.id, input.imageId))) throw new AppError('not_found', IMAGE_NOT_FOUND);
      const createdAt = now();
      return db.transaction().execute(async (trx) => {
        const id = await repo
          .insertPost(trx, {
            author_id: user.id,
            group_id: input.groupId,
            title: input.title,
            content: input.content,
            tags: input.tags,
            image_id: input.imageId,
            created_at: createdAt,
          })
          .catch((error: unknown) => {
            // The hourly sweep deleted the unattached upload between the check and the insert.
            if (isForeignKeyViolation(error, 'posts_image_id_fkey')) throw new AppError('not_found', IMAGE_NOT_FOUND);
            throw error;
          });
        const post = toPostDto((await repo.findPost(trx, id, user.id))!);
        // Its audience is the author's family ("your family posted"), not every family that may
        // read it: a webhook then tells a family about its own adults' posts, never a stream of
        // the whole community. Staff belong to no family, so their posts are not events.
        if (user.familyId !== null) await writeEvents(trx, [{ type: 'post.created', familyId: user.familyId, payload: { post }, occurredAt: createdAt }]);
        return post;
      });
    },

    /** Only the author may delete a post; to anyone else it is not there. */
    async deletePost(user: AuthenticatedUser, postId: number): Promise<{ id: number; deleted: true }> {
      const deleted = await repo.deletePostOfAuthor(db, postId, user.id);
      if (!deleted) throw notFound('That post');
      // The image goes with the post, unless something else still shows it.
      if (deleted.image_id) await images.deleteIfUnreferenced([deleted.image_id]);
      return { id: deleted.id, deleted: true };
    },

    async like(user: AuthenticatedUser, postId: number): Promise<LikeDto> {
      return db.transaction().execute(async (trx) => {
        await lockPost(trx, postId, user);
        await repo.insertLike(trx, postId, user.id, now());
        return { postId, ...(await repo.likeState(trx, postId, user.id)) };
      });
    },

    async unlike(user: AuthenticatedUser, postId: number): Promise<LikeDto> {
      return db.transaction().execute(async (trx) => {
        await lockPost(trx, postId, user);
        await repo.deleteLike(trx, postId, user.id);
        return { postId, ...(await repo.likeState(trx, postId, user.id)) };
      });
    },

    async report(user: AuthenticatedUser, postId: number, reason: string): Promise<{ postId: number; reported: true }> {
      await db.transaction().execute(async (trx) => {
        await lockPost(trx, postId, user);
        await repo.insertReport(trx, { postId, reporterId: user.id, reason, at: now() });
      });
      return { postId, reported: true };
    },

    // ---- Comments -------------------------------------------------------------------------

    async listComments(viewer: AuthenticatedUser, input: z.output<typeof listCommentsInput>): Promise<CommentPageDto> {
      if (!(await repo.visiblePostExists(db, input.id, viewer.id))) throw notFound('That post');
      return pageOf(await repo.listComments(db, input.id, input), toCommentDto);
    },

    async getComment(viewer: AuthenticatedUser, commentId: number): Promise<CommentDto> {
      const row = await repo.findComment(db, commentId);
      if (!row || !(await repo.visiblePostExists(db, row.post_id, viewer.id))) throw notFound('That comment');
      return toCommentDto(row);
    },

    async createComment(user: AuthenticatedUser, postId: number, content: string): Promise<CommentDto> {
      const { id, afterCommit } = await db.transaction().execute(async (trx) => {
        await lockPost(trx, postId, user);
        const commentId = await repo.insertComment(trx, { post_id: postId, author_id: user.id, content, created_at: now() });
        // The post's author hears of the reply, unless they wrote it themselves.
        const post = await repo.postAuthorOf(trx, postId);
        const notified =
          post?.author_id != null && deps.notify
            ? await deps.notify(trx, [
                {
                  to: { userId: post.author_id },
                  category: 'community',
                  title: `${user.name.split(' ')[0] || user.name} replied to your post`,
                  body: `${post.title}: ${content}`,
                  link: '/community',
                  source: `comment:${commentId}`,
                  exceptUserId: user.id,
                },
              ])
            : undefined;
        return { id: commentId, afterCommit: notified };
      });
      await afterCommit?.();
      return toCommentDto((await repo.findComment(db, id))!);
    },

    /** Only the author may delete a comment; to anyone else it is not there. */
    async deleteComment(user: AuthenticatedUser, commentId: number): Promise<{ id: number; deleted: true }> {
      const deleted = await repo.deleteCommentOfAuthor(db, commentId, user.id);
      if (!deleted) throw notFound('That comment');
      return { id: deleted.id, deleted: true };
    },

    // ---- Support groups -------------------------------------------------------------------

    async listGroups(viewer: AuthenticatedUser | null): Promise<GroupDto[]> {
      return (await repo.listGroups(db, viewer?.id ?? null)).map(toGroupDto);
    },

    async getGroup(viewer: AuthenticatedUser | null, groupId: number): Promise<GroupDto> {
      return toGroupDto(await requireGroup(groupId, viewer));
    },

    /** Joining twice is the same as joining once. */
    async joinGroup(user: AuthenticatedUser, groupId: number): Promise<GroupDto> {
      await db.transaction().execute(async (trx) => {
        if (!(await repo.lockGroup(trx, groupId))) throw notFound('That support group');
        await repo.insertMembership(trx, groupId, user.id, now());
      });
      return toGroupDto(await requireGroup(groupId, user));
    },

    /** Leaving a group you are not in changes nothing. */
    async leaveGroup(user: AuthenticatedUser, groupId: number): Promise<GroupDto> {
      await requireGroup(groupId, user);
      await repo.deleteMembership(db, groupId, user.id);
      return toGroupDto(await requireGroup(groupId, user));
    },
  };
}

function isForeignKeyViolation(error: unknown, constraint: string): boolean {
  const { code, constraint: name } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23503' && name === constraint;
}

export type CommunityService = ReturnType<typeof createCommunityService>;
