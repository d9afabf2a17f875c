import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { lazyNamed } from '../../lib/lazy-with-styles';
import { IconHistory } from '@tabler/icons-react';
import { SignInPrompt } from '../../components/sign-in-prompt';
import { isUnauthorized } from '../../lib/trpc';
import { useActivityFeed } from '../../lib/use-activity-feed';

import { renderActivityPhotos } from './activity-photos-slot';
import { ActivityLog } from '../../components/activity-log';
import { CameraView } from './camera-view';
import { LiveIndicator } from '../../components/live-indicator';
import { useCameraSelection } from './use-camera-selection';

// The history dialog (a Modal, with its scroll lock) loads when a parent opens it, not with the dashboard.
const ActivityHistory = lazyNamed(() => import('./activity-history'), 'ActivityHistory');

/** The dashboard's Live Monitoring section: the camera and a 16rem activity log. */
export function LiveMonitoringCard() {
  const cameras = useCameraSelection();
  const feed = useActivityFeed(cameras.selected?.id ?? null);
  const [historyOpen, history] = useDisclosure(false);
  const signedOut = isUnauthorized(cameras.query.error);

  return (
    <Card component="section" aria-labelledby="live-monitoring-title">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} fz="lg" id="live-monitoring-title">
          Live Monitoring
        </Title>
        {!signedOut && <LiveIndicator status={feed.status} />}
      </Group>
      {signedOut ? (
        <SignInPrompt reason="watch your child's classroom" />
      ) : (
        <div className="nestling-monitoring-grid">
          <div>
            <CameraView caption={cameras.caption} canSwitch={cameras.cameras.length > 1} onSwitchCamera={cameras.next} />
          </div>
          <div>
            <Stack gap="xs">
              <Text fw={600} size="sm">
                Activity Log
              </Text>
              {/* A native scroll box: light, and reachable by keyboard through its tabIndex. */}
              <div className="nestling-scroll-list" tabIndex={0}>
                <ActivityLog
                  query={cameras.logQuery(feed.query)}
                  skeletons={4}
                  otherAccent="neutral"
                  empty={{ title: 'No activities recorded yet' }}
                  renderPhotos={renderActivityPhotos}
                />
              </div>
              <Button variant="light" leftSection={<IconHistory size={16} aria-hidden />} onClick={history.open}>
                View Full History
              </Button>
            </Stack>
          </div>
        </div>
      )}
      {historyOpen && (
        <Suspense>
          <ActivityHistory channel={cameras.selected?.id ?? null} caption={cameras.caption} opened onClose={history.close} otherAccent="neutral" />
        </Suspense>
      )}
    </Card>
  );
}
