import { describe, expect, it } from 'vitest';
import { resolveImageUrl, thumbnailPath } from './client.ts';

describe('thumbnailPath', () => {
  const id = '3f2b8c1e-9d4a-4b7e-8f00-1234567890ab';
  it('derives the thumbnail of an uploaded image, whatever prefix the path has', () => {
    expect(thumbnailPath(`media/${id}`)).toBe(`media/${id}/thumb`);
    expect(thumbnailPath(`/api/media/${id}`)).toBe(`/api/media/${id}/thumb`);
    expect(resolveImageUrl(thumbnailPath(`media/${id}`))).toMatch(new RegExp(`/media/${id}/thumb$`));
  });
  it('keeps other paths and empty values as they are', () => {
    for (const path of ['/player/photo.jpg', 'https://cdn.example.com/a.png', `media/${id}/thumb`, 'media/not-an-id', '', null, undefined]) {
      expect(thumbnailPath(path)).toBe(path);
    }
  });
});
