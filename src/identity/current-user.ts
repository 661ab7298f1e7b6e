import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { CommandMeta } from '../core/commands/aggregates';
import { isUuid } from '../core/clock';
import { ValidationError } from '../core/errors';
import { COMMAND_ID_HEADER, DEVICE_TIME_HEADER } from '../shared/offline';
import type { Claim, Role } from '../shared/session';

/** Who is calling, resolved from the session cookie by the auth guard. */
export interface CurrentUser {
  userId: string;
  organizationId: string;
  sessionId: string;
  role: Role;
  claims: Claim[];
  fullName: string;
}

export type AuthenticatedRequest = Request & {
  user?: CurrentUser;
  sessionToken?: string;
  correlationId?: string;
  /** The offline outbox's headers, read once (offlineHeaders). */
  offline?: OfflineHeaders;
};

/** What a command sent later from the phone's outbox says of itself (src/shared/offline.ts). */
export interface OfflineHeaders {
  /** The client-made id, lower case; absent when the request sent none. */
  commandId?: string;
  /** When the person acted on their device, as a UTC ISO instant. */
  deviceAt?: string;
}

export const BAD_COMMAND_ID = `This change could not be sent: its ${COMMAND_ID_HEADER} header must be a UUID the app made for it, such as 3f2b6a1e-8c4d-4e5f-9a7b-1c2d3e4f5a6b.`;
export const BAD_DEVICE_TIME = `This change could not be sent: its ${DEVICE_TIME_HEADER} header must be the date and time it was made, with its offset, such as 2026-06-01T07:42:00Z.`;
/** An ISO instant with its offset is at most 35 characters (2026-06-01T07:42:00.123456789+05:30); longer is refused unread. */
const DEVICE_TIME_MAX = 40;

/** One header's value, or null when it was sent twice (Node joins most repeated headers with ', '). */
function headerOf(request: Request, name: string): string | undefined | null {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? null : value;
}

/**
 * The X-Command-Id and X-Device-Time headers, checked: a bad value is a 400 that says what to send. Lengths are
 * bounded before anything parses them; an instant without an offset (a wall-clock time) is refused, for it names
 * no moment.
 */
export function offlineHeaders(request: AuthenticatedRequest): OfflineHeaders {
  if (request.offline) return request.offline;
  const id = headerOf(request, COMMAND_ID_HEADER);
  const time = headerOf(request, DEVICE_TIME_HEADER);
  const headers: OfflineHeaders = {};
  if (id !== undefined) {
    if (id === null || !isUuid(id)) throw new ValidationError(BAD_COMMAND_ID);
    headers.commandId = id.toLowerCase();
  }
  if (time !== undefined) {
    if (time === null || time.length > DEVICE_TIME_MAX) throw new ValidationError(BAD_DEVICE_TIME);
    // The same text read in two zones 14 hours apart names one moment only when it carries its own offset.
    const utc = DateTime.fromISO(time, { zone: 'UTC' });
    const far = DateTime.fromISO(time, { zone: 'Pacific/Kiritimati' });
    if (!utc.isValid || utc.toMillis() !== far.toMillis() || utc.year < 1970 || utc.year > 9999)
      throw new ValidationError(BAD_DEVICE_TIME);
    headers.deviceAt = utc.toJSDate().toISOString();
  }
  request.offline = headers;
  return headers;
}

export const PUBLIC_ROUTE = 'publicRoute';
/** No session needed (sign-in, password reset, health). State-changing public routes get an Origin check. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

export const REQUIRED_CLAIM = 'requiredClaim';
/** The claim a route needs, checked on the server for every call. */
export const RequireClaim = (claim: Claim) => SetMetadata(REQUIRED_CLAIM, claim);

export const REQUIRED_ANY_CLAIM = 'requiredAnyClaim';
/** Any one of these claims will do (a route two kinds of manager need). Checked beside RequireClaim. */
export const RequireAnyClaim = (...claims: Claim[]) => SetMetadata(REQUIRED_ANY_CLAIM, claims);

export const Me = createParamDecorator((_: unknown, context: ExecutionContext): CurrentUser => {
  return context.switchToHttp().getRequest<AuthenticatedRequest>().user!;
});

/** The metadata every command of this request carries. */
export const Meta = createParamDecorator((_: unknown, context: ExecutionContext): CommandMeta => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  return commandMeta(request);
});

export function commandMeta(request: AuthenticatedRequest, organizationId?: string): CommandMeta {
  request.correlationId ??=
    (typeof request.headers['x-correlation-id'] === 'string' && request.headers['x-correlation-id'].slice(0, 64)) ||
    randomUUID();
  const { commandId, deviceAt } = offlineHeaders(request);
  return {
    organizationId: organizationId ?? request.user?.organizationId ?? '',
    actorUserId: request.user?.userId ?? null,
    correlationId: request.correlationId,
    causationId: null,
    // When the server received it, also for a command made offline: deviceAt says when the person acted.
    at: new Date().toISOString(),
    ...(commandId ? { commandId } : {}),
    ...(deviceAt ? { deviceAt } : {}),
  };
}
