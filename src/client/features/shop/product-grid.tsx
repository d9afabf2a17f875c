import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconShoppingBag, IconShoppingCartPlus } from '@tabler/icons-react';
import { priceLabel, productBadgeStyle } from '../../../shared/display';
import type { ProductDto } from '../../../shared/schemas/shop';
import { ImageWithPlaceholder } from '../../components/image-with-placeholder';
import { QueryState, type QueryLike } from '../../components/query-state';
import { toast } from '../../lib/toast';

const GRID_COLUMNS = { base: 1, xs: 2, md: 3, lg: 4 } as const;

/** Up to four columns of products, with 4 skeleton cards while loading. */
export function ProductGrid({ query, limit }: { query: QueryLike<ProductDto[]>; limit?: number }) {
  return (
    <QueryState
      query={query}
      loading={<ProductSkeletons />}
      empty={{
        title: 'No products available',
        description: 'Check back later for new products.',
        icon: <IconShoppingBag size={22} stroke={1.6} aria-hidden />,
      }}
    >
      {(products) => (
        <SimpleGrid cols={GRID_COLUMNS} spacing="md">
          {products.slice(0, limit).map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </SimpleGrid>
      )}
    </QueryState>
  );
}

const badgeProps = {
  new: { color: 'nest', variant: 'filled' },
  sale: { color: 'red', variant: 'filled' },
  neutral: { color: 'gray', variant: 'light' },
} as const;

function ProductCard({ product }: { product: ProductDto }) {
  const addToCart = () => toast({ title: 'Added to cart', message: `${product.name} has been added to your cart.` });
  return (
    <Card padding="md" radius="md" component="article" aria-label={product.name}>
      <Card.Section pos="relative" py="sm" bg="var(--mantine-color-default-hover)">
        <ImageWithPlaceholder src={product.image} alt={product.name} height={150} radius={0} fit="contain" />
        {product.badge && (
          <Badge pos="absolute" top={10} left={10} tt="none" {...badgeProps[productBadgeStyle(product.badge.type)]} data-badge-style={productBadgeStyle(product.badge.type)}>
            {product.badge.text}
          </Badge>
        )}
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Text fw={600} lineClamp={2}>
          {product.name}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {product.description}
        </Text>
        <Group gap={8} mt="auto" pt={4} align="baseline">
          <Text fw={700} fz="lg">
            {priceLabel(product.price)}
          </Text>
          {product.originalPrice !== null && (
            <Text size="sm" c="dimmed" td="line-through" aria-label={`was ${priceLabel(product.originalPrice)}`}>
              {priceLabel(product.originalPrice)}
            </Text>
          )}
        </Group>
        <Button variant="light" leftSection={<IconShoppingCartPlus size={16} aria-hidden />} onClick={addToCart} mt={4}>
          Add to cart
        </Button>
      </Stack>
    </Card>
  );
}

function ProductSkeletons() {
  return (
    <SimpleGrid cols={GRID_COLUMNS} spacing="md" role="status" aria-busy="true" aria-label="Loading products">
      {Array.from({ length: 4 }, (_, index) => (
        <Card key={index} padding="md" radius="md" data-testid="product-skeleton">
          <Skeleton h={160} />
          <Skeleton h={14} w="70%" mt="md" />
          <Skeleton h={10} mt={10} />
          <Skeleton h={10} w="85%" mt={6} />
          <Skeleton h={30} mt="md" />
        </Card>
      ))}
    </SimpleGrid>
  );
}
