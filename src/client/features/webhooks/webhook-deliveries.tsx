import { ActionIcon, Badge, Box, Button, Code, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { timeAgo } from '../../../shared/relative-time';
import type { WebhookDeliveryDto } from '../../../shared/schemas/webhooks';
import { QueryState } from '../../components/query-state';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useNow } from '../../lib/use-now';

/** The server keeps answering the newest this many; the log says so when it is full. */
const DELIVERIES_SHOWN = 50;
/** While a delivery is still on its way, look again this often so its outcome appears. */
const PENDING_POLL_MS = 2000;

const STATUS_BADGE = {
  delivered: { color: 'green', label: 'Delivered' },
  pending: { color: 'yellow', label: 'Pending' },
  failed: { color: 'red', label: 'Failed' },
} as const;

function DeliveryStatusBadge({ delivery }: { delivery: WebhookDeliveryDto }) {
  const { color, label } = STATUS_BADGE[delivery.status];
  return (
    <Badge color={color} variant="light" tt="none" miw="max-content" data-status={delivery.status}>
      {delivery.status === 'pending' && delivery.attempts > 0 ? 'Retrying' : label}
    </Badge>
  );
}

/**
 * One endpoint's latest deliveries, newest first: what was sent, how the app answered, and when,
 * each with a way to send it again (not while the webhook is turned off: the server refuses).
 */
export function WebhookDeliveries({ webhookId, id, canResend }: { webhookId: number; id: string; canResend: boolean }) {
  const now = useNow();
  const utils = trpc.useUtils();
  const deliveries = trpc.webhooks.deliveries.useQuery(
    { id: webhookId },
    {
      // Opened again later, the log should show what was sent meanwhile.
      refetchOnMount: 'always',
      refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === 'pending') ? PENDING_POLL_MS : false),
    },
  );

  const resend = trpc.webhooks.resendDelivery.useMutation({
    onSuccess: async (delivery) => {
      toast({ title: 'Sending it again', message: `The ${delivery.eventType} message is on its way, with the same webhook-id as before.`, tone: 'success' });
      await utils.webhooks.deliveries.invalidate({ id: webhookId });
    },
    onError: (error) => toast({ title: 'Could not send it again', message: error.message, tone: 'error' }),
  });

  return (
    <Stack gap="xs" id={id} mt="sm">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          Messages sent
        </Text>
        <Tooltip label="Refresh">
          <ActionIcon variant="subtle" aria-label="Refresh the messages sent" onClick={() => void deliveries.refetch()} loading={deliveries.isFetching}>
            <IconRefresh size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <QueryState
        query={deliveries}
        loading={
          <Stack gap="xs">
            <Skeleton h={28} />
            <Skeleton h={28} />
          </Stack>
        }
        empty={{
          title: 'Nothing sent yet',
          description: 'A message appears here each time one of the chosen events happens.',
          icon: <IconSend size={22} stroke={1.6} aria-hidden />,
        }}
      >
        {(list) => (
          <>
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Messages sent">
              {list.map((delivery) => (
                <DeliveryRow key={delivery.id} delivery={delivery} now={now}>
                  {canResend && delivery.attempts > 0 && (
                    <Button
                      variant="default"
                      size="compact-xs"
                      onClick={() => resend.mutate({ id: webhookId, deliveryId: delivery.id })}
                      loading={resend.isPending && resend.variables?.deliveryId === delivery.id}
                    >
                      Resend
                    </Button>
                  )}
                </DeliveryRow>
              ))}
            </Stack>
            {list.length >= DELIVERIES_SHOWN && (
              <Text size="xs" c="dimmed">
                The latest {DELIVERIES_SHOWN} messages.
              </Text>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}

/** 'Answered 200 in 39 ms', or 'No answer after 5000 ms'; null before the first attempt. */
function outcomeOf(delivery: WebhookDeliveryDto): string | null {
  if (delivery.attempts === 0) return null;
  if (delivery.responseCode === null) return delivery.durationMs === null ? 'No answer' : `No answer after ${delivery.durationMs} ms`;
  return `Answered ${delivery.responseCode}${delivery.durationMs === null ? '' : ` in ${delivery.durationMs} ms`}`;
}

function DeliveryRow({ delivery, now, children }: { delivery: WebhookDeliveryDto; now: Date; children?: ReactNode }) {
  const at = delivery.lastAttemptAt ?? delivery.createdAt;
  const outcome = outcomeOf(delivery);
  return (
    <Box component="li" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} data-testid="webhook-delivery">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Code fz="xs">{delivery.eventType}</Code>
          <DeliveryStatusBadge delivery={delivery} />
        </Group>
        {children}
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {outcome ? `${outcome} · ${delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}` : 'Not sent yet'} ·{' '}
        <time dateTime={at}>{timeAgo(new Date(at), now)}</time>
        {delivery.nextAttemptAt && delivery.attempts > 0 && ` · next try at ${dayjs(delivery.nextAttemptAt).format('h:mm A')}`}
      </Text>
      {delivery.error && (
        <Text size="xs" mt={2} style={{ overflowWrap: 'anywhere' }}>
          {delivery.error}
        </Text>
      )}
    </Box>
  );
}
