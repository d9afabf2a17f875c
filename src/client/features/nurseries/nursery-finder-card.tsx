import { Card, Stack } from '@mantine/core';
import { SectionHeader } from '../../components/section-header';
import { NurseryList } from './nursery-list';
import { NurserySearchBar } from './nursery-search-bar';
import { useNurserySearch } from './use-nursery-search';

/** The dashboard's Find Nurseries card. */
export function NurseryFinderCard() {
  const search = useNurserySearch();
  return (
    <Card component="section" aria-labelledby="find-nurseries-title" h="100%">
      <Stack gap="md">
        <SectionHeader id="find-nurseries-title" title="Find Nurseries" to="/nurseries" linkLabel="Open search" />
        <NurserySearchBar search={search} />
        <div className="nestling-scroll-list" tabIndex={0}>
          <NurseryList query={search.query} where="dashboard" skeletons={2} empty={{ title: 'Try searching for nurseries' }} />
        </div>
      </Stack>
    </Card>
  );
}
