import { Button, Group, Image, Text, UnstyledButton } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { ActivityDto, ActivityPhotoDto } from '../../../shared/schemas/monitoring';
import { THUMBNAIL_HEIGHT } from './activity-photos-slot';
import { ModalOnDemand } from '../../components/modal-on-demand';

const thumbnailWidth = (photo: Pick<ActivityPhotoDto, 'width' | 'height'>) => Math.max(1, Math.round((THUMBNAIL_HEIGHT * photo.width) / Math.max(1, photo.height)));

const photoLabel = (activity: ActivityDto, index: number) =>
  activity.photos.length > 1 ? `Photo ${index + 1} of ${activity.photos.length}: ${activity.description}` : `Photo: ${activity.description}`;

/**
 * An activity's photos as thumbnails, each sized before it loads (no layout shift), that open
 * full size in a dialog with Save. Loaded apart from the log itself, only once a photo is shown.
 */
export function ActivityPhotos({ activity }: { activity: ActivityDto }) {
  const [open, setOpen] = useState<number | null>(null);
  if (activity.photos.length === 0) return null;
  const shown = open === null ? undefined : activity.photos[open];
  return (
    <>
      <Group gap={6} mt={6} wrap="wrap" data-testid="activity-photos">
        {activity.photos.map((photo, index) => (
          <UnstyledButton
            key={photo.id}
            onClick={() => setOpen(index)}
            aria-label={`Open ${activity.photos.length > 1 ? `photo ${index + 1} of ${activity.photos.length}` : 'photo'} full size: ${activity.description}`}
            style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden', lineHeight: 0 }}
          >
            <img
              src={photo.thumbnailUrl}
              alt={photoLabel(activity, index)}
              width={thumbnailWidth(photo)}
              height={THUMBNAIL_HEIGHT}
              loading="lazy"
              decoding="async"
              style={{ display: 'block', objectFit: 'cover', background: 'var(--mantine-color-default-border)' }}
            />
          </UnstyledButton>
        ))}
      </Group>
      <ModalOnDemand opened={shown !== undefined} onClose={() => setOpen(null)} title={`${activity.time} · ${activity.description}`} size="xl" centered>
        {shown && open !== null && (
          <>
            <Image
              src={shown.url}
              alt={photoLabel(activity, open)}
              w="100%"
              h="auto"
              maw={shown.width}
              mah="70vh"
              fit="contain"
              radius="sm"
              style={{ aspectRatio: `${shown.width} / ${shown.height}` }}
            />
            <Group justify="space-between" mt="md" wrap="wrap" gap="xs">
              {activity.photos.length > 1 ? (
                <Group gap="xs">
                  <Button variant="default" size="sm" onClick={() => setOpen((open + activity.photos.length - 1) % activity.photos.length)}>
                    Previous
                  </Button>
                  <Text size="sm" c="dimmed">
                    {open + 1} of {activity.photos.length}
                  </Text>
                  <Button variant="default" size="sm" onClick={() => setOpen((open + 1) % activity.photos.length)}>
                    Next
                  </Button>
                </Group>
              ) : (
                <span />
              )}
              <Button component="a" href={shown.downloadUrl} download leftSection={<IconDownload size={16} aria-hidden />}>
                Save
              </Button>
            </Group>
          </>
        )}
      </ModalOnDemand>
    </>
  );
}

