import { z } from 'zod';
import { CURRENCY } from '../../../shared/schemas/common';
import { productOutput, type ProductDto } from '../../../shared/schemas/shop';
import { publicProcedure, router } from '../../trpc/init';
import * as repo from './shop.repository';

type ProductRow = Awaited<ReturnType<typeof repo.listProducts>>[number];

function toProductDto(row: ProductRow): ProductDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image: row.image,
    price: row.price,
    originalPrice: row.original_price,
    currency: CURRENCY,
    badge: row.badge_type && row.badge_text ? { type: row.badge_type, text: row.badge_text } : null,
  };
}

// A public catalogue read: no family data, so no service layer beyond the row mapping.
export const productsRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/products', tags: ['shop'], protect: false, summary: 'Special-needs equipment', description: 'The whole shop catalogue. Prices are in cents (USD, see currency). Carries an ETag: send If-None-Match to get 304 while it is unchanged.' } })
    .input(z.strictObject({}).optional())
    .output(z.array(productOutput))
    .query(async ({ ctx }) => (await repo.listProducts(ctx.db)).map(toProductDto)),
});
