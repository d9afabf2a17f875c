import { Button, Group, Paper, Text } from '@mantine/core';
import { IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { connectivity, useConnectivity } from '../../lib/use-online';

/**
 * Offline, says the screen shows what the user last saw. Back online, offers "Refresh": the spec
 * has queries never refetch by themselves, so the user decides when the screen catches up.
 */
export function OfflineNotice() {
  const { online, canRetry } = useConnectivity();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ type: 'active' });
      // Answers for screens not on view are from before: dropping them makes those screens load afresh.
      queryClient.removeQueries({ type: 'inactive' });
    } finally {
      setRefreshing(false);
    }
    // A request that failed for want of a network has already marked the app offline again.
    if (connectivity.get().online) connectivity.refreshed();
  };

  return (
    <Paper role="status" withBorder radius="md" px="md" py="xs" mb="md" bg={online ? 'var(--mantine-color-nest-light)' : 'var(--mantine-color-default-hover)'}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          {online ? <IconRefresh size={18} aria-hidden /> : <IconCloudOff size={18} aria-hidden />}
          <Text size="sm" fw={500}>
            {online ? 'Back online — refresh to see what’s new' : 'Offline — showing what you last saw'}
          </Text>
        </Group>
        {canRetry && (
          <Button size="compact-sm" variant="light" loading={refreshing} onClick={() => void refresh()}>
            Refresh
          </Button>
        )}
      </Group>
    </Paper>
  );
}
