import { Alert, Button, Card, Group, Modal, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { longDate } from '../../../shared/display';
import type { PasskeyDto } from '../../../shared/schemas/passkeys';
import { QueryState } from '../../components/query-state';
import { TimeAgo } from '../../components/time-ago';
import { messageOf, serverFieldError } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ceremonyMessage, createPasskey, usePasskeysSupported } from './passkey-ceremony';

/** Profile's passkeys: add one from this device, and rename or remove each. */
export function Passkeys() {
  const utils = trpc.useUtils();
  const passkeys = trpc.passkeys.list.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor });
  const options = trpc.passkeys.registrationOptions.useMutation();
  const register = trpc.passkeys.register.useMutation();
  const [adding, setAdding] = useState(false);
  const supported = usePasskeysSupported();
  const [renaming, setRenaming] = useState<PasskeyDto | null>(null);
  const remove = trpc.passkeys.remove.useMutation({
    onSuccess: async (removed) => {
      toast({ title: 'Passkey removed', message: `“${removed.name}” no longer signs you in.`, tone: 'success' });
      await utils.passkeys.list.invalidate();
    },
    onError: (error) => toast({ title: 'Could not remove that passkey', message: messageOf(error), tone: 'error' }),
  });

  const add = async () => {
    setAdding(true);
    try {
      const response = await createPasskey(await options.mutateAsync(undefined));
      const created = await register.mutateAsync({ response });
      toast({ title: 'Passkey added', message: `You can now sign in with “${created.name}”, without your password.`, tone: 'success' });
      await utils.passkeys.list.invalidate();
    } catch (error) {
      toast({ title: 'No passkey was added', message: ceremonyMessage(error) ?? messageOf(error), tone: 'error' });
    } finally {
      setAdding(false);
    }
  };
  const confirmRemove = (passkey: PasskeyDto) => {
    if (window.confirm(`Remove the passkey “${passkey.name}”? It will no longer sign you in.`)) remove.mutate({ id: passkey.id });
  };

  const list = passkeys.data?.pages.flatMap((page) => page.items);
  return (
    <Card component="section" aria-labelledby="passkeys-title">
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <div style={{ flex: '1 1 260px' }}>
          <Title order={2} fz="lg" id="passkeys-title">
            Passkeys
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Sign in with your fingerprint, face or screen lock instead of your password. A passkey cannot be phished, and it counts as both steps of two-step sign-in.
          </Text>
        </div>
        {/* Off until the browser is known: a tap held for hydration and replayed later is no
            longer the gesture some browsers require before they make a passkey. */}
        <Button leftSection={<IconKey size={16} aria-hidden />} onClick={() => void add()} loading={adding} disabled={supported !== true}>
          Add a passkey
        </Button>
      </Group>
      {supported === false && (
        <Alert color="yellow" variant="light" mb="md">
          This browser cannot make passkeys. Try a recent version of Safari, Chrome, Edge or Firefox.
        </Alert>
      )}
      <QueryState
        query={{ ...passkeys, data: list }}
        loading={<Skeleton h={48} />}
        empty={{ title: 'No passkeys yet', description: 'Add one to sign in on this device without typing your password.', icon: <IconKey size={22} stroke={1.6} aria-hidden /> }}
      >
        {(items) => (
          <>
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your passkeys">
              {items.map((passkey) => (
                <Group
                  component="li"
                  key={passkey.id}
                  justify="space-between"
                  wrap="wrap"
                  gap="sm"
                  py="xs"
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                  data-testid="passkey"
                >
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 240px' }}>
                    <IconKey size={26} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {passkey.name}
                      </Text>
                      <Text size="sm" c="dimmed">
                        Added {longDate(new Date(passkey.createdAt))} · {passkey.lastUsedAt ? (
                          <>
                            Last used <TimeAgo at={passkey.lastUsedAt} />
                          </>
                        ) : (
                          'Not used yet'
                        )}
                      </Text>
                    </div>
                  </Group>
                  <Group gap="xs">
                    <Button variant="default" size="xs" onClick={() => setRenaming(passkey)} aria-label={`Rename ${passkey.name}`}>
                      Rename
                    </Button>
                    <Button
                      variant="default"
                      color="red"
                      size="xs"
                      onClick={() => confirmRemove(passkey)}
                      loading={remove.isPending && remove.variables?.id === passkey.id}
                      aria-label={`Remove ${passkey.name}`}
                    >
                      Remove
                    </Button>
                  </Group>
                </Group>
              ))}
            </Stack>
            {passkeys.hasNextPage && (
              <Button variant="subtle" size="xs" mt="xs" onClick={() => void passkeys.fetchNextPage()} loading={passkeys.isFetchingNextPage}>
                Show more passkeys
              </Button>
            )}
          </>
        )}
      </QueryState>
      {renaming && <RenamePasskey key={renaming.id} passkey={renaming} onClose={() => setRenaming(null)} />}
    </Card>
  );
}

function RenamePasskey({ passkey, onClose }: { passkey: PasskeyDto; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();
  const rename = trpc.passkeys.rename.useMutation({
    onSuccess: async () => {
      onClose();
      await utils.passkeys.list.invalidate();
    },
    onError: (failure) => setError(serverFieldError(failure)?.message ?? messageOf(failure)),
  });
  return (
    <Modal opened onClose={onClose} title="Rename passkey" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          rename.mutate({ id: passkey.id, name });
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Name"
            description="Such as the phone or computer it lives on."
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            maxLength={60}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
