import { priceLabel } from '../../../shared/display';
import type { MentalHealthServiceDto, SpecialistDto } from '../../../shared/schemas/mental-health';

/** What a parent is booking: one option of a service, or a session with a specialist. */
export type BookingTarget =
  | { kind: 'service'; service: MentalHealthServiceDto; option: MentalHealthServiceDto['options'][number] }
  | { kind: 'specialist'; specialist: SpecialistDto };

/** Cents as dollars; the free option says so. */
export function catalogPriceLabel(cents: number): string {
  return cents === 0 ? 'Free' : priceLabel(cents);
}
