import { z } from 'zod';
import {
  commentIdInput,
  commentOutput,
  commentPageOutput,
  createCommentInput,
  createPostInput,
  deletedOutput,
  groupIdInput,
  groupOutput,
  likeOutput,
  listCommentsInput,
  listPostsInput,
  postIdInput,
  postOutput,
  postPageOutput,
  reportOutput,
  reportPostInput,
} from '../../../shared/schemas/community';
import { PAGING_RULES } from '../../../shared/schemas/common';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';

const tags = ['community'];
const GROUP_POSTS =
  "Reading needs sign-in. A support group's posts, their comments and images are for its members (and the post's author): " +
  'to anyone else such a post answers 404.';
const PLAIN_TEXT = 'Titles, content and comments are plain text, stored and returned exactly as written: render them as text, never as HTML.';

const postsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/community/posts',
        tags,
        summary: 'The activity feed, newest first',
        description:
          `Ordered by createdAt then id, newest first. ${PAGING_RULES} Filter to one support group with groupId. ` +
          `${GROUP_POSTS} A group you have not joined answers 404 to groupId. ${PLAIN_TEXT}`,
      },
    })
    .input(listPostsInput)
    .output(postPageOutput)
    .query(({ ctx, input }) => ctx.services.community.listPosts(ctx.user, input)),

  get: protectedProcedure
    .meta({ openapi: { method: 'GET', path: '/community/posts/{id}', tags, summary: 'One post', description: GROUP_POSTS } })
    .input(postIdInput)
    .output(postOutput)
    .query(({ ctx, input }) => ctx.services.community.getPost(ctx.user, input.id)),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/community/posts',
        tags,
        summary: 'Publish a post',
        description:
          'title (up to 150 characters) and content (up to 5,000) are required and trimmed; tags are comma-separated text ' +
          '(or a list), trimmed, empties dropped, at most 10. To add an image, upload it first to POST /community/images and ' +
          `pass its id as imageId. To post in a support group, join it and pass groupId. ${PLAIN_TEXT}`,
        successDescription: 'Created: answers 201 with the new post.',
      },
      successStatus: 201,
      location: (post: { id: number }) => `/api/community/posts/${post.id}`,
    })
    .input(createPostInput)
    .output(postOutput)
    .mutation(({ ctx, input }) => ctx.services.community.createPost(ctx.user, input)),

  remove: protectedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/community/posts/{id}', tags, summary: 'Delete your own post', description: "Someone else's post answers 404." },
    })
    .input(postIdInput)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => ctx.services.community.deletePost(ctx.user, input.id)),

  like: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/community/posts/{id}/like',
        tags,
        summary: 'Like a post',
        description: 'One like per person: liking again changes nothing. The count is read from the stored likes.',
      },
    })
    .input(postIdInput)
    .output(likeOutput)
    .mutation(({ ctx, input }) => ctx.services.community.like(ctx.user, input.id)),

  unlike: protectedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/community/posts/{id}/like', tags, summary: 'Take back your like', description: 'Unliking a post you have not liked changes nothing.' },
    })
    .input(postIdInput)
    .output(likeOutput)
    .mutation(({ ctx, input }) => ctx.services.community.unlike(ctx.user, input.id)),

  report: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/community/posts/{id}/reports',
        tags,
        summary: 'Report a post to the moderators',
        description:
          'The report is stored for review. Reporting the same post again keeps your first report. Reports are read only by ' +
          'moderators, so the answer has no Location: the report is known by this address, the post it is about.',
        successDescription: 'Created: answers 201.',
      },
      successStatus: 201,
    })
    .input(reportPostInput)
    .output(reportOutput)
    .mutation(({ ctx, input }) => ctx.services.community.report(ctx.user, input.id, input.reason)),
});

const commentsRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/community/posts/{id}/comments',
        tags,
        summary: "A post's comments, oldest first",
        description: `Ordered by createdAt then id, oldest first. ${PAGING_RULES} ${GROUP_POSTS} ${PLAIN_TEXT}`,
      },
    })
    .input(listCommentsInput)
    .output(commentPageOutput)
    .query(({ ctx, input }) => ctx.services.community.listComments(ctx.user, input)),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/community/posts/{id}/comments',
        tags,
        summary: 'Comment on a post',
        description: `content must not be blank after trimming, and has at most 2,000 characters. ${PLAIN_TEXT}`,
        successDescription: 'Created: answers 201 with the new comment.',
      },
      successStatus: 201,
      location: (comment: { id: number }) => `/api/community/comments/${comment.id}`,
    })
    .input(createCommentInput)
    .output(commentOutput)
    .mutation(({ ctx, input }) => ctx.services.community.createComment(ctx.user, input.id, input.content)),

  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/community/comments/{id}',
        tags,
        summary: 'One comment',
        description: `A comment on a post you may read. ${GROUP_POSTS} ${PLAIN_TEXT}`,
        errorResponses: { 401: 'Not signed in', 404: 'Not a comment on a post you may read' },
      },
    })
    .input(commentIdInput)
    .output(commentOutput)
    .query(({ ctx, input }) => ctx.services.community.getComment(ctx.user, input.id)),

  remove: protectedProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/community/comments/{id}', tags, summary: 'Delete your own comment', description: "Someone else's comment answers 404." },
    })
    .input(commentIdInput)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => ctx.services.community.deleteComment(ctx.user, input.id)),
});

const groupsRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/community/groups', tags, protect: false, summary: 'Support groups, with member counts', description: 'Every support group, with its member count and, when signed in, whether you have joined it.' } })
    .input(z.strictObject({}).optional())
    .output(z.array(groupOutput))
    .query(({ ctx }) => ctx.services.community.listGroups(ctx.user)),

  get: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/community/groups/{id}', tags, protect: false, summary: 'One support group', description: 'A support group by id, with its member count and whether you have joined it. An unknown id answers 404.' } })
    .input(groupIdInput)
    .output(groupOutput)
    .query(({ ctx, input }) => ctx.services.community.getGroup(ctx.user, input.id)),

  join: protectedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/community/groups/{id}/membership',
        tags,
        summary: 'Join a support group',
        description: 'Joining again changes nothing. Answers the group with its new member count.',
      },
    })
    .input(groupIdInput)
    .output(groupOutput)
    .mutation(({ ctx, input }) => ctx.services.community.joinGroup(ctx.user, input.id)),

  leave: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/community/groups/{id}/membership',
        tags,
        summary: 'Leave a support group',
        description: 'Leaving a group you are not in changes nothing. Answers the group with its new member count.',
      },
    })
    .input(groupIdInput)
    .output(groupOutput)
    .mutation(({ ctx, input }) => ctx.services.community.leaveGroup(ctx.user, input.id)),
});

export const communityRouter = router({
  posts: postsRouter,
  comments: commentsRouter,
  groups: groupsRouter,
});
