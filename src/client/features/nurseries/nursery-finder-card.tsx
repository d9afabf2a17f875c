import { Anchor, Card, Group, Stack, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { NurseryList } from './nursery-list';
import { NurserySearchBar } from './nursery-search-bar';
import { useNurserySearch } from './use-nursery-search';

/** The dashboard's Find Nurseries card. */
export function NurseryFinderCard() {
  const search = useNurserySearch();
  return (
    <Card component="section" aria-labelledby="find-nurseries-title" h="100%">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="find-nurseries-title">
            Find Nurseries
          </Title>
          <Anchor component={Link} to="/nurseries" size="sm">
            Open search
          </Anchor>
        </Group>
        <NurserySearchBar search={search} />
        <div className="nestling-scroll-list" tabIndex={0}>
          <NurseryList query={search.query} where="dashboard" skeletons={2} empty={{ title: 'Try searching for nurseries' }} />
        </div>
      </Stack>
    </Card>
  );
}
