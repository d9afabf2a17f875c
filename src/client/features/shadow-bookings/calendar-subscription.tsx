import { Anchor, Button, Card, Group, Skeleton, Text, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { longDate } from '../../../shared/display';
import type { CreatedCalendarSubscriptionDto } from '../../../shared/schemas/calendar-subscription';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { SecretShownOnce } from '../../components/secret-shown-once';

/**
 * The secret address calendar apps subscribe to. Like an API token it is shown once, when made;
 * afterwards the card says one is active, and making a new one replaces it.
 */
export function CalendarSubscription() {
  const utils = trpc.useUtils();
  const status = trpc.calendarSubscription.get.useQuery(undefined);
  const [created, setCreated] = useState<CreatedCalendarSubscriptionDto | null>(null);

  const create = trpc.calendarSubscription.create.useMutation({
    onSuccess: async (subscription) => {
      setCreated(subscription);
      await utils.calendarSubscription.get.invalidate();
    },
    onError: (error) => toast({ title: 'Could not create the link', message: error.message, tone: 'error' }),
  });
  const revoke = trpc.calendarSubscription.revoke.useMutation({
    onSuccess: async () => {
      setCreated(null);
      toast({ title: 'Link revoked', message: 'Calendar apps using it will stop showing your bookings.', tone: 'success' });
      await utils.calendarSubscription.get.invalidate();
    },
    onError: (error) => toast({ title: 'Could not revoke the link', message: error.message, tone: 'error' }),
  });

  const confirmRevoke = () => {
    if (window.confirm('Revoke your calendar link? Calendar apps using it will stop showing your bookings.')) revoke.mutate();
  };
  const active = status.data?.active ?? false;
  const confirmCreate = () => {
    if (!active || window.confirm('Replace your calendar link? Calendar apps using the old one will stop showing your bookings.')) create.mutate();
  };

  return (
    <Card component="section" aria-labelledby="calendar-subscription-title">
      <Title order={3} fz="lg" id="calendar-subscription-title">
        Calendar subscription
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        See your shadow-teacher sessions in Apple Calendar, Google Calendar or Outlook, kept up to date. Anyone with the link can see them, so keep it to
        yourself.
      </Text>
      {created && (
        <SecretShownOnce
          title="Your calendar link"
          icon={<IconCalendarPlus size={18} aria-hidden />}
          value={created.webcalUrl}
          copyLabel="Copy calendar link"
          testId="calendar-link"
        >
          Copy it now: it is shown only once. <Anchor href={created.webcalUrl}>Open it in your calendar app</Anchor>, or paste it where your app asks to
          subscribe by URL.
        </SecretShownOnce>
      )}
      {status.isPending ? (
        <Skeleton h={36} />
      ) : (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm">
            {active && status.data?.createdAt ? `A link is active, made on ${longDate(new Date(status.data.createdAt))}.` : 'No link is active.'}
          </Text>
          <Group gap="xs">
            {active && (
              <Button variant="light" color="red" onClick={confirmRevoke} loading={revoke.isPending}>
                Revoke
              </Button>
            )}
            <Button variant={active ? 'default' : 'filled'} leftSection={<IconCalendarPlus size={16} aria-hidden />} onClick={confirmCreate} loading={create.isPending}>
              {active ? 'Replace link' : 'Create link'}
            </Button>
          </Group>
        </Group>
      )}
    </Card>
  );
}
