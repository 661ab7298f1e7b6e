import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import {
  ConcurrentChangeError,
  ConflictError,
  DomainError,
  ForbiddenError,
  GoneError,
  NotFoundError,
  TooManyRequestsError,
  UnauthenticatedError,
  UnavailableError,
  ValidationError,
} from '../errors';

const STATUS = new Map<unknown, number>([
  [ValidationError, HttpStatus.BAD_REQUEST],
  [UnauthenticatedError, HttpStatus.UNAUTHORIZED],
  [ForbiddenError, HttpStatus.FORBIDDEN],
  [GoneError, HttpStatus.GONE],
  [NotFoundError, HttpStatus.NOT_FOUND],
  [ConflictError, HttpStatus.CONFLICT],
  [ConcurrentChangeError, HttpStatus.CONFLICT],
  [TooManyRequestsError, HttpStatus.TOO_MANY_REQUESTS],
  [UnavailableError, HttpStatus.SERVICE_UNAVAILABLE],
]);

/** Framework errors keep their status but get a sentence a person can act on. */
const FRAMEWORK_MESSAGES: Record<number, string> = {
  400: 'The request could not be read. Check the values and try again.',
  404: 'This page or item was not found.',
  405: 'This action is not allowed here.',
  413: 'The upload is too large.',
  415: 'This type of content is not accepted.',
};

/** What the framework and its libraries say in a 4xx (router, multer, busboy), as sentences a person can act on. */
const FRAMEWORK_WORDS: [RegExp, string][] = [
  [/^Unexpected (file )?field/, 'Send the file in the multipart field "File".'],
  [
    /^(Too many (files|fields|parts)|Field name|Field value|Invalid field name)/,
    'Send one image in the multipart field "File", and nothing else.',
  ],
  [
    /^Multipart:|Boundary not found/,
    'The upload could not be read. Send one image as multipart/form-data, in the field "File".',
  ],
  [
    /^Failed to decode param/,
    'This address could not be read: it has a malformed % escape. Check the link and try again.',
  ],
];

/**
 * The one place errors become HTTP: every 4xx (and a 503's) body is { success: false, errors: [first message, …] };
 * anything unexpected is logged and answered with a 500 that reveals nothing.
 */
@Catch()
export class DomainExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, errors } = this.describe(exception);
    if (status >= 500 && !(exception instanceof UnavailableError))
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (exception instanceof TooManyRequestsError || exception instanceof UnavailableError)
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    if (response.headersSent) return;
    response.status(status).json({ success: false, errors });
  }

  describe(exception: unknown): { status: number; errors: string[] } {
    if (exception instanceof DomainError) {
      return { status: STATUS.get(exception.constructor) ?? 400, errors: exception.errors };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status >= 500) return { status, errors: ['Something went wrong on our side. Please try again.'] };
      const body = exception.getResponse() as { message?: unknown };
      const own = Array.isArray(body?.message)
        ? body.message.map(String)
        : typeof body?.message === 'string'
          ? [body.message]
          : [];
      // Keep Nest's words only where they are ours (thrown with a message we wrote); otherwise use a plain sentence.
      const generic = FRAMEWORK_MESSAGES[status];
      const known = FRAMEWORK_WORDS.find(([words]) => words.test(own[0] ?? ''));
      if (known && status !== 413) return { status, errors: [known[1]] };
      const errors =
        status === 413
          ? ['The file is too large. The maximum is 2.5 MB.']
          : generic && (own.length === 0 || /Cannot (GET|POST|PUT|PATCH|DELETE)|Unexpected token|JSON/.test(own[0]))
            ? [generic]
            : own;
      return { status, errors: errors.length ? errors : [generic ?? 'The request could not be completed.'] };
    }
    // body-parser and multer throw plain errors with a status
    const status =
      (exception as { status?: number; statusCode?: number })?.status ??
      (exception as { statusCode?: number })?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return { status, errors: [FRAMEWORK_MESSAGES[status] ?? 'The request could not be completed.'] };
    }
    return { status: 500, errors: ['Something went wrong on our side. Please try again.'] };
  }
}
