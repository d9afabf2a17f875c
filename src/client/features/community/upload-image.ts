import { IMAGE_UPLOAD_PATH } from '../../../shared/community-rules';
import type { UploadedImageDto } from '../../../shared/schemas/community';

/** The server refused the image; its message says why (too large, not an image, today's quota used up...). */
export class ImageUploadError extends Error {
  override readonly name = 'ImageUploadError';
}

/**
 * Uploads the picked image as raw bytes with its own image type: the upload route is a plain
 * route (tRPC speaks only JSON), and the server judges the bytes, not the name.
 */
export async function uploadImage(file: File): Promise<UploadedImageDto> {
  const response = await fetch(IMAGE_UPLOAD_PATH, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': file.type },
    body: file,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ImageUploadError(body?.message ?? `The image could not be uploaded (${response.status}). Please try again.`);
  }
  return (await response.json()) as UploadedImageDto;
}
