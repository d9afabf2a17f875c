import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { trpc } from '../../lib/trpc';
import { ProductGrid } from './product-grid';

const FIRST_VIEW = 8;

export function ShopPage() {
  const query = trpc.products.list.useQuery(undefined);
  const [showAll, setShowAll] = useState(false);
  const total = query.data?.length ?? 0;
  return (
    <>
      <PageHeader title="Special Needs Equipment" description="Thoughtfully chosen tools for sensory needs, motor skills and calm routines." />
      <Card component="section" aria-labelledby="available-products-title">
        <Group justify="space-between" mb="md">
          <div>
            <Title order={2} fz="lg" id="available-products-title">
              Available Products
            </Title>
            {total > 0 && (
              <Text size="xs" c="dimmed">
                {showAll || total <= FIRST_VIEW ? `${total} products` : `Showing ${FIRST_VIEW} of ${total} products`}
              </Text>
            )}
          </div>
          <Button variant="light" size="xs" onClick={() => setShowAll(true)} disabled={showAll || total <= FIRST_VIEW}>
            View All Products
          </Button>
        </Group>
        <ProductGrid query={query} limit={showAll ? undefined : FIRST_VIEW} />
      </Card>
    </>
  );
}
