import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../config/config';
import {
  DomainError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthenticatedError,
  ValidationError,
} from '../core/errors';
import type { SignInAnswer, SignInErrorCode } from '../shared/sign-in';
import { AuthenticatedRequest, commandMeta, Me, Meta, Public } from './current-user';
import type { CurrentUser } from './current-user';
import type { CommandMeta } from '../core/commands/aggregates';
import { AcceptInvitationDto, ChangePasswordDto, ForgotPasswordDto, LoginDto, ResetPasswordDto } from './identity.dto';
import {
  AcceptInvitation,
  ChangeOwnPassword,
  RequestPasswordReset,
  ResetPassword,
  SignIn,
  SignOut,
} from './identity.commands';
import { GetSession } from './identity.queries';
import { GetInvitationPage } from './invitation.handlers';
import type { InvitationPageView } from '../shared/session';
import { CHOOSE_ORGANIZATION, SignInResult } from './account.handlers';
import { csrfTokenFor, sessionCookieName } from './session-tokens';

/** Only same-site paths: `/x` but never `//host`, `/\host` or control characters browsers drop (open-redirect defence). */
export function safeRedirect(url: unknown): string {
  return typeof url === 'string' && /^\/(?![/\\])/.test(url) && !/[\u0000-\u001f\u007f]/.test(url) ? url : '/';
}

const wantsJson = (request: Request) =>
  request.is('application/json') === 'application/json' || (request.headers.accept ?? '').includes('application/json');

