import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { CUSTOMER_DOCUMENTS, CustomerDocumentDoc } from '../../src/customers/customers.read-models';
import {
  ApiClient,
  ApiResponse,
  expectError,
  startTestApp,
  TestApp,
  TestOrganization,
  TINY_PDF,
  TINY_PNG,
} from '../support/app';
import { kitFor } from '../support/given';
import { nextPush, openSocket, TestSocket } from '../support/sockets';
import { within } from '../support/time';

/**
 * A customer's Attached Documents over HTTP and socket.io: POST /api/attachments (multipart File,
 * CustomerId, Name), GET /api/attachments/customer/{customerId}/paged, GET /api/attachments/{id}/file,
 * DELETE /api/attachments/{id}.
 */

const TYPES =
  'The file must be a PDF, image (PNG, JPEG, GIF, WebP), text, CSV or Office document (Word, Excel, PowerPoint).';
const CUSTOMER_NOT_FOUND = 'The customer was not found.';
const ATTACHMENT_NOT_FOUND = 'The attachment was not found.';
const FORBIDDEN = 'You do not have permission to do this.';
const MB = 1024 * 1024;

/** A ZIP with its entries stored (not compressed): enough for an Office file's signature. */
function storedZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const content = Buffer.from(text, 'utf8');
    const crc = crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(content.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(content.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, content);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + content.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
const DOCX = storedZip({ '[Content_Types].xml': CONTENT_TYPES, 'word/document.xml': '<w:document/>' });
const XLSX = storedZip({ '[Content_Types].xml': CONTENT_TYPES, 'xl/workbook.xml': '<workbook/>' });
const PPTX = storedZip({ '[Content_Types].xml': CONTENT_TYPES, 'ppt/presentation.xml': '<presentation/>' });
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 1)]);
const MZ = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120, 0)]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n');

