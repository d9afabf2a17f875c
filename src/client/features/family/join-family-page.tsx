import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { longDate } from '../../../shared/display';
import { invitationSecret, type InvitationPreviewDto } from '../../../shared/schemas/family';
import { LinkNotWorking } from '../../components/link-not-working';
import { ButtonLink } from '../../components/links';
import { messageOf } from '../../lib/form-errors';
import { trpc } from '../../lib/trpc';
import { useCurrentUser } from '../../lib/use-current-user';
import { PageLoader } from '../../components/page-loader';

const route = getRouteApi('/join/$secret');

const ROLE_TEXT = {
  guardian: 'as a guardian: you can see the children’s day, book, and manage the family',
  carer: 'as a carer: you can follow the children’s day at nursery (activities, photos, the camera)',
} as const;

/** The page an invitation link opens: who invites you to which family, then sign in or create an account, and join. */
export function JoinFamilyPage() {
  const { secret } = route.useParams();
  const wellFormed = invitationSecret.safeParse(secret).success;
  const invitation = trpc.family.invitations.preview.useQuery({ secret }, { enabled: wellFormed, retry: false });
  const { user, isLoading } = useCurrentUser();
  if ((wellFormed && invitation.isLoading) || isLoading) {
    return <PageLoader />;
  }
  if (!wellFormed || !invitation.data) return (
      <LinkNotWorking
        title="This invitation no longer works"
        why="An invitation works once, for 7 days. This one has been used, withdrawn or has expired. Ask the family for a new link."
        next={{ to: '/', label: 'Go to Nestling' }}
      />
    );
  return (
    <Card maw={460} mx="auto" mt={{ base: 'md', sm: 48 }} p="xl">
      <Stack gap="md">
        <IconUsers size={32} stroke={1.6} aria-hidden color="var(--mantine-color-teal-6)" />
        <Title order={1} fz={26}>
          Join {invitation.data.familyName}
        </Title>
        <Text>
          {invitation.data.invitedBy ?? 'A guardian'} invited you {ROLE_TEXT[invitation.data.familyRole]}.
        </Text>
        <Text size="sm" c="dimmed">
          This invitation works once, until {longDate(new Date(invitation.data.expiresAt))}.
        </Text>
        {user ? <AcceptInvitation secret={secret} invitation={invitation.data} userName={user.name} /> : <SignInFirst secret={secret} />}
      </Stack>
    </Card>
  );
}

function AcceptInvitation({ secret, invitation, userName }: { secret: string; invitation: InvitationPreviewDto; userName: string }) {
  const accept = trpc.family.invitations.accept.useMutation({
    // Everything on screen belonged to the family you were in: start afresh in the new one.
    onSuccess: () => window.location.assign('/'),
  });
  return (
    <Stack gap="sm">
      {accept.error && (
        <Alert color="red" variant="light" role="alert">
          {messageOf(accept.error)}
        </Alert>
      )}
      <Button onClick={() => accept.mutate({ secret })} loading={accept.isPending} size="md">
        Join as {userName}
      </Button>
      <Text size="xs" c="dimmed">
        You will leave the family you are in now and follow {invitation.familyName} instead.
      </Text>
    </Stack>
  );
}

function SignInFirst({ secret }: { secret: string }) {
  const here = `/join/${secret}`;
  return (
    <Stack gap="sm">
      <ButtonLink to="/sign-up" search={{ redirect: here }} size="md">
        Create an account
      </ButtonLink>
      <ButtonLink to="/sign-in" search={{ redirect: here }} variant="default" size="md">
        I already have an account: sign in
      </ButtonLink>
    </Stack>
  );
}
