import { useDeferredValue } from 'react';

/**
 * The data to show: the first answer is held back for one render in a transition, later changes
 * (an optimistic like, a refetch) show at once. React renders a query's update at once and in one
 * piece (useSyncExternalStore), and a section whose answer came after hydration held a phone's main
 * thread for 100 ms and more; in a transition it renders in slices that leave the page able to
 * answer a tap. Until then the loading state stays. Data the page was rendered with shows at once.
 */
export function useFirstAnswerDeferred<T>(data: T | undefined): T | undefined {
  const deferred = useDeferredValue(data);
  return deferred === undefined ? undefined : data;
}
