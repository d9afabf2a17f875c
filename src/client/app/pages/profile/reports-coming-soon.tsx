import { Card } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { EmptyNote } from '../../../components/query-state';

export function ReportsComingSoon() {
  return (
    <Card>
      <EmptyNote
        title="Reports Coming Soon"
        description="Progress reports from your child's nursery and teachers will appear here."
        icon={<IconChartBar size={22} stroke={1.6} aria-hidden />}
      />
    </Card>
  );
}
