import { describe, expect, it } from 'vitest';
import { createPostInput } from './schemas/community';
import { imageUrl, isBlank, isImageUploadType, moreTagsLabel, parseTags, thumbnailUrl, visibleTags } from './community-rules';

describe('parseTags', () => {
  it('splits on commas, trims each tag and drops empties', () => {
    expect(parseTags(' sleep ,toddlers,, ,  night waking ')).toEqual(['sleep', 'toddlers', 'night waking']);
  });

  it('gives no tags for empty or comma-only text', () => {
    expect(parseTags('')).toEqual([]);
    expect(parseTags(' , ,, ')).toEqual([]);
  });

  it('keeps a repeated tag once, as first written, whatever its case', () => {
    expect(parseTags('Sleep, sleep, SLEEP, naps')).toEqual(['Sleep', 'naps']);
  });

  it('takes a list too, splitting any commas inside it', () => {
    expect(parseTags([' a ', '', 'b, c'])).toEqual(['a', 'b', 'c']);
  });
});

describe('the post schema: tags', () => {
  const post = (tags: unknown) => createPostInput.safeParse({ title: 't', content: 'c', tags });

  it('allows at most 10 tags, counted after parsing', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`).join(',');
    expect(post(ten).data?.tags).toHaveLength(10);
    expect(post(`${ten}, , ,t0`).data?.tags).toHaveLength(10);
    const eleven = post(`${ten},t10`);
    expect(eleven.success).toBe(false);
    expect(eleven.error?.issues[0]?.message).toBe('A post has at most 10 tags.');
  });

  it('defaults to no tags', () => {
    expect(createPostInput.parse({ title: 't', content: 'c' }).tags).toEqual([]);
  });
});

describe('visibleTags and the +N more badge', () => {
  it('shows up to 3 tags and counts the rest', () => {
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(moreTagsLabel(['a', 'b', 'c', 'd', 'e'])).toBe('+2 more');
    expect(moreTagsLabel(['a', 'b', 'c', 'd'])).toBe('+1 more');
  });

  it('has no badge when every tag is shown', () => {
    expect(visibleTags(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(moreTagsLabel(['a', 'b', 'c'])).toBeNull();
    expect(moreTagsLabel([])).toBeNull();
  });
});

describe('isBlank', () => {
  it('is true only for text that is empty after trimming', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \n\t ')).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });
});

describe('imageUrl and thumbnailUrl', () => {
  it('are the upload path followed by the id, and then /thumbnail', () => {
    expect(imageUrl('0b7c2c1e-8f0e-4d7e-9a53-5d1c2a3b4c5d')).toBe('/api/community/images/0b7c2c1e-8f0e-4d7e-9a53-5d1c2a3b4c5d');
    expect(thumbnailUrl('0b7c2c1e-8f0e-4d7e-9a53-5d1c2a3b4c5d')).toBe('/api/community/images/0b7c2c1e-8f0e-4d7e-9a53-5d1c2a3b4c5d/thumbnail');
  });
});

describe('isImageUploadType', () => {
  it('takes any image type, in any letter case, and nothing a form can send', () => {
    expect(isImageUploadType('image/png')).toBe(true);
    expect(isImageUploadType('IMAGE/HEIC')).toBe(true);
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', 'application/json', '', undefined]) {
      expect(isImageUploadType(type), String(type)).toBe(false);
    }
  });
});
