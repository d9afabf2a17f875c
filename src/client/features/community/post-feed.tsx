import { Button, Card, Skeleton, Stack } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import type { PostDto } from '../../../shared/schemas/community';
import { QueryState } from '../../components/query-state';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { DiscussionDialog } from './discussion-dialog';
import { PostCard, type PostActions } from './post-card';
import { ReportDialog } from './report-dialog';
import { useFeed, useFeedCache, useToggleLike } from './use-posts';

/** The Activity Feed, for a signed-in parent: newest first, a page at a time, with likes, discussion, delete and report. */
export function PostFeed({ viewerId }: { viewerId: number }) {
  const feed = useFeed();
  const cache = useFeedCache();
  const toggleLike = useToggleLike();
  const [discussedId, setDiscussedId] = useState<number | null>(null);
  const [reported, setReported] = useState<PostDto | null>(null);
  const posts = feed.data?.pages.flatMap((page) => page.items);
  // The dialog reads the post from the feed, so likes and comment counts stay in step.
  const discussed = posts?.find((post) => post.id === discussedId) ?? null;

  const remove = trpc.community.posts.remove.useMutation({
    onSuccess: (result) => {
      cache.removePost(result.id);
      toast({ title: 'Post deleted.', tone: 'success' });
    },
    onError: () => toast({ title: 'Could not delete the post', message: 'Something went wrong. Please try again.', tone: 'error' }),
  });

  const actions: PostActions = {
    viewerId,
    onLike: (post) => toggleLike.mutate({ post, like: !post.likedByMe }),
    onDiscuss: (post) => setDiscussedId(post.id),
    onDelete: (post) => {
      if (window.confirm('Delete this post? This cannot be undone.')) remove.mutate({ id: post.id });
    },
    onReport: setReported,
  };

  return (
    <>
      <QueryState
        query={{ ...feed, data: posts }}
        loading={<FeedSkeletons />}
        empty={{ title: 'No posts yet', description: 'Start the conversation: share a question or a tip.', icon: <IconMessages size={22} stroke={1.6} aria-hidden /> }}
      >
        {(list) => (
          <Stack gap="md" aria-label="Posts">
            {list.map((post) => (
              <PostCard key={post.id} post={post} actions={actions} />
            ))}
            {feed.hasNextPage && (
              <Button variant="light" onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage}>
                Show older posts
              </Button>
            )}
          </Stack>
        )}
      </QueryState>
      <DiscussionDialog post={discussed} viewerId={viewerId} onClose={() => setDiscussedId(null)} />
      <ReportDialog post={reported} onClose={() => setReported(null)} />
    </>
  );
}

export function FeedSkeletons() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading posts">
      {[0, 1].map((index) => (
        <Card key={index}>
          <Skeleton h={36} w={180} radius="xl" />
          <Skeleton h={16} w="60%" mt="md" />
          <Skeleton h={10} mt="sm" />
          <Skeleton h={10} w="85%" mt={6} />
        </Card>
      ))}
    </Stack>
  );
}
