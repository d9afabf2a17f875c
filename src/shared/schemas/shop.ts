import { z } from 'zod';
import { currencyOutput } from './common';

export const productOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  /** Cents. */
  price: z.number().int(),
  /** Cents, the price before a sale; null when not on sale. */
  originalPrice: z.number().int().nullable(),
  /** Of price and originalPrice. */
  currency: currencyOutput,
  badge: z.object({ type: z.string(), text: z.string() }).nullable(),
});
export type ProductDto = z.infer<typeof productOutput>;
