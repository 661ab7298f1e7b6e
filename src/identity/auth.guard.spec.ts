import 'reflect-metadata';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AppConfig } from '../config/config';
import { ForbiddenError } from '../core/errors';
import { AuthGuard } from './auth.guard';
import { CurrentUser, RequireAnyClaim, RequireClaim } from './current-user';
import { claimsFor } from './roles';
import type { Role } from '../shared/session';
import type { SessionResolver } from './sessions.service';

/** The claim checks of the guard; sessions, CSRF and Origin are walked over HTTP in test/api/access.spec.ts. */
@RequireClaim('users.crud')
class UsersRoutes {
  list() {}
  @RequireAnyClaim('users.crud', 'jobs.crud') overridden() {}
}

class MixedRoutes {
  @RequireAnyClaim('users.crud', 'jobs.crud') either() {}
  @RequireClaim('users.crud') @RequireAnyClaim('jobs.crud', 'reports.read') both() {}
  open() {}
}

function guardFor(role: Role) {
  const user: CurrentUser = {
    userId: 'u',
    organizationId: 'o',
    sessionId: 's',
    role,
    claims: claimsFor(role),
    fullName: 'U',
  };
  const sessions = { resolve: async () => user } as unknown as SessionResolver;
  return new AuthGuard(new Reflector(), sessions, {
    sessionSecret: 'x'.repeat(32),
    publicUrl: 'http://localhost',
  } as AppConfig);
}

function call(role: Role, routes: new () => object, method: string) {
  const request = { method: 'GET', cookies: { cc_session: 't' }, headers: {} };
  const context = {
    getType: () => 'http',
    getHandler: () => (routes.prototype as Record<string, unknown>)[method],
    getClass: () => routes,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  return guardFor(role).canActivate(context);
}

describe('AuthGuard claims', () => {
  it('lets in a user holding any one of the claims of RequireAnyClaim', async () => {
    await expect(call('Company Admin', MixedRoutes, 'either')).resolves.toBe(true); // both
    await expect(call('Customer Manager', MixedRoutes, 'either')).resolves.toBe(true); // jobs.crud only
  });

  it('refuses a user holding none of them', async () => {
    await expect(call('Associate', MixedRoutes, 'either')).rejects.toThrow(ForbiddenError);
  });

  it('checks RequireClaim and RequireAnyClaim together when both are given', async () => {
    await expect(call('Company Admin', MixedRoutes, 'both')).resolves.toBe(true);
    await expect(call('Customer Manager', MixedRoutes, 'both')).rejects.toThrow(ForbiddenError); // lacks users.crud
  });

  it("still applies a controller's RequireClaim (a method's RequireAnyClaim adds to it, never loosens it)", async () => {
    await expect(call('Customer Manager', UsersRoutes, 'list')).rejects.toThrow(ForbiddenError);
    await expect(call('Customer Manager', UsersRoutes, 'overridden')).rejects.toThrow(ForbiddenError);
    await expect(call('Company Admin', UsersRoutes, 'overridden')).resolves.toBe(true);
  });

  it('lets any signed-in user reach a route without claims', async () => {
    await expect(call('Associate', MixedRoutes, 'open')).resolves.toBe(true);
  });
});
