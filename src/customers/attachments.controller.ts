import {
  Body,
  CallHandler,
  Controller,
  Delete,
  ExecutionContext,
  Get,
  HttpException,
  HttpStatus,
  Injectable,
  NestInterceptor,
  Param,
  Post,
  Query,
  Res,
  Type,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiCookieAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import type { CommandMeta } from '../core/commands/aggregates';
import { ValidationError } from '../core/errors';
import { attachmentDisposition, MAX_DOCUMENT_BYTES, Upload } from '../core/uploads';
import { Me, Meta, RequireClaim } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import { AttachCustomerDocument, RemoveCustomerDocument } from './customers.commands';
import { PageQueryDto } from '../core/http/page-query.dto';
import { AttachmentUploadDto } from './customers.dto';
import { GetCustomerDocument, GetCustomerDocumentFile, ListCustomerDocuments } from './customers.queries';
import { sendStoredFile } from '../core/http/stored-file';

const MultipartDocument: Type<NestInterceptor> = FileInterceptor('File', {
  // Browsers send a file name's UTF-8 bytes as they are; busboy would read them as Latin-1.
  defParamCharset: 'utf8',
  limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5, fieldSize: 64 * 1024 },
});

/**
 * The document's multipart parse, with multer's refusals said for this form (the exception filter's
 * words are the image uploads'). A file over 2.5 MB stays a 413 with the filter's message.
 */
@Injectable()
export class DocumentUploadInterceptor extends MultipartDocument {
  override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await (super.intercept(context, next) as Promise<Observable<unknown>>);
    } catch (error) {
      if (!(error instanceof HttpException) || error.getStatus() !== HttpStatus.BAD_REQUEST) throw error;
      const said = String((error.getResponse() as { message?: unknown })?.message ?? '');
      throw new ValidationError(
        /^Unexpected (file )?field/.test(said)
          ? 'Send the file in the multipart field "File".'
          : 'The upload could not be read. Send one file as multipart/form-data in the field "File", with the fields CustomerId and Name.',
      );
    }
  }
}

@ApiTags('Attachments')
@ApiCookieAuth()
@ApiSecurity('csrf')
@RequireClaim('customers.crud')
@Controller('api/attachments')
export class AttachmentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('customer/:customerId/paged')
  @ApiOperation({
    summary:
      "A customer's attached documents, newest first, 10 a page: { resultItems: [{ id, name, fileName, url, dateUploaded, customerId, size, contentType, uploadedBy }], totalRecords }.",
  })
  list(@Param('customerId') customerId: string, @Query() query: PageQueryDto, @Me() me: CurrentUser) {
    return this.queries.execute(new ListCustomerDocuments(me.organizationId, customerId, query));
  }

  @Post()
  @UseInterceptors(DocumentUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: AttachmentUploadDto })
  @ApiOperation({
    summary:
      'Attach a document to a customer (multipart: File, CustomerId, Name). 2.5 MB at most; PDF, PNG, JPEG, GIF, WebP, text, CSV, Word, Excel or PowerPoint, decided by the content.',
  })
  async create(@Body() body: AttachmentUploadDto, @UploadedFile() file: Upload | undefined, @Meta() meta: CommandMeta) {
    const { attachmentId } = await this.commands.execute(
      new AttachCustomerDocument(body.CustomerId, body.Name, file, meta),
    );
    return {
      success: true,
      message: 'Attachment has been created',
      data: await this.queries.execute(new GetCustomerDocument(meta.organizationId, attachmentId)),
    };
  }

  @Get(':id/file')
  @ApiOperation({
    summary:
      'Download the document: its bytes as uploaded, as an attachment with its file name, never shown as a page (nosniff, sandbox).',
  })
  async file(@Param('id') id: string, @Me() me: CurrentUser, @Res() response: Response) {
    const found = await this.queries.execute(new GetCustomerDocumentFile(me.organizationId, id));
    sendStoredFile(response, found, attachmentDisposition(found.fileName), 'private, no-store');
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Remove a document: it leaves the list and its file is deleted; the log keeps who removed it.',
  })
  async remove(@Param('id') id: string, @Meta() meta: CommandMeta) {
    await this.commands.execute(new RemoveCustomerDocument(id, meta));
    return { success: true, message: 'Attachment was deleted' };
  }
}
