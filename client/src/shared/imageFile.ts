import { UPLOAD_MAX_BYTES } from '../../../src/shared/uploads';

/** Upload limit of spec §9, the same number the server checks: 2.5 MB. */
export const MAX_IMAGE_BYTES = UPLOAD_MAX_BYTES;

/** The image types the server accepts (it refuses SVG: an SVG can carry script). */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const IMAGE_TOO_LARGE = 'The file is too large. The maximum is 2.5 MB.';
export const IMAGE_WRONG_TYPE = 'The file must be a PNG, JPEG, GIF or WebP image.';

/** The reason an image may not be uploaded, or null when it may. */
export function imageFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_WRONG_TYPE;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
  if (file.size === 0) return 'The file is empty.';
  return null;
}
