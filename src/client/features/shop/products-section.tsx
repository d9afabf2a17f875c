import { Card, Stack } from '@mantine/core';
import { SectionHeader } from '../../components/section-header';
import { trpc } from '../../lib/trpc';
import { ProductGrid } from './product-grid';

/** The dashboard's Special Needs Equipment section: one row of products and a link to the shop. */
export function ProductsSection() {
  const query = trpc.products.list.useQuery(undefined);
  return (
    <Card component="section" aria-labelledby="equipment-title">
      <Stack gap="md">
        <SectionHeader id="equipment-title" title="Special Needs Equipment" to="/shop" linkLabel="View All Products" />
          <ProductGrid query={query} limit={4} />
      </Stack>
    </Card>
  );
}
