import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ForbiddenError, UnauthenticatedError } from '../core/errors';
import { AuthenticatedRequest, PUBLIC_ROUTE, REQUIRED_ANY_CLAIM, REQUIRED_CLAIM } from './current-user';
import type { Claim } from '../shared/session';
import { CSRF_HEADER, csrfTokenMatches, sessionCookieName } from './session-tokens';
import { SessionResolver } from './sessions.service';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_MESSAGE = 'The security token of this page is missing or out of date. Reload the page and try again.';

/**
 * Global guard: resolves the session, refuses anonymous calls (401), checks the route's claim
 * (403), and defends every state-changing request against CSRF: a session-bound token header on
 * signed-in routes, an Origin check on public ones (sign-in, password reset).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionResolver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const targets = [context.getHandler(), context.getClass()];
    const token = request.cookies?.[sessionCookieName(this.config.publicUrl)];
    const user = await this.sessions.resolve(token, new Date(), true);
    if (user) {
      request.user = user;
      request.sessionToken = token;
    }
    const unsafe = !SAFE_METHODS.has(request.method);
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) {
      if (unsafe && !this.sameOrigin(request))
        throw new ForbiddenError('This request came from another site and was refused.');
      return true;
    }
    if (!user) throw new UnauthenticatedError();
    if (unsafe && !csrfTokenMatches(this.config.sessionSecret, token, request.headers[CSRF_HEADER]))
      throw new ForbiddenError(CSRF_MESSAGE);
    const claim = this.reflector.getAllAndOverride<Claim | undefined>(REQUIRED_CLAIM, targets);
    if (claim && !user.claims.includes(claim)) throw new ForbiddenError();
    const anyOf = this.reflector.getAllAndOverride<Claim[] | undefined>(REQUIRED_ANY_CLAIM, targets);
    if (anyOf && !anyOf.some((c) => user.claims.includes(c))) throw new ForbiddenError();
    return true;
  }

  /** Browsers send Origin (or at least Referer) on cross-site posts; a request without either is not browser-borne. */
  private sameOrigin(request: AuthenticatedRequest): boolean {
    const source = request.headers.origin ?? request.headers.referer;
    if (!source) return true;
    let origin: string;
    try {
      origin = new URL(source).origin;
    } catch {
      return false;
    }
    const own = `${request.protocol}://${request.headers.host}`;
    return origin === new URL(this.config.publicUrl).origin || origin === own;
  }
}
