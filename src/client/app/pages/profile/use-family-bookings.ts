import { useEffect } from 'react';
import { PAGE_LIMIT_MAX } from '../../../../shared/schemas/common';
import { trpc } from '../../../lib/trpc';

/**
 * Everything the family has booked: shadow-teacher sessions and mental-health services, for one
 * view. Not asked for when `enabled` is false (a carer, who may not see bookings).
 */
export function useFamilyBookings(userId: number, enabled = true) {
  const shadow = trpc.shadowBookings.list.useQuery({ parentId: userId }, { enabled });
  const mentalHealthPages = trpc.mentalHealth.bookings.list.useInfiniteQuery({ limit: PAGE_LIMIT_MAX }, { getNextPageParam: (page) => page.nextCursor, enabled });
  // The view merges both lists by date and counts them, so it reads every page.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = mentalHealthPages;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const mentalHealth = {
    ...mentalHealthPages,
    data: hasNextPage ? undefined : mentalHealthPages.data?.pages.flatMap((page) => page.items),
    isPending: mentalHealthPages.isPending || hasNextPage,
  };
  return { shadow, mentalHealth };
}
