import { useState } from 'react';
import { DEFAULT_CAMERA_ID, watchedCamera } from '../../../shared/display';
import type { ActivityDto, CameraDto } from '../../../shared/schemas/monitoring';
import type { QueryLike } from '../../components/query-state';
import { trpc } from '../../lib/trpc';

/** Shown when the family has no cameras yet. */
export const FALLBACK_CAMERA_NAME = 'Classroom 3B - Main View';

/**
 * The family's cameras and the one being watched: classroom-3b by default, or the first
 * camera the family may watch when classroom-3b is not one of them.
 */
export function useCameraSelection() {
  const query = trpc.cameras.list.useQuery(undefined);
  const [chosenId, setChosenId] = useState(DEFAULT_CAMERA_ID);
  const cameras: CameraDto[] = query.data ?? [];
  const selected = watchedCamera(cameras, chosenId);

  const next = () => {
    if (cameras.length < 2 || !selected) return;
    const index = cameras.findIndex((camera) => camera.id === selected.id);
    setChosenId((cameras[(index + 1) % cameras.length] as CameraDto).id);
  };

  /**
   * What the activity log should show: the camera's feed, or, before there is a camera to
   * watch, the cameras' own loading, failure, or emptiness.
   */
  const logQuery = (feed: QueryLike<ActivityDto[]>): QueryLike<ActivityDto[]> =>
    selected
      ? feed
      : { data: query.isSuccess ? [] : undefined, error: query.error, isPending: query.isPending, isFetching: query.isFetching, refetch: query.refetch };

  return {
    query,
    logQuery,
    cameras,
    /** null until loaded, and when the family has no cameras. */
    selected,
    select: setChosenId,
    next,
    caption: selected?.name ?? FALLBACK_CAMERA_NAME,
  };
}
