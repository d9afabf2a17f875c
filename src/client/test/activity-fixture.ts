import type { ActivityDto } from '../../shared/schemas/monitoring';

/** An activity of classroom 3B numbered `id`, as the server sends it, for tests of the live feed. */
export const testActivity = (id: number): ActivityDto => ({
  id,
  type: 'play',
  time: '9:30 AM',
  timeAgo: 'just now',
  description: `Activity ${id}`,
  occurredAt: '2026-11-23T09:30:00.000Z',
  childIds: [],
  cameraId: 'classroom-3b',
  photos: [],
});
