import { ActionIcon, Avatar, Button, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconDotsVertical, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { roleLabel } from '../../../shared/display';
import { useSignOut } from '../../features/auth/use-sign-out';
import { useCurrentUser } from '../../lib/use-current-user';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../lib/lazy-with-styles';

// Menus need Floating UI; the shell paints without it and the menu arrives a moment later.
const ProfileMenu = lazyNamed(() => import('./profile-menu'), 'ProfileMenu');

/** The foot of the sidebar: who is signed in, a link to their profile, and the profile menu. */
export function ProfileLink({ onNavigate }: { onNavigate: () => void }) {
  const { user, isLoading } = useCurrentUser();
  const { signOut, isPending } = useSignOut();
  // A click that lands before the menu's code has arrived opens the menu once it has.
  const [openOnArrival, setOpenOnArrival] = useState(false);

  if (isLoading) return <Skeleton h={44} radius="md" />;

  if (!user) {
    return (
      <Stack gap={8}>
        <Text size="xs" c="dimmed">
          Sign in to see your children, their classroom and your bookings.
        </Text>
        <Group grow gap="xs">
          <Button component={Link} to="/sign-in" size="xs" onClick={onNavigate}>
            Sign in
          </Button>
          <Button component={Link} to="/sign-up" size="xs" variant="default" onClick={onNavigate}>
            Sign up
          </Button>
        </Group>
      </Stack>
    );
  }

  const menuButton = (onClick?: () => void) => (
    <ActionIcon variant="subtle" color="gray" aria-label="Profile menu" loading={isPending} onClick={onClick}>
      <IconDotsVertical size={18} aria-hidden />
    </ActionIcon>
  );
  return (
    <Group gap={4} wrap="nowrap">
      <UnstyledButton
        component={Link}
        to="/profile"
        onClick={onNavigate}
        aria-label={`Your profile: ${user.name}, ${roleLabel(user.role)}`}
        style={{ flex: 1, minWidth: 0, borderRadius: 'var(--mantine-radius-md)' }}
        p={6}
        className="nestling-hoverable"
      >
        <Group gap="sm" wrap="nowrap">
          <Avatar src={user.profileImage} alt={user.name} radius="xl" color="nest">
            <IconUser size={18} aria-hidden />
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {roleLabel(user.role)}
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
      <Suspense fallback={menuButton(() => setOpenOnArrival(true))}>
        <ProfileMenu target={menuButton} defaultOpened={openOnArrival} onNavigate={onNavigate} onSignOut={signOut} />
      </Suspense>
    </Group>
  );
}
