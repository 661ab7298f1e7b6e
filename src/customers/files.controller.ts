import { Controller, Get, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { StoredFile } from '../core/files/files.port';
import { sendStoredFile } from '../core/http/stored-file';
import { Me } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import { GetStoredImage } from './customers.queries';

/**
 * Stored images of my organization (logos, pictures), served so that a browser can never run them as a page. It
 * lives beside the customers' documents because it must refuse them: a document is served only as an attachment.
 */
@ApiTags('Files')
@ApiCookieAuth()
@Controller('api/files')
export class FilesController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id')
  @ApiOperation({
    summary: 'A stored image of my organization (logo, picture); not a customer document (see /api/attachments).',
  })
  async get(@Param('id') id: string, @Me() me: CurrentUser, @Res() response: Response) {
    const { file, bytes }: { file: StoredFile; bytes: Buffer } = await this.queries.execute(
      new GetStoredImage(me.organizationId, id),
    );
    sendStoredFile(
      response,
      { contentType: file.contentType, bytes },
      `inline; filename="${file.fileName.replace(/"/g, '')}"`,
      'private, max-age=86400, immutable',
    );
  }
}
