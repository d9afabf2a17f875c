import { EmptyState, Group } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { ButtonLink } from './links';

/** Shown in place of a private section when nobody is signed in. */
export function SignInPrompt({ reason }: { reason: string }) {
  const redirect = useRouterState({ select: (state) => state.location.href });
  return (
    <EmptyState
      py="lg"
      size="sm"
      variant="light"
      icon={<IconLock size={20} stroke={1.6} aria-hidden />}
      title={`Sign in to ${reason}`}
      description="Your family's details stay private to you. Sign in, or create a free account in a minute."
    >
      <EmptyState.Actions>
        <Group gap="xs" justify="center">
          <ButtonLink to="/sign-in" search={{ redirect }} size="xs">
            Sign in
          </ButtonLink>
          <ButtonLink to="/sign-up" search={{ redirect }} size="xs" variant="default">
            Create account
          </ButtonLink>
        </Group>
      </EmptyState.Actions>
    </EmptyState>
  );
}
