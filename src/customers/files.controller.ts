import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { NotFoundError } from '../core/errors';
import { FILE_STORE, FileStore, isFileId, StoredFile } from '../core/files/files.port';
import { READ_STORE, ReadStore } from '../core/read-store/read-store.port';
import { Me } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import { isCustomerDocumentFile } from './customers.read-models';
import { sendStoredFile } from '../core/http/stored-file';

/**
 * Stored images of my organization (logos, pictures), served so that a browser can never run them as a page. It
 * lives beside the customers' documents because it must refuse them: a document is served only as an attachment.
 */
@ApiTags('Files')
@ApiCookieAuth()
@Controller('api/files')
export class FilesController {
  constructor(
    @Inject(FILE_STORE) private readonly files: FileStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  @Get(':id')
  @ApiOperation({
    summary: 'A stored image of my organization (logo, picture); not a customer document (see /api/attachments).',
  })
  async get(@Param('id') id: string, @Me() me: CurrentUser, @Res() response: Response) {
    // Ids are minted in lower case: another spelling is refused here, before any store reads it.
    const found = isFileId(id) ? await this.files.read(me.organizationId, id) : null;
    if (!found || !(await this.isImage(me.organizationId, found.file))) throw new NotFoundError('The file');
    sendStoredFile(
      response,
      { contentType: found.file.contentType, bytes: found.bytes },
      `inline; filename="${found.file.fileName.replace(/"/g, '')}"`,
      'private, max-age=86400, immutable',
    );
  }

  /**
   * A customer's document is served only through its attachment, to holders of customers.crud: decided by
   * the kind the file was stored as; a file stored before kinds were recorded, by the documents read model.
   */
  private async isImage(organizationId: string, file: StoredFile): Promise<boolean> {
    if (file.kind) return file.kind === 'image';
    return !(await isCustomerDocumentFile(this.store, organizationId, file.id));
  }
}
