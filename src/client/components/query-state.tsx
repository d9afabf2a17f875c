import { Button, EmptyState, Stack, Text } from '@mantine/core';
import { IconInbox, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isUnauthorized } from '../lib/trpc';
import { useFirstAnswerDeferred } from '../lib/use-first-answer-deferred';
import { SignInPrompt } from './sign-in-prompt';

export interface EmptyContent {
  title: string;
  description?: string;
  icon?: ReactNode;
  /** Shown under the text when the list is really empty (not when loading failed). */
  action?: ReactNode;
}

export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  loading: ReactNode;
  empty: EmptyContent;
  /** Defaults to "an empty array". */
  isEmpty?: (data: T) => boolean;
  /** What signing in lets the visitor see, for private lists: 'see your children'. */
  signInTo?: string;
  /** Said when loading failed; the spec names some ('Failed to fetch bookings'). */
  failure?: string;
  children: (data: T) => ReactNode;
}

/**
 * One way every list shows its loading, empty, failed and signed-out states. A failed load
 * shows the empty state with a retry control, never a blank space.
 */
export function QueryState<T>({ query, loading, empty, isEmpty = defaultIsEmpty, signInTo, failure = "We couldn't load this just now.", children }: QueryStateProps<T>) {
  const data = useFirstAnswerDeferred(query.data);
  if (query.error) {
    if (signInTo && isUnauthorized(query.error)) return <SignInPrompt reason={signInTo} />;
    return (
      <EmptyNote {...empty} action={undefined}>
        <Stack gap={6} align="center">
          <Text size="sm" c="dimmed" role="alert">
            {failure}
          </Text>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Try again
          </Button>
        </Stack>
      </EmptyNote>
    );
  }
  if (data === undefined) return <>{loading}</>;
  if (isEmpty(data)) return <EmptyNote {...empty} />;
  return <>{children(data)}</>;
}

function defaultIsEmpty(data: unknown): boolean {
  return Array.isArray(data) && data.length === 0;
}

/** A calm, centred empty state: an icon, a title and an optional line of help. */
export function EmptyNote({ title, description, icon, action, children }: EmptyContent & { children?: ReactNode }) {
  return (
    <EmptyState
      py="lg"
      size="sm"
      withIndicatorBackground
      icon={icon ?? <IconInbox size={22} stroke={1.6} aria-hidden />}
      title={title}
      description={description}
    >
      {(action || children) && (
        <EmptyState.Actions>
          {action}
          {children}
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}
