import { ActionIcon, Badge, Button, Chip, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { imageContentTypes } from '../../../shared/community-rules';
import { ACTIVITY_PHOTO_UPLOAD_PATH, MAX_ACTIVITY_PHOTOS, type StaffClassroomDto, type UploadedActivityPhotoDto } from '../../../shared/schemas/monitoring';
import { toast } from '../../lib/toast';

type RosterChild = StaffClassroomDto['children'][number];

export interface PickedPhoto {
  key: string;
  name: string;
  /** A local object URL of the chosen file, for the preview. */
  preview: string;
  /** The upload's id once the server has it. */
  id: string | null;
}

/** Sends the picked file as raw bytes; the server judges the bytes, re-encodes them and strips their metadata. */
async function uploadActivityPhoto(file: File): Promise<UploadedActivityPhotoDto> {
  const response = await fetch(ACTIVITY_PHOTO_UPLOAD_PATH, { method: 'POST', credentials: 'include', headers: { 'content-type': file.type || 'application/octet-stream' }, body: file });
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as { detail?: string } | null;
    throw new Error(problem?.detail ?? `The photo could not be uploaded (${response.status}). Please try again.`);
  }
  return (await response.json()) as UploadedActivityPhotoDto;
}

/** The photos chosen for the next activity: each uploads as soon as it is picked. */
export function usePhotoUploads() {
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const counter = useRef(0);
  const current = useRef(photos);
  current.current = photos;
  // Object URLs hold the file in memory until revoked.
  useEffect(() => () => current.current.forEach((photo) => URL.revokeObjectURL(photo.preview)), []);

  function add(files: File[]) {
    const room = MAX_ACTIVITY_PHOTOS - current.current.length;
    if (files.length > room) toast({ title: `Up to ${MAX_ACTIVITY_PHOTOS} photos`, message: `An activity has at most ${MAX_ACTIVITY_PHOTOS} photos.`, tone: 'error' });
    for (const file of files.slice(0, Math.max(0, room))) {
      const key = `photo-${++counter.current}`;
      setPhotos((list) => [...list, { key, name: file.name, preview: URL.createObjectURL(file), id: null }]);
      uploadActivityPhoto(file).then(
        (uploaded) => setPhotos((list) => list.map((photo) => (photo.key === key ? { ...photo, id: uploaded.id } : photo))),
        (error: unknown) => {
          toast({ title: 'Could not add the photo', message: error instanceof Error ? error.message : String(error), tone: 'error' });
          remove(key);
        },
      );
    }
  }

  function remove(key: string) {
    setPhotos((list) => {
      list.filter((photo) => photo.key === key).forEach((photo) => URL.revokeObjectURL(photo.preview));
      return list.filter((photo) => photo.key !== key);
    });
  }

  function clear() {
    current.current.forEach((photo) => URL.revokeObjectURL(photo.preview));
    setPhotos([]);
  }

  return { photos, add, remove, clear, uploading: photos.some((photo) => photo.id === null), ids: photos.flatMap((photo) => (photo.id ? [photo.id] : [])) };
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>;

/** The "No photos" mark, wherever staff see a child whose family chose no photos. */
export function NoPhotosBadge() {
  return (
    <Badge size="xs" variant="outline" color="gray" ml={6} style={{ verticalAlign: 'middle' }}>
      No photos
    </Badge>
  );
}

/**
 * Add photos (up to 4, with previews and remove) and, for the whole class, who is in them. For
 * an activity about one child, that child is the tag, and one whose family chose no photos
 * cannot have any.
 */
export function ActivityPhotoPicker({ uploads, child, children, tags, onTagsChange }: {
  uploads: PhotoUploads;
  child: RosterChild | null;
  children: RosterChild[];
  tags: string[];
  onTagsChange: (tags: string[]) => void;
}) {
  const { photos } = uploads;
  const blocked = child !== null && !child.photosAllowed;
  const firstName = child?.name.split(' ')[0];
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          Photos{' '}
          <Text span size="xs" c="dimmed" fw={400}>
            ({photos.length} of {MAX_ACTIVITY_PHOTOS})
          </Text>
        </Text>
        <FileButton onChange={uploads.add} accept={imageContentTypes.join(',')} multiple disabled={blocked || photos.length >= MAX_ACTIVITY_PHOTOS}>
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconPhotoPlus size={16} aria-hidden />}>
              Add photos
            </Button>
          )}
        </FileButton>
      </Group>
      {blocked && (
        <Text size="sm" c="dimmed">
          {firstName}'s family has chosen no photos, so {firstName} cannot be in one.
        </Text>
      )}
      {photos.length > 0 && (
        <Group gap="xs" aria-label="Chosen photos" role="list">
          {photos.map((photo, index) => (
            <div key={photo.key} role="listitem" style={{ position: 'relative', lineHeight: 0 }}>
              <img
                src={photo.preview}
                alt={`Chosen photo ${index + 1}: ${photo.name}`}
                width={72}
                height={72}
                style={{ objectFit: 'cover', borderRadius: 'var(--mantine-radius-sm)', opacity: photo.id ? 1 : 0.6 }}
              />
              {!photo.id && <Loader size="xs" style={{ position: 'absolute', inset: 0, margin: 'auto' }} aria-label={`Uploading photo ${index + 1}`} />}
              <ActionIcon
                size="sm"
                radius="xl"
                variant="filled"
                color="dark"
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => uploads.remove(photo.key)}
                style={{ position: 'absolute', top: 3, right: 3, boxShadow: '0 0 0 1px var(--mantine-color-white)' }}
              >
                <IconX size={14} aria-hidden />
              </ActionIcon>
            </div>
          ))}
        </Group>
      )}
      {photos.length > 0 && child === null && (
        <div>
          <Text size="sm" mb={4} id="photo-tags-label">
            Who is in the photos? Only their families will see them.
          </Text>
          <Chip.Group multiple value={tags} onChange={onTagsChange}>
            <Group gap={6} role="group" aria-labelledby="photo-tags-label">
              {children.map((c) => (
                <Chip key={c.id} value={String(c.id)} size="xs" disabled={!c.photosAllowed}>
                  {c.name}
                  {!c.photosAllowed && <NoPhotosBadge />}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
      )}
      {photos.length > 0 && child !== null && !blocked && (
        <Text size="xs" c="dimmed">
          {firstName} is tagged: only {firstName}'s family (and staff) will see these photos.
        </Text>
      )}
    </Stack>
  );
}
