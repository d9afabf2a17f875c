import { Card, Skeleton, Stack } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { ChildrenSection } from '../../../features/children/children-section';
import { DashboardHeader } from './dashboard-header';
import { LiveMonitoringCard } from '../../../features/monitoring/live-monitoring-card';
import { lazyNamed } from '../../../lib/lazy-with-styles';

// The sections below the fold load their code beside their data, not in the first load, so the
// greeting, the children and the live view paint sooner.
const NurseryFinderCard = lazyNamed(() => import('../../../features/nurseries/nursery-finder-card'), 'NurseryFinderCard');
const AssistantCard = lazyNamed(() => import('../../../features/assistant/assistant-card'), 'AssistantCard');
const ProductsSection = lazyNamed(() => import('../../../features/shop/products-section'), 'ProductsSection');

/** Holds a section's place, at about its height, while its code arrives. */
function Deferred({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Card mih={height} h="100%" aria-busy="true">
          <Skeleton h={20} w="40%" mb="md" />
          <Skeleton h={height - 120} />
        </Card>
      }
    >
      {children}
    </Suspense>
  );
}

/** The dashboard composes one piece of each feature, in the spec's order. */
export function DashboardPage() {
  return (
    <>
      <DashboardHeader />
      <Stack gap="lg">
        <ChildrenSection />
        <LiveMonitoringCard />
        <div className="nestling-dashboard-pair">
          <Deferred height={430}>
            <NurseryFinderCard />
          </Deferred>
          <Deferred height={430}>
            <AssistantCard />
          </Deferred>
        </div>
        <Deferred height={470}>
          <ProductsSection />
        </Deferred>
      </Stack>
    </>
  );
}
