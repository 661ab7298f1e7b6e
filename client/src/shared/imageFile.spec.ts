import { describe, expect, it } from 'vitest';
import { IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE, imageFileProblem, MAX_IMAGE_BYTES } from './imageFile';

describe('imageFileProblem', () => {
  it('accepts PNG, JPEG, GIF and WebP up to 2.5 MB', () => {
    expect(MAX_IMAGE_BYTES).toBe(2_621_440);
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      expect(imageFileProblem({ type, size: MAX_IMAGE_BYTES })).toBeNull();
    }
  });

  it('refuses a file over 2.5 MB', () => {
    expect(imageFileProblem({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe(IMAGE_TOO_LARGE);
  });

  it('refuses what is not an accepted image, SVG included', () => {
    expect(imageFileProblem({ type: 'application/pdf', size: 10 })).toBe(IMAGE_WRONG_TYPE);
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(IMAGE_WRONG_TYPE);
  });

  it('refuses an empty file', () => {
    expect(imageFileProblem({ type: 'image/png', size: 0 })).toBe('The file is empty.');
  });
});
