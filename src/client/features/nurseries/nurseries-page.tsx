import { Card, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { NurseryList } from './nursery-list';
import { NurserySearchBar } from './nursery-search-bar';
import { useNurserySearch } from './use-nursery-search';

export function NurseriesPage() {
  const search = useNurserySearch();
  const count = search.query.data?.length;
  return (
    <>
      <PageHeader title="Find Nurseries" description="Search by name or place, and narrow the list with filters." />
      <Stack gap="lg">
        <Card>
          <NurserySearchBar search={search} />
        </Card>
        <Card>
          {count !== undefined && count > 0 && (
            <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
              {count === 1 ? '1 nursery' : `${count} nurseries`}
            </Text>
          )}
          <NurseryList
            query={search.query}
            where="page"
            skeletons={3}
            empty={{ title: 'No nurseries found', description: 'Try adjusting your search or filters to find more results.' }}
          />
        </Card>
      </Stack>
    </>
  );
}
