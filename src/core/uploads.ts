import { ValidationError } from './errors';
import { UPLOAD_MAX_BYTES, withoutBidiControls } from '../shared/uploads';

/** 2.5 MB, spec §9. */
export const MAX_IMAGE_BYTES = UPLOAD_MAX_BYTES;

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
  // Bounded before it is read; bidirectional controls go (they would disguise the name), any other
  // character outside the safe set becomes '_'.
  const fileName =
    withoutBidiControls((upload.originalname || 'image').slice(0, 1000))
      .slice(0, 100)
      .replace(/[^\w.\- ]/g, '_') || 'image';
  return { contentType: match.type, fileName, bytes: upload.buffer };
}

/** 2.5 MB, spec §9 ("Upload maximum"): customer documents share the images' bound. */
export const MAX_DOCUMENT_BYTES = MAX_IMAGE_BYTES;

export const DOCUMENT_TYPES_MESSAGE =
  'The file must be a PDF, image (PNG, JPEG, GIF, WebP), text, CSV or Office document (Word, Excel, PowerPoint).';

const OFFICE = [
  {
    folder: 'word/',
    extension: '.docx',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  { folder: 'xl/', extension: '.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  {
    folder: 'ppt/',
    extension: '.pptx',
    type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
];

/** The longest a ZIP's end record can sit from the end: its 22 bytes and a comment of up to 65,535. */
const ZIP_END_SEARCH = 22 + 0xffff;
/** An Office file lists dozens of entries; more than this is not one we read on. */
const ZIP_MAX_ENTRIES = 5000;

/**
 * The entry names of a ZIP, read from its central directory (never by inflating anything), or null
 * when the bytes are not a well-formed ZIP. The work is bounded by the file's size: one backward
 * scan of at most 64 KB for the end record, then one pass over at most ZIP_MAX_ENTRIES entries, each
 * checked to lie inside the buffer.
 */
export function zipEntryNames(b: Buffer): string[] | null {
  if (b.length < 22 || b.readUInt32LE(0) !== 0x04034b50) return null;
  let end = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - ZIP_END_SEARCH); i--) {
    if (b.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = b.readUInt16LE(end + 10);
  const size = b.readUInt32LE(end + 12);
  const offset = b.readUInt32LE(end + 16);
  if (count > ZIP_MAX_ENTRIES || offset + size > end) return null;
  const names: string[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || b.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = b.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + b.readUInt16LE(at + 30) + b.readUInt16LE(at + 32);
    if (next > end) return null;
    names.push(b.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at = next;
  }
  return names;
}

/** The Office Open XML type of a ZIP, by its entries; the file's extension picks between two that fit. */
function officeType(b: Buffer, extension: string): string | null {
  const names = zipEntryNames(b);
  if (!names?.includes('[Content_Types].xml')) return null;
  const fits = OFFICE.filter((o) => names.some((name) => name.startsWith(o.folder)));
  return (fits.find((o) => o.extension === extension) ?? fits[0])?.type ?? null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Valid UTF-8 without NUL bytes: what a text or CSV file is (a program or an image is neither). */
function isText(b: Buffer): boolean {
  if (b.includes(0)) return false;
  try {
    utf8.decode(b);
    return true;
  } catch {
    return false;
  }
}

/** The extension of a file name, lower case, with its dot ('' when none). */
const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot).toLowerCase() : '';
};

/**
 * The name a document was uploaded with, as it will be offered back: the last part of a path, without
 * control characters or bidirectional controls, at most 255 characters ('document' when nothing is left).
 * Download headers encode it.
 */
export function documentFileName(originalName: string | undefined): string {
  const name = (originalName ?? '').slice(-1000);
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const clean = withoutBidiControls(base.replace(/[\u0000-\u001f\u007f]/g, '')).trim();
  return clean.slice(0, 255) || 'document';
}

/**
 * Checks an uploaded customer document and returns its content type, decided by its bytes: PDF,
 * PNG, JPEG, GIF, WebP, Word, Excel and PowerPoint by their signatures (Office files by their ZIP
 * entries), and text or CSV when the bytes are valid UTF-8 without NUL bytes and the name ends in
 * .txt or .csv. Nothing else: an HTML page or a program named .pdf is refused.
 */
export function checkDocument(upload: Upload | undefined): { contentType: string; fileName: string; bytes: Buffer } {
  if (!upload || !upload.buffer || upload.size === 0)
    throw new ValidationError('Choose a file to upload (field File).');
  if (upload.size > MAX_DOCUMENT_BYTES) throw new ValidationError('The file is too large. The maximum is 2.5 MB.');
  const bytes = upload.buffer;
  const fileName = documentFileName(upload.originalname);
  const extension = extensionOf(fileName);
  const image = SIGNATURES.find((s) => s.test(bytes))?.type;
  const contentType =
    (bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? 'application/pdf' : null) ??
    image ??
    officeType(bytes, extension) ??
    (['.txt', '.csv'].includes(extension) && isText(bytes)
      ? extension === '.csv'
        ? 'text/csv; charset=utf-8'
        : 'text/plain; charset=utf-8'
      : null);
  if (!contentType) throw new ValidationError(DOCUMENT_TYPES_MESSAGE);
  return { contentType, fileName, bytes };
}

/**
 * `Content-Disposition: attachment` naming the file: an ASCII fallback (other characters, quotes and
 * backslashes as `_`) for old clients, and the exact name in RFC 5987's `filename*=UTF-8''…`.
 */
export function attachmentDisposition(name: string): string {
  // Names stored before bidirectional controls were cleaned on the way in lose them here too.
  const fileName = withoutBidiControls(name);
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