@ApiTags('Account')
@Controller()
export class AccountController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('account/login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in (JSON or an HTML form post). Sets the HttpOnly session cookie.' })
  async login(
    @Body() body: LoginDto,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) response: Response,
  ) {
    const redirectUrl = safeRedirect(body.RedirectUrl);
    try {
      const result = await this.commands.execute<SignIn, SignInResult>(
        new SignIn(
          {
            email: body.username ?? '',
            password: body.password ?? '',
            organizationId: body.organizationId ?? null,
            rememberMe: body.RememberMe === true,
            ipAddress: request.ip ?? 'unknown',
            userAgent: request.headers['user-agent'] ?? null,
          },
          commandMeta(request),
        ),
      );
      if ('chooseOrganization' in result) {
        // Only organizations whose account this password opened: the form asks and posts again with one.
        const errors = [CHOOSE_ORGANIZATION];
        if (!wantsJson(request))
          return response.redirect(
            303,
            `/account/login?${new URLSearchParams({ error: 'organization' satisfies SignInErrorCode, ReturnUrl: redirectUrl })}`,
          );
        return { success: false, chooseOrganization: result.chooseOrganization, errors } satisfies SignInAnswer;
      }
      const session = result;
      // Signing in again rotates the session: the token this browser held stops working.
      if (request.user)
        await this.commands.execute(new SignOut(request.user.sessionId, commandMeta(request), 'signed in again'));
      this.setSessionCookie(request, response, session);
      if (!wantsJson(request)) return response.redirect(303, redirectUrl);
      return { success: true, redirectUrl } satisfies SignInAnswer;
    } catch (error) {
      if (wantsJson(request) || !(error instanceof DomainError)) throw error;
      // A plain form post comes back to the page with a code the page turns into its sentence (never text: a
      // link can carry any ?error=, and the page must not show it as ours).
      const query = new URLSearchParams({ error: signInErrorCode(error), ReturnUrl: redirectUrl });
      return response.redirect(303, `/account/login?${query}`);
    }
  }

  @Post('account/logout')
  @HttpCode(200)
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Sign out: ends this session on the server and clears the cookie.' })
  async logout(
    @Me() me: CurrentUser,
    @Meta() meta: CommandMeta,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    await this.commands.execute(new SignOut(me.sessionId, meta));
    response.clearCookie(this.cookieName, { path: '/', secure: this.secure(request), httpOnly: true, sameSite: 'lax' });
    return { success: true };
  }

  @Get('api/session')
  @ApiCookieAuth()
  @ApiOperation({
    summary:
      'Initial page data: user, roles, claims, company, and the CSRF token to send as X-CSRF-Token on every state-changing request.',
  })
  async session(@Me() me: CurrentUser, @Req() request: AuthenticatedRequest) {
    const data = await this.queries.execute(new GetSession(me));
    // The Support screen (Company Admin only) shows where to reach the provider's support.
    const support = me.role === 'Company Admin' ? { support: { email: this.config.supportEmail } } : {};
    return { ...data, ...support, csrfToken: csrfTokenFor(this.config.sessionSecret, request.sessionToken!) };
  }

  @Post('ManageAccount/ChangePassword')
  @HttpCode(200)
  @ApiCookieAuth()
  @ApiOperation({ summary: 'Change my password. Ends my other sessions; this one stays.' })
  async changePassword(@Body() body: ChangePasswordDto, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    await this.commands.execute(new ChangeOwnPassword({ ...body, sessionId: me.sessionId }, meta));
    return { success: true };
  }

  @Public()
  @Post('forgotpassword/index')
  @HttpCode(200)
  @ApiOperation({
    summary: 'E-mail a single-use reset link (valid 60 minutes). Answers the same whether or not the address is known.',
  })
  async forgotPassword(@Body() body: ForgotPasswordDto, @Req() request: AuthenticatedRequest) {
    await this.commands.execute(new RequestPasswordReset(body.email, request.ip ?? 'unknown', commandMeta(request)));
    return { success: true };
  }

  @Public()
  @Post('forgotpassword/reset')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a new password with the token of a reset link. Ends every session of the account.' })
  async resetPassword(@Body() body: ResetPasswordDto, @Req() request: AuthenticatedRequest) {
    await this.commands.execute(
      new ResetPassword({ ...body, ipAddress: request.ip ?? 'unknown' }, commandMeta(request)),
    );
    return { success: true };
  }

  @Public()
  @Get('api/account/invitation/:token')
  @ApiOperation({
    summary:
      "What an invitation link's page shows: the organization's name and the invited person's first name, or a 400 when the link is wrong, used or replaced (one message) or has expired. Records nothing (mail scanners open links too).",
  })
  invitationPage(@Param('token') token: string, @Req() request: AuthenticatedRequest): Promise<InvitationPageView> {
    return this.queries.execute(new GetInvitationPage(token, request.ip ?? 'unknown'));
  }

  @Public()
  @Post('account/invitation')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Choose one's password with an invitation link's token (single use, valid 7 days), and be signed in (sets the session cookie).",
  })
  async acceptInvitation(
    @Body() body: AcceptInvitationDto,
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) response: Response,
  ) {
    const session = await this.commands.execute<AcceptInvitation, Extract<SignInResult, { token: string }>>(
      new AcceptInvitation(
        {
          ...body,
          ipAddress: request.ip ?? 'unknown',
          userAgent: request.headers['user-agent'] ?? null,
        },
        commandMeta(request),
      ),
    );
    // Someone else signed in on this browser is signed out: the browser is now the invited person's.
    if (request.user)
      await this.commands.execute(new SignOut(request.user.sessionId, commandMeta(request), 'signed in again'));
    this.setSessionCookie(request, response, session);
    return { success: true, redirectUrl: '/' };
  }

  private setSessionCookie(
    request: Request,
    response: Response,
    session: { token: string; rememberMe: boolean; expiresAt: string },
  ) {
    response.cookie(this.cookieName, session.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure(request),
      path: '/',
      ...(session.rememberMe ? { expires: new Date(session.expiresAt) } : {}),
    });
  }

  private get cookieName(): string {
    return sessionCookieName(this.config.publicUrl);
  }

  private secure(request: Request): boolean {
    return request.secure || this.config.publicUrl.startsWith('https://');
  }
}

/** The code of a refused sign-in, for the redirect back to the sign-in page. */
function signInErrorCode(error: DomainError): SignInErrorCode {
  if (error instanceof UnauthenticatedError) return 'credentials';
  if (error instanceof ForbiddenError) return 'inactive';
  if (error instanceof TooManyRequestsError) return 'throttled';
  if (error instanceof ValidationError) return 'missing';
  return 'failed';
}
