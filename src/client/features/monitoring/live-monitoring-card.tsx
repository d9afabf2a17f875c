import { Button, Card, Grid, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { SignInPrompt } from '../../components/sign-in-prompt';
import { isUnauthorized } from '../../lib/trpc';
import { useActivityFeed } from '../../lib/use-activity-feed';
import { ActivityHistory } from './activity-history';
import { ActivityLog } from '../../components/activity-log';
import { CameraView } from './camera-view';
import { LiveIndicator } from '../../components/live-indicator';
import { useCameraSelection } from './use-camera-selection';

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
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <CameraView caption={cameras.caption} canSwitch={cameras.cameras.length > 1} onSwitchCamera={cameras.next} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="xs">
              <Text fw={600} size="sm">
                Activity Log
              </Text>
              <ScrollArea h="16rem" offsetScrollbars type="auto" viewportProps={{ tabIndex: 0 }}>
                <ActivityLog
                  query={cameras.logQuery(feed.query)}
                  skeletons={4}
                  otherAccent="neutral"
                  empty={{ title: 'No activities recorded yet' }}
                />
              </ScrollArea>
              <Button variant="light" leftSection={<IconHistory size={16} aria-hidden />} onClick={history.open}>
                View Full History
              </Button>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      <ActivityHistory
        channel={cameras.selected?.id ?? null}
        caption={cameras.caption}
        opened={historyOpen}
        onClose={history.close}
        otherAccent="neutral"
      />
    </Card>
  );
}
