import { trpc } from '../../../lib/trpc';

/** Everything the family has booked: shadow-teacher sessions and mental-health services, for one view. */
export function useFamilyBookings(userId: number) {
  const shadow = trpc.shadowBookings.list.useQuery({ parentId: userId });
  const mentalHealth = trpc.mentalHealth.bookings.list.useQuery(undefined);
  return { shadow, mentalHealth };
}