describe('customer documents (attachments)', () => {
  let app: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    [org, other] = await Promise.all([app.organization('Docs'), app.organization('Elsewhere')]);
  }, within(60_000));
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => app.stop());

  const given = kitFor(() => org.admin);

  const upload = (
    client: ApiClient,
    customerId: string | undefined,
    bytes: Buffer,
    fileName = 'contract.pdf',
    name: string | null = 'Service contract',
  ) =>
    client.upload('POST', '/api/attachments', bytes, fileName, 'File', {
      ...(customerId === undefined ? {} : { CustomerId: customerId }),
      ...(name === null ? {} : { Name: name }),
    });

  async function attach(
    customerId: string,
    bytes: Buffer = TINY_PDF,
    fileName = 'contract.pdf',
    name = 'Service contract',
  ) {
    const response = await upload(org.manager, customerId, bytes, fileName, name);
    expect({ status: response.status, body: response.body }).toMatchObject({ status: 201, body: { success: true } });
    return response.body.data as Record<string, any> & { id: string; url: string };
  }

  const list = async (client: ApiClient, customerId: string, query = '') => {
    const response = await client.get(`/api/attachments/customer/${customerId}/paged${query ? `?${query}` : ''}`);
    expect(response.status).toBe(200);
    return response.body as { resultItems: any[]; totalRecords: number };
  };

  const download = (client: ApiClient, url: string) => fetch(app.url + url, { headers: { cookie: client.cookie } });

  const documentDoc = (attachmentId: string) =>
    app.engines.readStore.collection<CustomerDocumentDoc>(CUSTOMER_DOCUMENTS).findOne({ _id: attachmentId });

  describe('POST /api/attachments', () => {
    it("attaches a PDF and answers { success, message: 'Attachment has been created', data } with the attachment", async () => {
      const { id: customerId } = await given.customer();
      const response = await upload(org.manager, customerId, TINY_PDF, 'contract.pdf', '  Service contract ');
      expect(response.status).toBe(201);
      const id = response.body.data.id;
      expect(response.body).toEqual({
        success: true,
        message: 'Attachment has been created',
        data: {
          id,
          name: 'Service contract',
          fileName: 'contract.pdf',
          url: `/api/attachments/${id}/file`,
          dateUploaded: expect.any(String),
          customerId,
          size: TINY_PDF.length,
          contentType: 'application/pdf',
          uploadedBy: { id: org.manager.userId, fullName: 'Mona Customer' },
        },
      });
      expect(Math.abs(Date.parse(response.body.data.dateUploaded) - Date.now())).toBeLessThan(10_000);
      expect((await list(org.admin, customerId)).resultItems).toEqual([response.body.data]);
    });

    it('downloads the PDF back byte for byte, as an attachment with its name, never as a page', async () => {
      const { id: customerId } = await given.customer();
      const fileName = 'Vertrag Müller "2024" €.pdf';
      const attached = await attach(customerId, TINY_PDF, fileName);
      for (const client of [org.admin, org.manager]) {
        const response = await download(client, attached.url);
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(TINY_PDF)).toBe(true);
        expect(Object.fromEntries(response.headers)).toMatchObject({
          'content-type': 'application/pdf',
          'content-length': String(TINY_PDF.length),
          'content-disposition': `attachment; filename="Vertrag M_ller _2024_ _.pdf"; filename*=UTF-8''Vertrag%20M%C3%BCller%20%222024%22%20%E2%82%AC.pdf`,
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
          'cache-control': 'private, no-store',
        });
      }
      expect(attached.fileName).toBe(fileName);
    });

    it.each([
      ['a PNG', TINY_PNG, 'logo.png', 'image/png'],
      ['a JPEG', JPEG, 'photo.jpg', 'image/jpeg'],
      ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'a.gif', 'image/gif'],
      [
        'a WebP',
        Buffer.concat([Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(14)]),
        'a.webp',
        'image/webp',
      ],
      ['a text file', Buffer.from('Gate code 1234\nCall first. Ça va ✓\n'), 'notes.txt', 'text/plain; charset=utf-8'],
      ['a CSV file', Buffer.from('date,hours\n2026-06-01,3.5\n'), 'hours.CSV', 'text/csv; charset=utf-8'],
      [
        'a Word document',
        DOCX,
        'letter.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      ['an Excel workbook', XLSX, 'budget.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      [
        'a PowerPoint deck',
        PPTX,
        'pitch.pptx',
        'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      ],
      [
        'an Excel workbook named .bin (the content decides)',
        XLSX,
        'export.bin',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ],
      ['a PDF named .txt (the content decides)', TINY_PDF, 'report.txt', 'application/pdf'],
    ])('accepts %s, typed by its content', async (_what, bytes, fileName, contentType) => {
      const { id: customerId } = await given.customer();
      const attached = await attach(customerId, bytes as Buffer, fileName as string);
      expect(attached).toMatchObject({ fileName, contentType, size: (bytes as Buffer).length });
      const response = await download(org.admin, attached.url);
      expect(response.headers.get('content-type')).toBe(contentType);
      expect(Buffer.from(await response.arrayBuffer()).equals(new Uint8Array(bytes as Buffer))).toBe(true);
    });

    it.each([
      ['a Linux program renamed .pdf', ELF, 'invoice.pdf'],
      ['a Windows program renamed .pdf', MZ, 'invoice.pdf'],
      ['an HTML page named .pdf', HTML, 'invoice.pdf'],
      ['an HTML page named .html', HTML, 'page.html'],
      ['text with a NUL byte named .txt', Buffer.from('abc\u0000def'), 'notes.txt'],
      ['text that is not UTF-8 named .csv', Buffer.from([0x61, 0x2c, 0xff, 0xfe, 0x0a]), 'hours.csv'],
      ['a ZIP that is no Office file, named .docx', storedZip({ 'readme.txt': 'hi' }), 'letter.docx'],
      ['a ZIP with Office folders but no [Content_Types].xml', storedZip({ 'word/document.xml': 'x' }), 'a.docx'],
      ['a ZIP cut short, named .xlsx', DOCX.subarray(0, DOCX.length - 30), 'budget.xlsx'],
      ['an SVG image', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'), 'logo.svg'],
    ])('refuses %s, saying what is accepted, and stores nothing', async (_what, bytes, fileName) => {
      const { id: customerId } = await given.customer();
      expectError(await upload(org.manager, customerId, bytes, fileName), 400, TYPES);
      expect(await list(org.admin, customerId)).toEqual({ resultItems: [], totalRecords: 0 });
    });

    it('refuses a file over 2.5 MB, naming the limit, and accepts one of exactly 2.5 MB', async () => {
      const { id: customerId } = await given.customer();
      const big = Buffer.concat([TINY_PDF, Buffer.alloc(Math.round(2.6 * MB) - TINY_PDF.length, 0x20)]);
      const response = await upload(org.manager, customerId, big, 'big.pdf');
      expect([400, 413]).toContain(response.status);
      expect(response.body).toEqual({ success: false, errors: ['The file is too large. The maximum is 2.5 MB.'] });
      const limit = Buffer.concat([TINY_PDF, Buffer.alloc(2.5 * MB - TINY_PDF.length, 0x20)]);
      expect((await attach(customerId, limit, 'limit.pdf')).size).toBe(2.5 * MB);
      expect((await list(org.admin, customerId)).totalRecords).toBe(1);
    });

    it('requires a name, a customer and a file, in that order, with a message for each', async () => {
      const { id: customerId } = await given.customer();
      expectError(await upload(org.manager, customerId, TINY_PDF, 'a.pdf', null), 400, 'File name is required');
      expectError(await upload(org.manager, customerId, TINY_PDF, 'a.pdf', '   '), 400, 'File name is required');
      expectError(
        await upload(org.manager, customerId, TINY_PDF, 'a.pdf', 'n'.repeat(201)),
        400,
        'File name must be at most 200 characters',
      );
      expectError(
        await upload(org.manager, undefined, TINY_PDF),
        400,
        'Choose the customer the document belongs to (field CustomerId).',
      );
      const noFile = new FormData();
      noFile.append('CustomerId', customerId);
      noFile.append('Name', 'Contract');
      expectError(
        await org.manager.request('POST', '/api/attachments', noFile),
        400,
        'Choose a file to upload (field File).',
      );
      expectError(
        await org.manager.post('/api/attachments', { CustomerId: customerId, Name: 'Contract' }),
        400,
        'Choose a file to upload (field File).',
      );
      expectError(
        await upload(org.manager, customerId, Buffer.alloc(0), 'empty.pdf'),
        400,
        'Choose a file to upload (field File).',
      );
      expectError(
        await org.manager.upload('POST', '/api/attachments', TINY_PDF, 'a.pdf', 'Document', {
          CustomerId: customerId,
          Name: 'Contract',
        }),
        400,
        'Send the file in the multipart field "File".',
      );
      const two = new FormData();
      for (const n of ['a.pdf', 'b.pdf']) two.append('File', new Blob([new Uint8Array(TINY_PDF)]), n);
      two.append('CustomerId', customerId);
      two.append('Name', 'Contract');
      expectError(
        await org.manager.request('POST', '/api/attachments', two),
        400,
        'The upload could not be read. Send one file as multipart/form-data in the field "File", with the fields CustomerId and Name.',
      );
      expect(await list(org.admin, customerId)).toEqual({ resultItems: [], totalRecords: 0 });
    });

    it('answers 404 for an unknown, malformed or deleted customer', async () => {
      const { id: deleted } = await given.customer();
      expect((await org.admin.delete(`/api/customers/${deleted}`)).status).toBe(200);
      for (const customerId of [randomUUID(), 'not-an-id', '../../etc', deleted])
        expectError(await upload(org.manager, customerId, TINY_PDF), 404, CUSTOMER_NOT_FOUND);
    });

    it('keeps only the last part of a path in the file name', async () => {
      const { id: customerId } = await given.customer();
      expect((await attach(customerId, TINY_PDF, 'C:\\Users\\pat\\My Docs\\plan.pdf')).fileName).toBe('plan.pdf');
    });
  });

  describe('GET /api/attachments/customer/{customerId}/paged', () => {
    it('lists 10 a page by default, newest first, with totalRecords; pageSize and currentPage page it', async () => {
      const { id: customerId } = await given.customer();
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) ids.push((await attach(customerId, TINY_PDF, `doc-${i}.pdf`, `Document ${i}`)).id);
      const newestFirst = [...ids].reverse();
      const first = await list(org.admin, customerId);
      expect(first.totalRecords).toBe(12);
      expect(first.resultItems.map((a) => a.id)).toEqual(newestFirst.slice(0, 10));
      expect((await list(org.admin, customerId, 'currentPage=2')).resultItems.map((a) => a.id)).toEqual(
        newestFirst.slice(10),
      );
      expect((await list(org.admin, customerId, 'pageSize=5&currentPage=2')).resultItems.map((a) => a.id)).toEqual(
        newestFirst.slice(5, 10),
      );
      expect(await list(org.admin, customerId, 'currentPage=3')).toEqual({ resultItems: [], totalRecords: 12 });
      // Another customer's documents are not this one's.
      expect((await list(org.admin, (await given.customer()).id)).totalRecords).toBe(0);
    });

    it('refuses bad paging values with a message', async () => {
      const { id: customerId } = await given.customer();
      for (const [query, message] of [
        ['currentPage=0', 'currentPage must be 1 or more'],
        ['currentPage=two', 'currentPage must be a whole number'],
        ['pageSize=0', 'pageSize must be 1 or more'],
        ['pageSize=1001', 'pageSize must be at most 1000'],
        ['pageSize=1.5', 'pageSize must be a whole number'],
      ])
        expectError(await org.admin.get(`/api/attachments/customer/${customerId}/paged?${query}`), 400, message);
    });

    it('answers 404 for an unknown, malformed or deleted customer', async () => {
      const { id: deleted } = await given.customer();
      await attach(deleted);
      expect((await org.admin.delete(`/api/customers/${deleted}`)).status).toBe(200);
      for (const customerId of [randomUUID(), 'nope', deleted])
        expectError(await org.admin.get(`/api/attachments/customer/${customerId}/paged`), 404, CUSTOMER_NOT_FOUND);
    });
  });

  describe('DELETE /api/attachments/{id}', () => {
    it("removes a document: 'Attachment was deleted', it leaves the list, its file is gone, who removed it is recorded", async () => {
      const { id: customerId } = await given.customer();
      const keep = await attach(customerId, TINY_PDF, 'keep.pdf', 'Keep');
      const doomed = await attach(customerId, TINY_PDF, 'doomed.pdf', 'Doomed');
      const { fileId } = (await documentDoc(doomed.id))!;
      const response = await org.admin.delete(`/api/attachments/${doomed.id}`);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 200,
        body: { success: true, message: 'Attachment was deleted' },
      });
      expect((await list(org.admin, customerId)).resultItems.map((a) => a.id)).toEqual([keep.id]);
      expect((await download(org.admin, doomed.url)).status).toBe(404);
      expect(await app.engines.files.read(org.organizationId, fileId)).toBeNull();
      expect(await documentDoc(doomed.id)).toMatchObject({ removed: true, removedBy: org.admin.userId });
      const events = await app.engines.eventStore.readStream(`customer-${customerId}`);
      expect(events.map((e) => e.type)).toEqual([
        'CustomerCreated',
        'CustomerDocumentAttached',
        'CustomerDocumentAttached',
        'CustomerDocumentRemoved',
      ]);
      expect(events[3].data).toEqual({
        customerId,
        organizationId: org.organizationId,
        attachmentId: doomed.id,
        fileId,
        removedBy: org.admin.userId,
      });
    });

    it('answers 404 when deleting twice, an unknown id or a malformed id', async () => {
      const attached = await attach((await given.customer()).id);
      expect((await org.manager.delete(`/api/attachments/${attached.id}`)).status).toBe(200);
      for (const id of [attached.id, randomUUID(), 'nope', '..%2F..%2Fetc'])
        expectError(await org.manager.delete(`/api/attachments/${id}`), 404, ATTACHMENT_NOT_FOUND);
    });
  });

  describe('GET /api/attachments/{id}/file', () => {
    it("answers 404 for an unknown or malformed id, and for a deleted customer's document (which is kept)", async () => {
      const { id: customerId } = await given.customer();
      const attached = await attach(customerId);
      expect((await org.admin.delete(`/api/customers/${customerId}`)).status).toBe(200);
      for (const url of [attached.url, `/api/attachments/${randomUUID()}/file`, '/api/attachments/nope/file']) {
        const response = await download(org.admin, url);
        expect({ url, status: response.status, body: await response.json() }).toEqual({
          url,
          status: 404,
          body: { success: false, errors: [ATTACHMENT_NOT_FOUND] },
        });
      }
      expect(await documentDoc(attached.id)).toMatchObject({ removed: false });
    });

    it('is not served by /api/files/{id}, which serves logos and pictures to every member', async () => {
      const attached = await attach((await given.customer()).id);
      const { fileId } = (await documentDoc(attached.id))!;
      for (const client of [org.admin, org.associate])
        expect((await download(client, `/api/files/${fileId}`)).status).toBe(404);
    });
  });

  describe('claims and organizations', () => {
    it('refuses an Associate with 403 on every call, and changes nothing', async () => {
      const { id: customerId } = await given.customer();
      const attached = await attach(customerId);
      for (const [what, response] of [
        ['list', await org.associate.get(`/api/attachments/customer/${customerId}/paged`)],
        ['upload', await upload(org.associate, customerId, TINY_PDF)],
        ['delete', await org.associate.delete(`/api/attachments/${attached.id}`)],
        ['download', await org.associate.get(attached.url)],
      ] as [string, ApiResponse][])
        expect({ what, status: response.status, body: response.body }).toEqual({
          what,
          status: 403,
          body: { success: false, errors: [FORBIDDEN] },
        });
      expect((await list(org.admin, customerId)).resultItems.map((a) => a.id)).toEqual([attached.id]);
    });

    it("answers 404 for another organization's customer or attachment on every call, and changes nothing of theirs", async () => {
      const { id: theirCustomer } = await kitFor(other.admin).customer({ name: 'Their Co' });
      const theirs = await other.manager.upload('POST', '/api/attachments', TINY_PDF, 'theirs.pdf', 'File', {
        CustomerId: theirCustomer,
        Name: 'Theirs',
      });
      expect(theirs.status).toBe(201);
      const before = await list(other.admin, theirCustomer);
      for (const client of [org.admin, org.manager]) {
        expectError(await client.get(`/api/attachments/customer/${theirCustomer}/paged`), 404, CUSTOMER_NOT_FOUND);
        expectError(await upload(client, theirCustomer, TINY_PDF), 404, CUSTOMER_NOT_FOUND);
        expectError(await client.delete(`/api/attachments/${theirs.body.data.id}`), 404, ATTACHMENT_NOT_FOUND);
        const response = await download(client, theirs.body.data.url);
        expect({ status: response.status, body: await response.json() }).toEqual({
          status: 404,
          body: { success: false, errors: [ATTACHMENT_NOT_FOUND] },
        });
      }
      expect(await list(other.admin, theirCustomer)).toEqual(before);
      const still = await download(other.admin, theirs.body.data.url);
      expect(Buffer.from(await still.arrayBuffer()).equals(TINY_PDF)).toBe(true);
    });
  });

  describe('pushes', () => {
    it("pushes customers.changed to the organization's customer managers when a document is attached or removed, and to nobody else", async () => {
      const { id: customerId } = await given.customer();
      const [admin, manager, associate, stranger] = await Promise.all([
        openSocket(app.url, org.admin.cookie, sockets),
        openSocket(app.url, org.manager.cookie, sockets),
        openSocket(app.url, org.associate.cookie, sockets),
        openSocket(app.url, other.admin.cookie, sockets),
      ]);
      const expected = { organizationId: org.organizationId, customerId };
      let heard = [nextPush(admin, 'customers.changed'), nextPush(manager, 'customers.changed')];
      const attached = await attach(customerId);
      expect(await Promise.all(heard)).toEqual([expected, expected]);
      // On receipt, a refetch already shows it.
      expect((await list(org.manager, customerId)).totalRecords).toBe(1);
      heard = [nextPush(admin, 'customers.changed'), nextPush(manager, 'customers.changed')];
      expect((await org.admin.delete(`/api/attachments/${attached.id}`)).status).toBe(200);
      expect(await Promise.all(heard)).toEqual([expected, expected]);
      await new Promise((r) => setTimeout(r, 300));
      expect(associate.received.filter((r) => r.event === 'customers.changed')).toEqual([]);
      expect(stranger.received).toEqual([]);
    });
  });
});
