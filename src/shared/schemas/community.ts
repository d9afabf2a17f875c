import { z } from 'zod';
import {
  MAX_COMMENT_LENGTH,
  MAX_POST_CONTENT_LENGTH,
  MAX_REPORT_REASON_LENGTH,
  MAX_TAGS,
  MAX_TAG_LENGTH,
  MAX_TITLE_LENGTH,
  parseTags,
} from '../community-rules';
import { id, idParam, pageInput, pageOutput, pathId, text } from './common';

export const imageId = z.uuid('An image id is the id answered when the image was uploaded.');

// ---- Posts ------------------------------------------------------------------------------

export const listPostsInput = pageInput.extend({
  /** Only the posts of one support group. */
  groupId: pathId.optional(),
});

export const createPostInput = z.strictObject({
  title: text('Give the title as text.')
    .trim()
    .min(1, 'Please give your post a title.')
    .max(MAX_TITLE_LENGTH, `A title has at most ${MAX_TITLE_LENGTH} characters.`),
  content: text('Give the content as text.')
    .trim()
    .min(1, 'Please write something in your post.')
    .max(MAX_POST_CONTENT_LENGTH, `A post has at most ${MAX_POST_CONTENT_LENGTH.toLocaleString('en-US')} characters.`),
  /** Comma-separated text as typed ('sleep, toddlers'), or a list; trimmed, empties dropped. */
  tags: z
    .union([text(), z.array(text())], 'Give tags as comma-separated text, such as "sleep, toddlers".')
    .default([])
    .transform((tags) => parseTags(tags))
    .pipe(
      z
        .array(z.string().max(MAX_TAG_LENGTH, `A tag has at most ${MAX_TAG_LENGTH} characters.`))
        .max(MAX_TAGS, `A post has at most ${MAX_TAGS} tags.`),
    ),
  /** The id answered by the image upload; the image must be your own. */
  imageId: imageId.nullable().default(null),
  /** Post in a support group you have joined. */
  groupId: id('group id').nullable().default(null),
});
export type CreatePostInput = z.output<typeof createPostInput>;

export const postOutput = z.object({
  id: z.number().int(),
  /** Null when the author's family was erased and kept their words anonymised: userName is then 'A parent'. */
  userId: z.number().int().nullable(),
  userName: z.string(),
  userImage: z.string().nullable(),
  /** Plain text, returned exactly as written; render it as text. */
  title: z.string(),
  content: z.string(),
  /** Where the post's image is served (at most 2048 px a side), or null. */
  image: z.string().nullable(),
  /** Where its small copy for lists is served (at most 480 px a side), or null. */
  thumbnail: z.string().nullable(),
  imageId: z.string().nullable(),
  tags: z.array(z.string()),
  groupId: z.number().int().nullable(),
  likes: z.number().int(),
  comments: z.number().int(),
  /** False when signed out. */
  likedByMe: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type PostDto = z.infer<typeof postOutput>;

/** Newest first. */
export const postPageOutput = pageOutput(postOutput);
export type PostPageDto = z.infer<typeof postPageOutput>;

export const postIdInput = idParam;

export const deletedOutput = z.object({ id: z.number().int(), deleted: z.literal(true) });

export const likeOutput = z.object({
  postId: z.number().int(),
  /** Counted from the stored likes. */
  likes: z.number().int(),
  likedByMe: z.boolean(),
});
export type LikeDto = z.infer<typeof likeOutput>;

export const reportPostInput = z.strictObject({
  id: pathId,
  reason: text('Give the reason as text.')
    .trim()
    .min(1, 'Please tell us what is wrong with this post.')
    .max(MAX_REPORT_REASON_LENGTH, `A reason has at most ${MAX_REPORT_REASON_LENGTH} characters.`),
});

export const reportOutput = z.object({ postId: z.number().int(), reported: z.literal(true) });

// ---- Comments ---------------------------------------------------------------------------

export const listCommentsInput = pageInput.extend({ id: pathId });

export const createCommentInput = z.strictObject({
  id: pathId,
  content: text('Give the comment as text.')
    .trim()
    .min(1, 'Please write a comment.')
    .max(MAX_COMMENT_LENGTH, `A comment has at most ${MAX_COMMENT_LENGTH.toLocaleString('en-US')} characters.`),
});

export const commentOutput = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  /** Null when the author's family was erased and kept their words anonymised: userName is then 'A parent'. */
  userId: z.number().int().nullable(),
  userName: z.string(),
  userImage: z.string().nullable(),
  /** Plain text, returned exactly as written; render it as text. */
  content: z.string(),
  createdAt: z.iso.datetime(),
});
export type CommentDto = z.infer<typeof commentOutput>;

/** Oldest first. */
export const commentPageOutput = pageOutput(commentOutput);
export type CommentPageDto = z.infer<typeof commentPageOutput>;

export const commentIdInput = idParam;

// ---- Support groups ---------------------------------------------------------------------

export const groupOutput = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  tags: z.array(z.string()),
  /** Counted from memberships. */
  members: z.number().int(),
  posts: z.number().int(),
  /** False when signed out. */
  joined: z.boolean(),
});
export type GroupDto = z.infer<typeof groupOutput>;

export const groupIdInput = idParam;

// ---- Images -----------------------------------------------------------------------------

export const uploadedImageOutput = z.object({
  id: z.string(),
  /** Where the image is served, and its small copy for lists. */
  url: z.string(),
  thumbnailUrl: z.string(),
  /** Every upload is stored re-encoded as WebP, without its metadata. */
  contentType: z.literal('image/webp'),
  width: z.number().int(),
  height: z.number().int(),
  /** Of the stored image, not of the upload. */
  byteSize: z.number().int(),
});
export type UploadedImageDto = z.infer<typeof uploadedImageOutput>;
