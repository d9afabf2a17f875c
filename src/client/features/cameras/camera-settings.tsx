import { Badge, Box, Button, Card, Checkbox, Group, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
// Only this section uses Switch: its styles load with it, not with every lazy screen.
import '@mantine/core/styles/Switch.css';
import type { NurseryCameraSettingsDto } from '../../../shared/schemas/cameras';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

type DayForm = { open: boolean; opensAt: string; closesAt: string };

function formOf(settings: NurseryCameraSettingsDto): DayForm[] {
  return WEEKDAYS.map((_, index) => {
    const day = settings.openingHours.find((hours) => hours.weekday === index + 1);
    return day ? { open: true, opensAt: day.opensAt, closesAt: day.closesAt } : { open: false, opensAt: '07:30', closesAt: '18:30' };
  });
}

/**
 * Staff settings for the nursery's cameras: opening hours (parents may watch only within them),
 * each camera on or off, privacy mode (pauses a camera at once for every viewer), and who watched.
 */
export function CameraSettings() {
  const utils = trpc.useUtils();
  const settings = trpc.cameraAccess.settings.useQuery(undefined);
  const log = trpc.cameraAccess.log.useQuery(undefined);
  // The form starts from the saved hours, until staff change it.
  const [edited, setDays] = useState<DayForm[] | null>(null);
  const saveHours = trpc.cameraAccess.updateOpeningHours.useMutation({
    onSuccess: (data) => {
      utils.cameraAccess.settings.setData(undefined, data);
      toast({ title: 'Opening hours saved', message: 'Parents can watch the cameras during these hours.', tone: 'success' });
    },
    onError: (error) => toast({ title: 'Opening hours not saved', message: error.message, tone: 'error' }),
  });
  const updateCamera = trpc.cameraAccess.updateCamera.useMutation({
    onSuccess: (data) => utils.cameraAccess.settings.setData(undefined, data),
    onError: (error) => toast({ title: 'Camera not changed', message: error.message, tone: 'error' }),
  });

  if (!settings.data) return null;
  const days = edited ?? formOf(settings.data);
  const setDay = (index: number, change: Partial<DayForm>) => setDays(days.map((day, i) => (i === index ? { ...day, ...change } : day)));

  return (
    <Card mt="lg" component="section" aria-labelledby="camera-settings-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="camera-settings-title">
          Cameras and opening hours
        </Title>

        <Stack gap="xs">
          {settings.data.cameras.map((camera) => (
            <Group key={camera.id} justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={0}>
                <Text fw={600} size="sm">
                  {camera.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {camera.classroomName}
                  {camera.hasSource ? '' : ' · no video source'}
                </Text>
              </Stack>
              <Group gap="lg" wrap="nowrap">
                {camera.privacyMode && <Badge color="orange">Paused</Badge>}
                <Switch
                  label="On"
                  checked={camera.enabled}
                  onChange={(event) => updateCamera.mutate({ id: camera.id, enabled: event.currentTarget.checked })}
                />
                <Switch
                  label="Privacy mode"
                  color="orange"
                  checked={camera.privacyMode}
                  onChange={(event) => updateCamera.mutate({ id: camera.id, privacyMode: event.currentTarget.checked })}
                />
              </Group>
            </Group>
          ))}
          <Text size="xs" c="dimmed">
            Privacy mode pauses a camera at once for everyone watching (nappy changes, medical moments, a distressed child).
          </Text>
        </Stack>

        <form
          onSubmit={(event) => {
            event.preventDefault();
            saveHours.mutate({
              openingHours: days.flatMap((day, index) => (day.open ? [{ weekday: index + 1, opensAt: day.opensAt, closesAt: day.closesAt }] : [])),
            });
          }}
        >
          <Stack gap="xs">
            <Text fw={600} size="sm">
              Opening hours
            </Text>
            <Text size="xs" c="dimmed">
              Parents can watch only while their child is checked in, within these hours. Staff can always watch.
            </Text>
            {days.map((day, index) => (
              <Group key={WEEKDAYS[index]} gap={6} wrap="nowrap">
                <Checkbox
                  w={{ base: 64, sm: 120 }}
                  style={{ flexShrink: 0 }}
                  label={
                    <>
                      <Box component="span" visibleFrom="sm">
                        {WEEKDAYS[index]}
                      </Box>
                      <Box component="span" hiddenFrom="sm">
                        {WEEKDAYS[index]!.slice(0, 3)}
                      </Box>
                    </>
                  }
                  checked={day.open}
                  onChange={(event) => setDay(index, { open: event.currentTarget.checked })}
                />
                <TextInput type="time" size="xs" maw={120} aria-label={`${WEEKDAYS[index]} opens at`} value={day.opensAt} disabled={!day.open} onChange={(event) => setDay(index, { opensAt: event.currentTarget.value })} />
                <Text size="xs">to</Text>
                <TextInput type="time" size="xs" maw={120} aria-label={`${WEEKDAYS[index]} closes at`} value={day.closesAt} disabled={!day.open} onChange={(event) => setDay(index, { closesAt: event.currentTarget.value })} />
              </Group>
            ))}
            <Group>
              <Button type="submit" size="sm" loading={saveHours.isPending}>
                Save opening hours
              </Button>
            </Group>
          </Stack>
        </form>

        <Stack gap="xs">
          <Text fw={600} size="sm">
            Who watched
          </Text>
          {log.data && log.data.length > 0 ? (
            <Table.ScrollContainer minWidth={420}>
              <Table striped fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Viewer</Table.Th>
                    <Table.Th>Camera</Table.Th>
                    <Table.Th>Started</Table.Th>
                    <Table.Th>Ended</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {log.data.slice(0, 20).map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td>
                        {entry.viewerName}
                        {entry.viewerKind === 'staff' ? ' (staff)' : ''}
                      </Table.Td>
                      <Table.Td>{entry.cameraName}</Table.Td>
                      <Table.Td>{new Date(entry.startedAt).toLocaleString()}</Table.Td>
                      <Table.Td>{entry.endedAt ? new Date(entry.endedAt).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' }) : 'watching'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text size="sm" c="dimmed">
              Nobody has watched in the last 90 days.
            </Text>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
