import { Alert, Badge, Button, Card, Code, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { longDate } from '../../../shared/display';
import type { WebhookDto } from '../../../shared/schemas/webhooks';
import { QueryState } from '../../components/query-state';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { AddWebhookForm } from './add-webhook-form';
import type { WebhookAudience } from './event-labels';
import { WebhookDeliveries } from './webhook-deliveries';

const INTRODUCTION: Record<WebhookAudience, string> = {
  family: 'A webhook lets an app of yours hear the moment something happens in your family, such as a booking or a new activity, by sending a message to an address you choose.',
  nursery: 'A webhook lets your nursery’s own systems hear the moment staff log an activity, by sending a message to an address you choose.',
};

/** A family's (or, for staff, their nursery's) webhooks: add one (its secret shown once), see each with the messages sent to it, delete one. */
export function Webhooks({ audience }: { audience: WebhookAudience }) {
  const webhooks = trpc.webhooks.list.useQuery(undefined);

  return (
    <Card component="section" aria-labelledby="webhooks-title">
      <Title order={3} fz="lg" id="webhooks-title">
        Webhooks
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        {INTRODUCTION[audience]} Each message is signed, so your app can tell it comes from Nestling.
      </Text>
      <AddWebhookForm audience={audience} />
      <QueryState
        query={webhooks}
        loading={
          <Stack gap="sm">
            <Skeleton h={96} />
            <Skeleton h={96} />
          </Stack>
        }
        empty={{
          title: 'No webhooks yet',
          description: audience === 'family' ? 'Add one when an app of yours should hear about bookings, activities or your children as they happen.' : 'Add one when a system of your nursery should hear about activities as staff log them.',
          icon: <IconWebhook size={22} stroke={1.6} aria-hidden />,
        }}
      >
        {(list) => (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your webhooks">
            {list.map((webhook) => (
              <WebhookItem key={webhook.id} webhook={webhook} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}

function WebhookItem({ webhook }: { webhook: WebhookDto }) {
  const utils = trpc.useUtils();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const name = webhook.description || webhook.url;

  const remove = trpc.webhooks.remove.useMutation({
    onSuccess: async () => {
      toast({ title: 'Webhook deleted', message: `Nothing more will be sent to ${webhook.url}.`, tone: 'success' });
      await utils.webhooks.list.invalidate();
    },
    onError: (error) => toast({ title: 'Could not delete the webhook', message: error.message, tone: 'error' }),
  });
  const enable = trpc.webhooks.enable.useMutation({
    onSuccess: async () => {
      toast({ title: 'Webhook turned back on', message: `New messages will be sent to ${webhook.url}.`, tone: 'success' });
      await utils.webhooks.list.invalidate();
    },
    onError: (error) => toast({ title: 'Could not turn the webhook back on', message: error.message, tone: 'error' }),
  });
  const confirmRemove = () => {
    if (window.confirm(`Delete the webhook to ${webhook.url}? Nothing more will be sent to it, including messages still waiting.`)) remove.mutate({ id: webhook.id });
  };
  const deliveriesId = `webhook-${webhook.id}-deliveries`;

  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={name} data-testid="webhook">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={2} miw={0}>
          {webhook.description && <Text fw={500}>{webhook.description}</Text>}
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {webhook.url}
          </Text>
        </Stack>
        {webhook.disabledAt ? (
          <Badge color="gray" variant="light" tt="none" miw="max-content">
            Turned off
          </Badge>
        ) : (
          <Badge color="green" variant="light" tt="none" miw="max-content">
            On
          </Badge>
        )}
      </Group>
      <Group gap={4} mt="xs">
        {webhook.eventTypes.map((type) => (
          <Code key={type} fz="xs">
            {type}
          </Code>
        ))}
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        Added {longDate(new Date(webhook.createdAt))}
      </Text>
      {webhook.disabledAt && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={`Turned off on ${longDate(new Date(webhook.disabledAt))}`} mt="sm">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {webhook.disabledReason ?? 'Messages to it kept failing.'} Nothing is sent to it while it is off. Once your app can answer again, turn it back on;
            then you can resend the messages that failed.
          </Text>
          <Button size="xs" variant="default" mt="xs" onClick={() => enable.mutate({ id: webhook.id })} loading={enable.isPending}>
            Turn back on
          </Button>
        </Alert>
      )}
      <Group gap="xs" mt="sm">
        <Button variant="default" size="xs" onClick={() => setShowDeliveries((shown) => !shown)} aria-expanded={showDeliveries} aria-controls={showDeliveries ? deliveriesId : undefined}>
          {showDeliveries ? 'Hide messages sent' : 'Show messages sent'}
        </Button>
        <Button variant="light" color="red" size="xs" onClick={confirmRemove} loading={remove.isPending} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      </Group>
      {showDeliveries && <WebhookDeliveries webhookId={webhook.id} id={deliveriesId} canResend={!webhook.disabledAt} />}
    </Paper>
  );
}
