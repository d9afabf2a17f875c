import { Grid, Stack } from '@mantine/core';
import { AssistantCard } from '../features/assistant/assistant-card';
import { ChildrenSection } from '../features/children/children-section';
import { DashboardHeader } from '../features/dashboard/dashboard-header';
import { LiveMonitoringCard } from '../features/monitoring/live-monitoring-card';
import { NurseryFinderCard } from '../features/nurseries/nursery-finder-card';
import { ProductsSection } from '../features/shop/products-section';

/** The dashboard composes one piece of each feature, in the spec's order. */
export function DashboardPage() {
  return (
    <>
      <DashboardHeader />
      <Stack gap="lg">
        <ChildrenSection />
        <LiveMonitoringCard />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <NurseryFinderCard />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <AssistantCard />
          </Grid.Col>
        </Grid>
        <ProductsSection />
      </Stack>
    </>
  );
}
