import { Alert, Badge, Button, Card, Code, Group, Image, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { longDate } from '../../../shared/display';
import { messageOf, serverFieldError } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { answerWithPasskey, ceremonyMessage, passkeysSupported } from './passkey-ceremony';
import { ModalOnDemand } from '../../components/modal-on-demand';

/**
 * Profile's two-step sign-in: set it up with an authenticator app (scan, then confirm with a
 * code), keep the recovery codes it shows once, offer to sign out other devices; turn it off
 * with a fresh code or a passkey.
 */
export function TwoStep() {
  const status = trpc.twoStep.status.useQuery();
  const [settingUp, setSettingUp] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const enrolment = trpc.twoStep.startEnrolment.useMutation();
  const startSetUp = () => {
    setSettingUp(true);
    enrolment.mutate(undefined);
  };

  return (
    <Card component="section" aria-labelledby="two-step-title">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <div style={{ flex: '1 1 260px' }}>
          <Group gap="xs">
            <Title order={2} fz="lg" id="two-step-title">
              Two-step sign-in
            </Title>
            {status.data && (
              <Badge variant="light" color={status.data.enabled ? 'green' : 'gray'} tt="none">
                {status.data.enabled ? 'On' : 'Off'}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {status.data?.enabled
              ? `Signing in with your password also asks for a code from your authenticator app. On since ${longDate(new Date(status.data.enabledAt!))}; ${status.data.recoveryCodesLeft} of 10 recovery codes left.`
              : 'After your password, Nestling will ask for a code from an authenticator app on your phone, so a stolen password alone cannot get in.'}
          </Text>
        </div>
        {status.isPending ? (
          <Skeleton h={36} w={180} />
        ) : settingUp ? null : status.data?.enabled ? (
          <Button variant="default" onClick={() => setTurningOff(true)}>
            Turn off
          </Button>
        ) : (
          <Button leftSection={<IconShieldCheck size={16} aria-hidden />} onClick={startSetUp}>
            Set up two-step sign-in
          </Button>
        )}
      </Group>
      {status.isError && <Alert color="red" variant="light">{messageOf(status.error)}</Alert>}
      {settingUp && <SetUp enrolment={enrolment} onDone={() => setSettingUp(false)} />}
      {turningOff && <TurnOff onClose={() => setTurningOff(false)} />}
    </Card>
  );
}

type Enrolment = ReturnType<typeof trpc.twoStep.startEnrolment.useMutation>;

function SetUp({ enrolment, onDone }: { enrolment: Pick<Enrolment, 'data' | 'isPending' | 'error'>; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const confirm = trpc.twoStep.confirmEnrolment.useMutation({
    onSuccess: async (result) => {
      setRecoveryCodes(result.recoveryCodes);
      await utils.twoStep.status.invalidate();
    },
    onError: (failure) => setError(serverFieldError(failure)?.message ?? messageOf(failure)),
  });

  if (recoveryCodes) {
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={onDone}
      />
    );
  }
  return (
    <form
      noValidate
      aria-label="Set up two-step sign-in"
      onSubmit={(event) => {
        event.preventDefault();
        confirm.mutate({ code });
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            1. Scan this QR code with an authenticator app
          </Text>
          <Text size="sm" c="dimmed">
            Such as Google Authenticator, Microsoft Authenticator, 1Password or your phone’s password app.
          </Text>
          {enrolment.isPending ? (
            <Skeleton h={200} w={200} />
          ) : enrolment.data ? (
            <>
              <Image src={enrolment.data.qrCode} alt="QR code to add Nestling to an authenticator app" w={200} h={200} bg="white" p={6} radius="sm" />
              <Text size="sm" c="dimmed">
                Can’t scan? Enter this key in the app:
              </Text>
              <Code style={{ overflowWrap: 'anywhere', alignSelf: 'flex-start' }} data-testid="two-step-secret">
                {enrolment.data.secret.replace(/(.{4})/g, '$1 ').trim()}
              </Code>
            </>
          ) : (
            <Alert color="red" variant="light">
              {messageOf(enrolment.error)}
            </Alert>
          )}
        </Stack>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            2. Enter the 6-digit code the app shows
          </Text>
          <TextInput
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            maxLength={12}
          />
          <Group gap="sm" mt="xs">
            <Button type="submit" loading={confirm.isPending} disabled={!enrolment.data}>
              Turn on
            </Button>
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </SimpleGrid>
    </form>
  );
}

/** The recovery codes, shown this once; then the offer to sign out other devices. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [askAboutOthers, setAskAboutOthers] = useState(false);
  const endOthers = trpc.sessions.endOthers.useMutation({
    onSuccess: async ({ ended }) => {
      toast({ title: 'Signed out everywhere else', message: `${ended} other ${ended === 1 ? 'device is' : 'devices are'} signed out.`, tone: 'success' });
      await utils.sessions.list.invalidate();
      onDone();
    },
    onError: (error) => toast({ title: 'Could not sign out your other devices', message: error.message, tone: 'error' }),
  });
  const download = () => {
    const text = `Nestling recovery codes\n\nEach code signs you in once, in place of a code from your authenticator app.\n\n${codes.join('\n')}\n`;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'nestling-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <Stack gap="sm">
      <Alert color="green" variant="light" title="Two-step sign-in is on" icon={<IconShieldCheck size={18} aria-hidden />}>
        Keep these recovery codes somewhere safe, such as a password manager or on paper. If you lose your phone, each one signs you in once. This is the only time they are shown.
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Recovery codes">
        {codes.map((code) => (
          <Code component="li" key={code} ta="center" fz="sm" py={6}>
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
          Download codes
        </Button>
        <Button onClick={() => setAskAboutOthers(true)}>I have saved them</Button>
      </Group>
      <ModalOnDemand opened={askAboutOthers} onClose={onDone} closeButtonProps={{ 'aria-label': 'Close' }} title="Sign out your other devices?" centered>
        <Stack gap="md">
          <Text size="sm">Two-step sign-in is on. Devices already signed in stay signed in until you sign them out; signing in again will ask them for a code. You will stay signed in here.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              Keep them signed in
            </Button>
            <Button color="red" onClick={() => endOthers.mutate(undefined)} loading={endOthers.isPending}>
              Sign out other devices
            </Button>
          </Group>
        </Stack>
      </ModalOnDemand>
    </Stack>
  );
}

function TurnOff({ onClose }: { onClose: () => void }) {
  const utils = trpc.useUtils();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [usingPasskey, setUsingPasskey] = useState(false);
  const passkeyOptions = trpc.twoStep.confirmOptions.useMutation();
  const turnOff = trpc.twoStep.turnOff.useMutation({
    onSuccess: async () => {
      onClose();
      toast({ title: 'Two-step sign-in is off', message: 'Your password alone signs you in again.', tone: 'success' });
      await utils.twoStep.status.invalidate();
    },
    onError: (failure) => setError(serverFieldError(failure)?.message ?? messageOf(failure)),
  });
  const withPasskey = async () => {
    setUsingPasskey(true);
    setError(undefined);
    try {
      const passkey = await answerWithPasskey(await passkeyOptions.mutateAsync(undefined));
      await turnOff.mutateAsync({ passkey });
    } catch (failure) {
      setError(ceremonyMessage(failure) ?? serverFieldError(failure)?.message ?? messageOf(failure));
    } finally {
      setUsingPasskey(false);
    }
  };

  return (
    <ModalOnDemand opened onClose={onClose} title="Turn off two-step sign-in?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          turnOff.mutate({ code });
        }}
      >
        <Stack gap="md">
          <Text size="sm">To check it is you, enter a code from your authenticator app or a recovery code, or use one of your passkeys. Your recovery codes will stop working.</Text>
          <TextInput
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            maxLength={20}
            data-autofocus
          />
          <Group justify="space-between" gap="sm">
            {passkeysSupported() ? (
              <Button variant="subtle" onClick={() => void withPasskey()} loading={usingPasskey}>
                Use a passkey instead
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={turnOff.isPending && !usingPasskey}>
                Turn off
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </ModalOnDemand>
  );
}
