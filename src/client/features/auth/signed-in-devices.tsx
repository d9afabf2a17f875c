import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconDeviceTablet, IconDevices } from '@tabler/icons-react';
import { longDate } from '../../../shared/display';
import { timeAgo } from '../../../shared/relative-time';
import type { SessionDto } from '../../../shared/schemas/sessions';
import { QueryState } from '../../components/query-state';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useNow } from '../../lib/use-now';
import { ChangePassword } from './change-password';
import { Passkeys } from './passkeys';
import { TwoStep } from './two-step';
import { useSignOut } from './use-sign-out';

/** Profile's sign-in settings: the password, passkeys, two-step sign-in, and where the account is signed in. */
export function SignInSecurity() {
  return (
    <Stack gap="lg" mt="lg">
      <ChangePassword />
      <Passkeys />
      <TwoStep />
      <SignedInDevices />
    </Stack>
  );
}

const DEVICE_ICONS = { mobile: IconDeviceMobile, tablet: IconDeviceTablet, desktop: IconDeviceDesktop, tv: IconDeviceDesktop, unknown: IconDevices } as const;

/** "Where you're signed in": each browser session, with a way to sign it out, and all the others at once. */
function SignedInDevices() {
  const utils = trpc.useUtils();
  const sessions = trpc.sessions.list.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor });
  const { signOut, isPending: signingOut } = useSignOut();
  const end = trpc.sessions.end.useMutation({
    onSuccess: async () => {
      toast({ title: 'Signed out', message: 'That device is signed out. It will need your password to get back in.', tone: 'success' });
      await utils.sessions.list.invalidate();
    },
    onError: (error) => toast({ title: 'Could not sign out that device', message: error.message, tone: 'error' }),
  });
  const endOthers = trpc.sessions.endOthers.useMutation({
    onSuccess: async ({ ended }) => {
      toast({
        title: ended === 0 ? 'No other devices' : 'Signed out everywhere else',
        message: ended === 0 ? 'You were signed in only here.' : `${ended} other ${ended === 1 ? 'device is' : 'devices are'} signed out. This one stays signed in.`,
        tone: 'success',
      });
      await utils.sessions.list.invalidate();
    },
    onError: (error) => toast({ title: 'Could not sign out your other devices', message: error.message, tone: 'error' }),
  });

  const list = sessions.data?.pages.flatMap((page) => page.items);
  const others = list?.filter((session) => !session.current).length ?? 0;
  const confirmEndOthers = () => {
    if (window.confirm('Sign out of Nestling on every other device? You will stay signed in here.')) endOthers.mutate(undefined);
  };

  return (
    <Card component="section" aria-labelledby="signed-in-devices-title">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <div>
          <Title order={2} fz="lg" id="signed-in-devices-title">
            Where you’re signed in
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            If you see a device you don’t recognise, sign it out and change your password.
          </Text>
        </div>
        {others > 0 && (
          <Button variant="light" color="red" size="sm" onClick={confirmEndOthers} loading={endOthers.isPending}>
            Sign out everywhere else
          </Button>
        )}
      </Group>
      <QueryState
        query={{ ...sessions, data: list }}
        loading={<Skeleton h={60} />}
        empty={{ title: 'No sign-ins', description: 'Signed-in devices will show here.', icon: <IconDevices size={22} stroke={1.6} aria-hidden /> }}
      >
        {(items) => (
          <>
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Signed-in devices">
              {items.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  pending={session.current ? signingOut : end.isPending && end.variables?.id === session.id}
                  onSignOut={() => (session.current ? signOut() : end.mutate({ id: session.id }))}
                />
              ))}
            </Stack>
            {sessions.hasNextPage && (
              <Button variant="subtle" size="xs" mt="xs" onClick={() => void sessions.fetchNextPage()} loading={sessions.isFetchingNextPage}>
                Show more devices
              </Button>
            )}
          </>
        )}
      </QueryState>
    </Card>
  );
}

function SessionRow({ session, pending, onSignOut }: { session: SessionDto; pending: boolean; onSignOut: () => void }) {
  const Icon = DEVICE_ICONS[session.device.kind];
  // The clock is read by each row, not the list: its switch to the browser's straight after
  // hydration (use-now.ts) then re-renders the rows alone, not the whole section.
  const now = useNow();
  const lastActive = session.current ? 'Active now' : `Last active ${timeAgo(new Date(session.lastActiveAt), now)}`;
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="sm" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }} data-testid="signed-in-device">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Icon size={28} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{session.device.description}</Text>
            {session.current && (
              <Badge variant="light" color="green" tt="none">
                This device
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {lastActive}
            {session.ip ? ` · ${session.ip}` : ''} · Signed in {longDate(new Date(session.createdAt))}
          </Text>
        </div>
      </Group>
      <Button
        variant="default"
        size="xs"
        onClick={onSignOut}
        loading={pending}
        aria-label={`Sign out this device: ${session.device.description}${session.current ? ', the one you are using' : `, ${lastActive.toLowerCase()}`}`}
      >
        Sign out this device
      </Button>
    </Group>
  );
}
