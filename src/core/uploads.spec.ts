import { deflateRawSync } from 'node:zlib';
import { ValidationError } from './errors';
import {
  attachmentDisposition,
  checkDocument,
  checkImage,
  documentFileName,
  DOCUMENT_TYPES_MESSAGE,
  zipEntryNames,
} from './uploads';

/** A ZIP of empty stored entries, optionally with a comment after the end record. */
function zip(names: string[], comment = ''): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n);
    centrals.push(central, n);
    offset += 30 + n.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(comment.length, 20);
  return Buffer.concat([...locals, directory, end, Buffer.from(comment)]);
}

const upload = (bytes: Buffer, originalname: string) => ({ buffer: bytes, originalname, size: bytes.length });

describe('customer document checks', () => {
  it('zipEntryNames reads the central directory, past a comment, and refuses what is not a whole ZIP', () => {
    expect(zipEntryNames(zip(['[Content_Types].xml', 'word/document.xml'], 'a comment'))).toEqual([
      '[Content_Types].xml',
      'word/document.xml',
    ]);
    const whole = zip(['a', 'b']);
    expect(zipEntryNames(whole.subarray(0, whole.length - 5))).toBeNull();
    expect(zipEntryNames(Buffer.from('PK\u0003\u0004 and nothing else'))).toBeNull();
    expect(zipEntryNames(deflateRawSync(Buffer.from('hello')))).toBeNull();
    // An end record whose directory points outside the file.
    const lying = Buffer.from(whole);
    lying.writeUInt32LE(0xfffffff0, lying.length - 6);
    expect(zipEntryNames(lying)).toBeNull();
    // More entries claimed than the directory holds.
    const short = Buffer.from(whole);
    short.writeUInt16LE(3, short.length - 12);
    expect(zipEntryNames(short)).toBeNull();
  });

  it('types Office files by their entries, the extension choosing between two that fit', () => {
    const both = zip(['[Content_Types].xml', 'word/a.xml', 'xl/b.xml']);
    expect(checkDocument(upload(both, 'a.xlsx')).contentType).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(checkDocument(upload(both, 'a.zip')).contentType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(() => checkDocument(upload(zip(['[Content_Types].xml', 'docProps/app.xml']), 'a.docx'))).toThrow(
      new ValidationError(DOCUMENT_TYPES_MESSAGE),
    );
  });

  it('takes text and CSV only by their extension, and only when UTF-8 without NUL', () => {
    expect(checkDocument(upload(Buffer.from('a,b\n'), 'x.csv')).contentType).toBe('text/csv; charset=utf-8');
    expect(checkDocument(upload(Buffer.from('\ufeffhello'), 'x.TXT')).contentType).toBe('text/plain; charset=utf-8');
    for (const [bytes, name] of [
      [Buffer.from('hello'), 'x.pdf'],
      [Buffer.from('hello'), 'txt'],
      [Buffer.from([0xc3, 0x28]), 'x.txt'],
      [Buffer.from('a\u0000b'), 'x.csv'],
    ] as const)
      expect(() => checkDocument(upload(bytes, name))).toThrow(new ValidationError(DOCUMENT_TYPES_MESSAGE));
  });

  it('documentFileName keeps the last part of a path, without control characters, at most 255 characters', () => {
    expect(documentFileName('C:\\Users\\pat\\plan\u0007.pdf')).toBe('plan.pdf');
    expect(documentFileName('../../etc/passwd')).toBe('passwd');
    expect(documentFileName('\u0000\u001f')).toBe('document');
    expect(documentFileName(undefined)).toBe('document');
    expect(documentFileName(`${'n'.repeat(300)}.pdf`)).toHaveLength(255);
  });

  it('strips bidirectional controls from uploaded file names (issue #24 item 11: invoice\\u202Efdp.txt shows as invoicetxt.pdf)', () => {
    const controls = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\ufeff';
    expect(documentFileName('invoice\u202Efdp.txt')).toBe('invoicefdp.txt');
    expect(documentFileName(`a${controls}b.pdf`)).toBe('ab.pdf');
    expect(documentFileName(controls)).toBe('document');
    const png = Buffer.from('89504e470d0a1a0a0000', 'hex');
    expect(checkImage({ buffer: png, size: png.length, originalname: 'logo\u202Egnp.exe' }).fileName).toBe(
      'logognp.exe',
    );
    expect(checkImage({ buffer: png, size: png.length, originalname: controls }).fileName).toBe('image');
    expect(attachmentDisposition('invoice\u202Efdp.txt')).toBe(
      `attachment; filename="invoicefdp.txt"; filename*=UTF-8''invoicefdp.txt`,
    );
  });

  it('attachmentDisposition gives an ASCII fallback and the exact name in filename*', () => {
    expect(attachmentDisposition("Straße (1) 'final'.pdf")).toBe(
      `attachment; filename="Stra_e (1) 'final'.pdf"; filename*=UTF-8''Stra%C3%9Fe%20%281%29%20%27final%27.pdf`,
    );
    expect(attachmentDisposition('a"b\\c\r\n.txt')).toBe(
      `attachment; filename="a_b_c__.txt"; filename*=UTF-8''a%22b%5Cc%0D%0A.txt`,
    );
  });
});
