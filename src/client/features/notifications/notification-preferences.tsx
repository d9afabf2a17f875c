import '@mantine/core/styles/Switch.css';
import { Button, Card, Checkbox, Chip, Group, Skeleton, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { UserDto } from '../../../shared/schemas/auth';
import {
  notificationCategoryLabels,
  type NotificationCategory,
  type NotificationPreferencesDto,
  type NotificationPreferencesInput,
} from '../../../shared/schemas/notifications';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useFirstAnswerDeferred } from '../../lib/use-first-answer-deferred';

/** The activity types staff log (see the staff page's presets), as a parent would name them. */
const ACTIVITY_TYPES = [
  { type: 'arrival', label: 'Arrivals' },
  { type: 'snack', label: 'Snacks' },
  { type: 'play', label: 'Play' },
  { type: 'art', label: 'Art' },
  { type: 'learning', label: 'Learning' },
  { type: 'nap', label: 'Naps' },
  { type: 'departure', label: 'Home time' },
] as const;

/** The rows of the table, in this order. */
const CATEGORIES = ['activity', 'report', 'booking', 'community', 'message'] as const satisfies readonly NotificationCategory[];

/** Its switch columns: each category's `inApp` and `push`, named for screen readers as "<category> in the app" and "<category> by push". */
const CHANNELS = [
  { channel: 'inApp', heading: 'In the app', spoken: 'in the app', width: { base: 72, sm: 110 } },
  { channel: 'push', heading: 'Push', spoken: 'by push', width: { base: 56, sm: 110 } },
] as const;

type Draft = NotificationPreferencesInput;

const draftOf = (saved: NotificationPreferencesDto): Draft => ({ categories: saved.categories, mutedActivityTypes: saved.mutedActivityTypes, quietHours: saved.quietHours });

/**
 * Profile > Personal Info: what each adult is told, per category in the app and by push, which
 * activity types they skip, and quiet hours with no push. Each adult of a family has their own.
 */
export function NotificationPreferences({ user }: { user: UserDto }) {
  const saved = trpc.notifications.preferences.useQuery(undefined, { enabled: user.familyRole !== null });
  const savedData = useFirstAnswerDeferred(saved.data);
  if (user.familyRole === null) return null;
  return (
    <Card component="section" aria-labelledby="notification-settings-title" mt="lg">
      <Title order={3} fz="lg" id="notification-settings-title">
        Notification settings
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        Choose what you hear about, in Nestling (the bell) and as push notifications on your devices. These are yours alone: other adults of your family choose
        their own.
      </Text>
      {savedData ? <PreferencesForm saved={savedData} /> : <Skeleton h={220} />}
    </Card>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferencesDto }) {
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const save = trpc.notifications.savePreferences.useMutation({
    onSuccess: (result) => {
      utils.notifications.preferences.setData(undefined, result);
      toast({ title: 'Notification settings saved', tone: 'success' });
    },
    onError: (error) => toast({ title: 'Could not save your notification settings', message: error.message, tone: 'error' }),
  });
  const setChannel = (category: NotificationCategory, channel: (typeof CHANNELS)[number]['channel'], on: boolean) =>
    setDraft((d) => ({ ...d, categories: { ...d.categories, [category]: { ...d.categories[category], [channel]: on } } }));

  return (
    <Stack gap="lg">
      <Table verticalSpacing="xs" horizontalSpacing="xs" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>What</Table.Th>
            {CHANNELS.map(({ channel, heading, width }) => (
              <Table.Th key={channel} w={width} ta="center">
                {heading}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {CATEGORIES.map((category) => {
            const { label, description } = notificationCategoryLabels[category];
            return (
              <Table.Tr key={category}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {description}
                  </Text>
                </Table.Td>
                {CHANNELS.map(({ channel, spoken }) => (
                  <Table.Td key={channel}>
                    <Group justify="center">
                      <Switch
                        checked={draft.categories[category][channel]}
                        onChange={(event) => setChannel(category, channel, event.currentTarget.checked)}
                        aria-label={`${label} ${spoken}`}
                      />
                    </Group>
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>

      <Stack gap={6} role="group" aria-labelledby="muted-types-title">
        <Text size="sm" fw={600} id="muted-types-title">
          Activities you'd rather not hear about
        </Text>
        <Text size="xs" c="dimmed">
          Chosen types are still in the activity log; you just aren't notified of them.
        </Text>
        <Group gap="xs">
          {ACTIVITY_TYPES.map(({ type, label }) => (
            <Chip
              key={type}
              size="sm"
              checked={draft.mutedActivityTypes.includes(type)}
              onChange={(muted) =>
                setDraft((d) => ({ ...d, mutedActivityTypes: muted ? [...d.mutedActivityTypes, type] : d.mutedActivityTypes.filter((t) => t !== type) }))
              }
            >
              {label}
            </Chip>
          ))}
        </Group>
      </Stack>

      <Stack gap={6}>
        <Checkbox
          label="Quiet hours: no push notifications"
          description={`They still arrive in the app. Times are in ${saved.timeZone}.`}
          checked={draft.quietHours !== null}
          onChange={(event) => setDraft((d) => ({ ...d, quietHours: event.currentTarget.checked ? { start: '21:00', end: '07:00' } : null }))}
        />
        {draft.quietHours && (
          <Group gap="sm" pl={32}>
            <TextInput
              type="time"
              label="From"
              w={130}
              value={draft.quietHours.start}
              onChange={(event) => {
                const start = event.currentTarget.value;
                setDraft((d) => (d.quietHours ? { ...d, quietHours: { ...d.quietHours, start } } : d));
              }}
            />
            <TextInput
              type="time"
              label="Until"
              w={130}
              value={draft.quietHours.end}
              onChange={(event) => {
                const end = event.currentTarget.value;
                setDraft((d) => (d.quietHours ? { ...d, quietHours: { ...d.quietHours, end } } : d));
              }}
            />
          </Group>
        )}
      </Stack>

      <Group>
        <Button onClick={() => save.mutate(draft)} loading={save.isPending}>
          Save notification settings
        </Button>
      </Group>
    </Stack>
  );
}
