import { Anchor, Card, Group, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../lib/trpc';
import { ProductGrid } from './product-grid';

/** The dashboard's Special Needs Equipment section: one row of products and a link to the shop. */
export function ProductsSection() {
  const query = trpc.products.list.useQuery(undefined);
  return (
    <Card component="section" aria-labelledby="equipment-title">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="equipment-title">
          Special Needs Equipment
        </Title>
        <Anchor component={Link} to="/shop" size="sm">
          View All Products
        </Anchor>
      </Group>
      <ProductGrid query={query} limit={4} />
    </Card>
  );
}
