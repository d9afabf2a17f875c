import { Suspense } from 'react';
import type { ActivityDto } from '../../../shared/schemas/monitoring';
import { lazyNamed } from '../../lib/lazy-with-styles';

/** Thumbnails are this tall in a log row; their width follows each photo's proportions. */
export const THUMBNAIL_HEIGHT = 72;

// The thumbnails and their full-size dialog load once a log shows a photo, not with the dashboard.
const ActivityPhotos = lazyNamed(() => import('./activity-photos'), 'ActivityPhotos');

/** For ActivityLog's renderPhotos: an activity's thumbnails, with their height kept while they load. */
export function renderActivityPhotos(activity: ActivityDto) {
  if (activity.photos.length === 0) return null;
  return (
    <Suspense fallback={<div style={{ height: THUMBNAIL_HEIGHT, marginTop: 6 }} aria-hidden />}>
      <ActivityPhotos activity={activity} />
    </Suspense>
  );
}
