import { ActionIcon, Button, Divider, Group, Image, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconMessageCircle, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { MAX_COMMENT_LENGTH, isBlank } from '../../../shared/community-rules';
import type { CommentDto, PostDto } from '../../../shared/schemas/community';
import { QueryState } from '../../components/query-state';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { PlainText, PostAuthor, PostTags } from './post-card';
import { useFeedCache } from './use-posts';
import { ModalOnDemand } from '../../components/modal-on-demand';

const COMMENTS_PAGE = 50;

/** A post in full, its comments (oldest first) and a box to add one. */
export function DiscussionDialog({ post, viewerId, onClose }: { post: PostDto | null; viewerId: number; onClose: () => void }) {
  return (
    <ModalOnDemand opened={post !== null} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title="Discussion" size="lg">
      {post && <Discussion post={post} viewerId={viewerId} />}
    </ModalOnDemand>
  );
}

function Discussion({ post, viewerId }: { post: PostDto; viewerId: number }) {
  const comments = trpc.community.comments.list.useInfiniteQuery(
    { id: post.id, limit: COMMENTS_PAGE },
    { getNextPageParam: (page) => page.nextCursor, staleTime: 0, refetchOnMount: 'always' },
  );
  const items = comments.data?.pages.flatMap((page) => page.items);
  return (
    <Stack gap="md">
      <PostAuthor name={post.userName} image={post.userImage} createdAt={post.createdAt} />
      <Text fw={650} size="lg" style={{ overflowWrap: 'anywhere' }}>
        {post.title}
      </Text>
      <PlainText>{post.content}</PlainText>
      {post.image && <Image src={post.image} alt={`Image for ${post.title}`} radius="md" mah={360} fit="contain" />}
      <PostTags tags={post.tags} />
      <Divider label={`${post.comments} ${post.comments === 1 ? 'comment' : 'comments'}`} labelPosition="left" />
      <QueryState
        query={{ ...comments, data: items }}
        loading={
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading comments">
            <Skeleton h={48} />
            <Skeleton h={48} />
          </Stack>
        }
        empty={{ title: 'No comments yet', description: 'Be the first to reply.', icon: <IconMessageCircle size={22} stroke={1.6} aria-hidden /> }}
      >
        {(list) => (
          <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Comments">
            {list.map((comment) => (
              <CommentRow key={comment.id} comment={comment} own={comment.userId === viewerId} />
            ))}
            {comments.hasNextPage && (
              <Button variant="subtle" size="xs" onClick={() => void comments.fetchNextPage()} loading={comments.isFetchingNextPage}>
                Show more comments
              </Button>
            )}
          </Stack>
        )}
      </QueryState>
      <CommentForm post={post} />
    </Stack>
  );
}

function CommentRow({ comment, own }: { comment: CommentDto; own: boolean }) {
  const utils = trpc.useUtils();
  const feed = useFeedCache();
  const remove = trpc.community.comments.remove.useMutation({
    onSuccess: () => {
      feed.updatePost(comment.postId, (p) => ({ ...p, comments: Math.max(0, p.comments - 1) }));
      void utils.community.comments.list.invalidate({ id: comment.postId });
      toast({ title: 'Comment deleted.', tone: 'success' });
    },
    onError: () => toast({ title: 'Could not delete the comment', message: 'Something went wrong. Please try again.', tone: 'error' }),
  });
  return (
    <Stack component="li" gap={6} p="sm" bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <PostAuthor name={comment.userName} image={comment.userImage} createdAt={comment.createdAt} />
        {own && (
          <ActionIcon variant="subtle" color="gray" aria-label="Delete comment" loading={remove.isPending} onClick={() => remove.mutate({ id: comment.id })}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      <PlainText>{comment.content}</PlainText>
    </Stack>
  );
}

function CommentForm({ post }: { post: PostDto }) {
  const [content, setContent] = useState('');
  const utils = trpc.useUtils();
  const feed = useFeedCache();
  const create = trpc.community.comments.create.useMutation({
    onSuccess: () => {
      setContent('');
      feed.updatePost(post.id, (p) => ({ ...p, comments: p.comments + 1 }));
      void utils.community.comments.list.invalidate({ id: post.id });
      toast({ title: 'Comment posted.', tone: 'success' });
    },
    onError: () => toast({ title: 'Could not post your comment', message: 'Something went wrong. Please try again.', tone: 'error' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isBlank(content)) create.mutate({ id: post.id, content });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <Textarea
          label="Add a comment"
          placeholder="Write something kind and helpful..."
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          maxLength={MAX_COMMENT_LENGTH}
          autosize
          minRows={2}
          maxRows={8}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={isBlank(content)} loading={create.isPending}>
            Post comment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
