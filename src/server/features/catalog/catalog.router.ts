import { z } from 'zod';
import {
  listShadowTeachersInput,
  productOutput,
  shadowTeacherOutput,
  type ProductDto,
  type ShadowTeacherDto,
} from '../../../shared/schemas/catalog';
import { publicProcedure, router } from '../../trpc/init';
import * as repo from './catalog.repository';

type ProductRow = Awaited<ReturnType<typeof repo.listProducts>>[number];
type ShadowTeacherRow = Awaited<ReturnType<typeof repo.listShadowTeachers>>[number];

function toProductDto(row: ProductRow): ProductDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image: row.image,
    price: row.price,
    originalPrice: row.original_price,
    badge: row.badge_type && row.badge_text ? { type: row.badge_type, text: row.badge_text } : null,
  };
}

export function toShadowTeacherDto(row: ShadowTeacherRow): ShadowTeacherDto {
  return {
    id: row.id,
    name: row.name,
    profileImage: row.profile_image,
    location: row.location,
    specialization: row.specialization,
    bio: row.bio,
    experience: row.experience,
    hourlyRate: row.hourly_rate,
    rating: row.rating,
    availability: row.availability as ShadowTeacherDto['availability'],
  };
}

// Public catalogue reads: no family data, so no service layer beyond the row mapping.
export const productsRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/products', tags: ['shop'], protect: false, summary: 'Special-needs equipment' } })
    .input(z.object({}).optional())
    .output(z.array(productOutput))
    .query(async ({ ctx }) => (await repo.listProducts(ctx.db)).map(toProductDto)),
});

export const shadowTeachersRouter = router({
  list: publicProcedure
    .meta({
      openapi: { method: 'GET', path: '/shadow-teachers', tags: ['shadow teachers'], protect: false, summary: 'Shadow teachers, best rated first' },
    })
    .input(listShadowTeachersInput)
    .output(z.array(shadowTeacherOutput))
    .query(async ({ ctx, input }) => (await repo.listShadowTeachers(ctx.db, input)).map(toShadowTeacherDto)),
});
