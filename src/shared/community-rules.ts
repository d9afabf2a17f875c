// The community's rules, shared by the server (which enforces them) and the screens (which
// follow them), so both sides always agree.

export const MAX_TITLE_LENGTH = 150;
export const MAX_POST_CONTENT_LENGTH = 5000;
export const MAX_COMMENT_LENGTH = 2000;
export const MAX_REPORT_REASON_LENGTH = 500;
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 40;
/** A support group card shows this many tags, then a '+N more' badge. */
export const VISIBLE_GROUP_TAGS = 3;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** What may be uploaded; every upload is stored re-encoded as WebP. */
export const imageContentTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageContentType = (typeof imageContentTypes)[number];

/** Where images are uploaded (raw bytes, with an image Content-Type) and, under it, served. */
export const IMAGE_UPLOAD_PATH = '/api/community/images';
export const imageUrl = (id: string) => `${IMAGE_UPLOAD_PATH}/${id}`;
/** The small copy for lists, at most 480 px a side. */
export const thumbnailUrl = (id: string) => `${IMAGE_UPLOAD_PATH}/${id}/thumbnail`;

/**
 * The upload's one body rule: raw bytes with an image Content-Type. No HTML form can send
 * one, so it guards against cross-site uploads just as the API's JSON-only rule does.
 */
export const isImageUploadType = (contentType: string | undefined) => /^image\//i.test(contentType ?? '');
export const IMAGE_UPLOAD_TYPE_NEEDED = 'Upload the image as raw bytes with an image Content-Type, such as image/png.';

/**
 * Tags as a parent types them: comma-separated, each trimmed, empties dropped. A tag given
 * twice (in any letter case) is kept once, as first written.
 */
export function parseTags(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input.flatMap((tag) => tag.split(','));
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of parts) {
    const tag = part.trim();
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** The tags a card shows, and how many are left for the '+N more' badge. */
export function visibleTags(tags: readonly string[], visible: number = VISIBLE_GROUP_TAGS): { shown: string[]; more: number } {
  return { shown: tags.slice(0, visible), more: Math.max(0, tags.length - visible) };
}

/** The badge for tags not shown, such as '+2 more'; null when every tag is shown. */
export function moreTagsLabel(tags: readonly string[], visible: number = VISIBLE_GROUP_TAGS): string | null {
  const { more } = visibleTags(tags, visible);
  return more > 0 ? `+${more} more` : null;
}

/** Text a person must fill in: missing only when blank after trimming. */
export function isBlank(text: string | null | undefined): boolean {
  return (text ?? '').trim() === '';
}
