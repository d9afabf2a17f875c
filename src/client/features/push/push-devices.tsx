import { Alert, Badge, Button, Card, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconBellOff, IconDevices } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { longDate } from '../../../shared/display';
import type { PushSubscriptionDto } from '../../../shared/schemas/push';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { readBrowserPush, turnOff, turnOn, type BrowserPushState } from './browser-push';

/**
 * Profile's "Notifications on this device": turn Web Push on or off for this browser, and see
 * (and remove) the other devices that get them. The browser asks for permission only when the
 * parent presses the button, never when the page opens.
 */
export function PushDevices() {
  const utils = trpc.useUtils();
  const devices = trpc.pushSubscriptions.list.useQuery(undefined);
  const [browser, setBrowser] = useState<BrowserPushState | undefined>();
  const [busy, setBusy] = useState(false);

  const refreshBrowser = useCallback(() => {
    readBrowserPush().then(setBrowser, () => setBrowser({ kind: 'off' }));
  }, []);
  useEffect(refreshBrowser, [refreshBrowser]);

  const save = trpc.pushSubscriptions.save.useMutation({ onSettled: () => utils.pushSubscriptions.list.invalidate() });
  const remove = trpc.pushSubscriptions.remove.useMutation({ onSettled: () => utils.pushSubscriptions.list.invalidate() });

  const endpoint = browser?.kind === 'subscribed' ? browser.endpoint : undefined;
  const thisDevice = endpoint ? devices.data?.find((device) => device.endpoint === endpoint) : undefined;
  const others = devices.data?.filter((device) => device.endpoint !== endpoint) ?? [];

  async function onTurnOn() {
    setBusy(true);
    try {
      const subscription = await turnOn(async () => (await utils.pushSubscriptions.publicKey.fetch()).publicKey);
      if (subscription === 'denied' || subscription === 'dismissed') {
        if (subscription === 'dismissed') toast({ title: 'Notifications are still off', message: 'The browser’s question was closed without an answer. Press the button again when you’re ready.' });
        return;
      }
      const { endpoint: subscribed, keys, expirationTime } = subscription;
      await save.mutateAsync({ endpoint: subscribed ?? '', expirationTime: expirationTime ?? null, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } });
      toast({ title: 'Notifications are on', message: 'This device will show Nestling’s notifications, even when the app is closed.', tone: 'success' });
    } catch (error) {
      toast({ title: 'Could not turn on notifications', message: error instanceof Error ? error.message : 'Please try again.', tone: 'error' });
    } finally {
      setBusy(false);
      refreshBrowser();
    }
  }

  async function onTurnOff() {
    setBusy(true);
    try {
      await turnOff();
      if (thisDevice) await remove.mutateAsync({ id: thisDevice.id });
      toast({ title: 'Notifications are off on this device', message: 'Your other devices still get them.', tone: 'success' });
    } catch (error) {
      toast({ title: 'Could not turn off notifications', message: error instanceof Error ? error.message : 'Please try again.', tone: 'error' });
    } finally {
      setBusy(false);
      refreshBrowser();
    }
  }

  return (
    <Card component="section" aria-labelledby="push-devices-title" mt="lg">
      <Title order={3} fz="lg" id="push-devices-title">
        Notifications on this device
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        Get a notification on this phone or computer, even when Nestling is closed, when something happens that you chose to hear about: a new activity or photo
        of your child, a message, a booking answered, the daily report. Quiet hours and your choices for each kind apply here too. Tapping one opens it in Nestling.
      </Text>
      {browser === undefined || devices.isPending ? (
        <Skeleton h={40} />
      ) : (
        <ThisDevice state={browser} saved={Boolean(thisDevice)} busy={busy} onTurnOn={onTurnOn} onTurnOff={onTurnOff} />
      )}
      {others.length > 0 && (
        <Stack gap="xs" mt="lg">
          <Title order={4} fz="md">
            Your other devices
          </Title>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your other devices with notifications on">
            {others.map((device) => (
              <OtherDevice key={device.id} device={device} onRemove={() => remove.mutate({ id: device.id }, { onError: (error) => toast({ title: 'Could not remove that device', message: error.message, tone: 'error' }) })} removing={remove.isPending && remove.variables?.id === device.id} />
            ))}
          </Stack>
        </Stack>
      )}
    </Card>
  );
}

function ThisDevice({ state, saved, busy, onTurnOn, onTurnOff }: { state: BrowserPushState; saved: boolean; busy: boolean; onTurnOn: () => void; onTurnOff: () => void }) {
  if (state.kind === 'unsupported') {
    return (
      <Alert color="gray" variant="light" icon={<IconBellOff size={18} aria-hidden />} title="This browser can’t show Nestling’s notifications">
        <Text size="sm">
          Try an up-to-date Chrome, Edge, Firefox or Safari. On an iPhone or iPad, first add Nestling to your Home Screen (Share, then Add to Home Screen) and open
          it from there.
        </Text>
      </Alert>
    );
  }
  if (state.kind === 'denied') {
    return (
      <Alert color="orange" variant="light" icon={<IconBellOff size={18} aria-hidden />} title="Notifications are blocked for Nestling in this browser">
        <Text size="sm">
          To allow them, open this site’s settings (the icon just left of the address) and set Notifications to Allow. On a phone, you may also need to allow
          notifications for the browser in the phone’s Settings. Then reload this page and turn them on here.
        </Text>
      </Alert>
    );
  }
  if (state.kind === 'subscribed' && saved) {
    return (
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Badge color="green" variant="light" tt="none" leftSection={<IconBell size={14} aria-hidden />}>
            On
          </Badge>
          <Text size="sm">This device gets Nestling’s notifications.</Text>
        </Group>
        <Button variant="default" onClick={onTurnOff} loading={busy}>
          Turn off
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      <List size="sm" spacing={2}>
        <List.Item>Your browser will ask whether Nestling may show notifications: choose Allow.</List.Item>
        <List.Item>You can turn them off here at any time.</List.Item>
      </List>
      <Button leftSection={<IconBell size={18} aria-hidden />} onClick={onTurnOn} loading={busy}>
        Turn on notifications on this device
      </Button>
    </Stack>
  );
}

function OtherDevice({ device, onRemove, removing }: { device: PushSubscriptionDto; onRemove: () => void; removing: boolean }) {
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={device.deviceLabel}>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
          <IconDevices size={20} stroke={1.6} aria-hidden />
          <div>
            <Text size="sm" fw={500}>
              {device.deviceLabel}
            </Text>
            <Text size="xs" c="dimmed">
              Turned on {longDate(new Date(device.createdAt))}
            </Text>
          </div>
        </Group>
        <Button variant="light" color="red" size="xs" onClick={onRemove} loading={removing} aria-label={`Remove ${device.deviceLabel}`} style={{ flexShrink: 0 }}>
          Remove
        </Button>
      </Group>
    </Paper>
  );
}
