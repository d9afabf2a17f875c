import { ActionIcon, Badge, Code, Group, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { timeAgo } from '../../../shared/relative-time';
import type { WebhookDeliveryDto } from '../../../shared/schemas/webhooks';
import { QueryState } from '../../components/query-state';
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

/** One endpoint's latest deliveries, newest first: what was sent, how the app answered, and when. */
export function WebhookDeliveries({ webhookId, id }: { webhookId: number; id: string }) {
  const now = useNow();
  const deliveries = trpc.webhooks.deliveries.useQuery(
    { id: webhookId },
    {
      // Opened again later, the log should show what was sent meanwhile.
      refetchOnMount: 'always',
      refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === 'pending') ? PENDING_POLL_MS : false),
    },
  );

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
            <Table.ScrollContainer minWidth={620}>
              <Table aria-label="Messages sent" verticalSpacing="xs" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Event</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Answer</Table.Th>
                    <Table.Th>Took</Table.Th>
                    <Table.Th>When</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((delivery) => (
                    <DeliveryRow key={delivery.id} delivery={delivery} now={now} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
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

function DeliveryRow({ delivery, now }: { delivery: WebhookDeliveryDto; now: Date }) {
  const at = delivery.lastAttemptAt ?? delivery.createdAt;
  return (
    <Table.Tr data-testid="webhook-delivery">
      <Table.Td>
        <Code fz="xs">{delivery.eventType}</Code>
      </Table.Td>
      <Table.Td>
        <DeliveryStatusBadge delivery={delivery} />
        <Text size="xs" c="dimmed">
          {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
        </Text>
      </Table.Td>
      <Table.Td>
        {delivery.responseCode ?? '—'}
        {delivery.error && (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {delivery.error}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`}</Table.Td>
      <Table.Td>
        <time dateTime={at}>{timeAgo(new Date(at), now)}</time>
        {delivery.nextAttemptAt && delivery.attempts > 0 && (
          <Text size="xs" c="dimmed">
            Next try at {dayjs(delivery.nextAttemptAt).format('h:mm A')}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
