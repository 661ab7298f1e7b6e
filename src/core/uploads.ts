import { ValidationError } from './errors';

/** 2.5 MB, spec §9. */
export const MAX_IMAGE_BYTES = 2.5 * 1024 * 1024;

export interface Upload {
  buffer: Buffer;
  originalname: string;
  size: number;
}

/** What the bytes are, by their first bytes (never by name or declared type). */
const SIGNATURES: { type: string; test: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** Checks an uploaded image and returns its real content type. SVG is refused: it can carry script. */
export function checkImage(upload: Upload | undefined): { contentType: string; fileName: string; bytes: Buffer } {
  if (!upload || upload.size === 0) throw new ValidationError('Choose an image file to upload (field File).');
  if (upload.size > MAX_IMAGE_BYTES) throw new ValidationError('The file is too large. The maximum is 2.5 MB.');
  const match = SIGNATURES.find((s) => s.test(upload.buffer));
  if (!match) throw new ValidationError('The file must be a PNG, JPEG, GIF or WebP image.');
  // Cut to length before reading it: each character is replaced by one, so the result is the same.
  const fileName = (upload.originalname || 'image').slice(0, 100).replace(/[^\w.\- ]/g, '_');
  return { contentType: match.type, fileName, bytes: upload.buffer };
}
