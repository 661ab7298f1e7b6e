import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { PROJECTION_PROGRESS, ProjectionProgress, READ_YOUR_WRITES_TIMEOUT_MS } from '../core/commands/aggregates';
import { UnavailableError } from '../core/errors';
import { PAST_READ_MODELS } from './read-models-of-the-past';

type PastReadModel = (typeof PAST_READ_MODELS)[keyof typeof PAST_READ_MODELS];
interface Needs {
  /** What the person asked for, as the subject of "… is being prepared". */
  subject: string;
  readModels: PastReadModel[];
}

const READS_THE_PAST = 'readsThePast';
/** Every read "as of" a moment resolves it in the audit entries and reads the schedule's or the reports' versions. */
const AS_OF: Needs = { subject: 'This view as of a past moment', readModels: Object.values(PAST_READ_MODELS) };
/** A building read model's reads are refused with this wait. */
const RETRY_AFTER_SECONDS = 60;

/** The route reads a read model of the past whatever it is asked (the audit log, a History, a report download). */
export const ReadsThePast = (subject: string, ...readModels: PastReadModel[]) =>
  SetMetadata(READS_THE_PAST, { subject, readModels } satisfies Needs);

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** asOf or asOfPosition in the query, or in a JSON body (the calendar's POST). */
function asksAsOf(request: Request): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as unknown;
  const inBody = typeof body === 'object' && body !== null && !Array.isArray(body);
  return (
    given(query?.asOf) ||
    given(query?.asOfPosition) ||
    (inBody && (given((body as Record<string, unknown>).asOf) || given((body as Record<string, unknown>).asOfPosition)))
  );
}

/**
 * The reads of a read model of the past (projections/runner: `ofThePast`). Commands do not wait for those read
 * models, so such a read first waits until they hold every event appended before it came (bounded, as a command's
 * wait is): a command, then at once its History or the audit log, shows it. While an upgrade builds one in the
 * background, the reads that need it answer 503 with how far it is and Retry-After, rather than an empty or partial
 * past. Runs after the guards: signed out is still a 401, without the claim a 403.
 */
@Injectable()
export class PastReadModelsInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler) {
    if (context.getType() !== 'http') return next.handle();
    const needs =
      this.reflector.getAllAndOverride<Needs | undefined>(READS_THE_PAST, [context.getHandler(), context.getClass()]) ??
      (asksAsOf(context.switchToHttp().getRequest<Request>()) ? AS_OF : undefined);
    if (needs && this.progress.building) {
      const building = (await this.progress.building()).filter((b) => (needs.readModels as string[]).includes(b.name));
      if (building.length) {
        const percent = Math.min(...building.map((b) => b.percent));
        throw new UnavailableError(
          `${needs.subject} is being prepared after an update (${percent} % done). Try again in a few minutes.`,
          RETRY_AFTER_SECONDS,
        );
      }
    }
    // Late past a bounded wait (a stalled worker), the read is served as the read models stand, as a command is.
    if (needs) await this.progress.caughtUpWithLog?.(needs.readModels, READ_YOUR_WRITES_TIMEOUT_MS);
    return next.handle();
  }
}
