import { useMutation } from '@tanstack/react-query';
import { COMMUNITY_FEED_INPUT } from '../../../shared/display';
import type { PostDto } from '../../../shared/schemas/community';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

export function useFeed() {
  return trpc.community.posts.list.useInfiniteQuery(COMMUNITY_FEED_INPUT, { getNextPageParam: (page) => page.nextCursor });
}

/** Edits the cached feed in place: change one post, drop one, or put a new one first. */
export function useFeedCache() {
  const utils = trpc.useUtils();
  const edit = (change: (items: PostDto[], pageIndex: number) => PostDto[]) =>
    utils.community.posts.list.setInfiniteData(COMMUNITY_FEED_INPUT, (data) =>
      data ? { ...data, pages: data.pages.map((page, index) => ({ ...page, items: change(page.items, index) })) } : data,
    );
  return {
    updatePost: (id: number, change: (post: PostDto) => PostDto) => edit((items) => items.map((post) => (post.id === id ? change(post) : post))),
    removePost: (id: number) => edit((items) => items.filter((post) => post.id !== id)),
    prependPost: (post: PostDto) => edit((items, index) => (index === 0 ? [post, ...items.filter((p) => p.id !== post.id)] : items)),
    cancel: () => utils.community.posts.list.cancel(),
  };
}

/**
 * Likes show at once; if the server refuses, the post goes back to how it was. The server's
 * answer then sets the real count, which others' likes may have changed meanwhile.
 */
export function useToggleLike() {
  const utils = trpc.useUtils();
  const cache = useFeedCache();
  return useMutation({
    mutationFn: ({ post, like }: { post: PostDto; like: boolean }) =>
      like ? utils.client.community.posts.like.mutate({ id: post.id }) : utils.client.community.posts.unlike.mutate({ id: post.id }),
    onMutate: async ({ post, like }) => {
      await cache.cancel();
      const before = { likes: post.likes, likedByMe: post.likedByMe };
      cache.updatePost(post.id, (p) => ({ ...p, likedByMe: like, likes: Math.max(0, p.likes + (like ? 1 : -1)) }));
      return before;
    },
    onError: (_error, { post }, before) => {
      if (before) cache.updatePost(post.id, (p) => ({ ...p, ...before }));
      toast({ title: 'Your like was not saved', message: 'Something went wrong. Please try again.', tone: 'error' });
    },
    onSuccess: (result) => cache.updatePost(result.postId, (p) => ({ ...p, likes: result.likes, likedByMe: result.likedByMe })),
  });
}
