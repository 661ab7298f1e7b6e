import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import type { CommandMeta } from '../core/commands/aggregates';
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

export type AuthenticatedRequest = Request & { user?: CurrentUser; sessionToken?: string; correlationId?: string };

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
  return {
    organizationId: organizationId ?? request.user?.organizationId ?? '',
    actorUserId: request.user?.userId ?? null,
    correlationId: request.correlationId,
    causationId: null,
    at: new Date().toISOString(),
  };
}
