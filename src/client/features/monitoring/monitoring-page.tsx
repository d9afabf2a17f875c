import { Button, Card, Grid, ScrollArea, Select, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { SignInPrompt } from '../../components/sign-in-prompt';
import { isUnauthorized } from '../../lib/trpc';
import { useActivityFeed } from '../../lib/use-activity-feed';
import { ActivityHistory } from './activity-history';
import { renderActivityPhotos } from './activity-photos-slot';
import { ActivityLog } from '../../components/activity-log';
import { CameraView } from './camera-view';
import { LiveIndicator } from '../../components/live-indicator';
import { DEFAULT_CAMERA_ID } from '../../../shared/display';
import { FALLBACK_CAMERA_NAME, useCameraSelection } from './use-camera-selection';

export function MonitoringPage() {
  const cameras = useCameraSelection();
  // The channel is the selected camera; with no camera there is nothing to listen to.
  const feed = useActivityFeed(cameras.selected?.id ?? null);
  const [historyOpen, history] = useDisclosure(false);

  if (isUnauthorized(cameras.query.error)) {
    return (
      <>
        <PageHeader title="Live Monitoring" />
        <Card>
          <SignInPrompt reason="watch your child's classroom" />
        </Card>
      </>
    );
  }

  const options = cameras.query.isPending
    ? [{ value: '__loading', label: 'Loading...', disabled: true }]
    : cameras.cameras.length === 0
      ? [{ value: DEFAULT_CAMERA_ID, label: FALLBACK_CAMERA_NAME }]
      : cameras.cameras.map((camera) => ({ value: camera.id, label: camera.name }));

  return (
    <>
      <PageHeader
        title="Live Monitoring"
        actions={
          <Select
            label="Select Camera"
            data={options}
            value={cameras.query.isPending ? null : (cameras.selected?.id ?? DEFAULT_CAMERA_ID)}
            placeholder={cameras.query.isPending ? 'Loading...' : undefined}
            onChange={(value) => value && cameras.select(value)}
            allowDeselect={false}
            w={280}
            comboboxProps={{ withinPortal: true }}
          />
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card>
            <Stack gap="sm">
              <CameraView
                caption={cameras.caption}
                canSwitch={cameras.cameras.length > 1}
                onSwitchCamera={cameras.next}
                corner={<LiveIndicator status={feed.status} />}
                cameraId={cameras.selected?.id ?? null}
              />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card h="100%">
            <Stack gap="sm" h="100%">
              <Title order={2} fz="lg">
                Activity Log
              </Title>
              <ScrollArea.Autosize mah={460} offsetScrollbars type="auto" viewportProps={{ tabIndex: 0 }}>
                <ActivityLog
                  query={cameras.logQuery(feed.query)}
                  skeletons={5}
                  otherAccent="primary"
                  empty={{ title: 'No activities', description: 'Activities will appear here when they occur.' }}
                  renderPhotos={renderActivityPhotos}
                />
              </ScrollArea.Autosize>
              <Button variant="light" leftSection={<IconHistory size={16} aria-hidden />} onClick={history.open} mt="auto">
                View Full History
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      <ActivityHistory
        channel={cameras.selected?.id ?? null}
        caption={cameras.caption}
        opened={historyOpen}
        onClose={history.close}
        otherAccent="primary"
      />
    </>
  );
}
