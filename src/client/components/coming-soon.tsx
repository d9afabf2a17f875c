import { Card, EmptyState } from '@mantine/core';
import { IconPlant2 } from '@tabler/icons-react';
import { PageHeader } from './page-header';

/** Stands in for a screen that is still being built, so its route never dead-ends. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <EmptyState
          py="xl"
          variant="light"
          icon={<IconPlant2 size={22} stroke={1.6} aria-hidden />}
          title="This page is on its way"
          description="We're still building it. Thank you for your patience."
        />
      </Card>
    </>
  );
}
