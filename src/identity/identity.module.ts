import { Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { REDIS } from '../core/core.module';
import { AccountController } from './account.controller';
import { AuthGuard } from './auth.guard';
import { CommandReceiptsInterceptor } from './command-receipts.interceptor';
import {
  ChangeOwnPasswordHandler,
  RequestPasswordResetHandler,
  ResetPasswordHandler,
  SignInHandler,
  SignOutHandler,
} from './account.handlers';
import {
  CreateOrganizationHandler,
  SetOrganizationHolidaysHandler,
  SetOrganizationLogoHandler,
  UpdateOrganizationSettingsHandler,
} from './organization.handlers';
import {
  CreateUserHandler,
  DeleteUserHandler,
  SetProfilePictureHandler,
  UpdateProfileHandler,
  UpdateUserHandler,
} from './user.handlers';
import {
  GetOrganizationHolidaysHandler,
  GetOrganizationSettingsHandler,
  GetProfileHandler,
  GetSessionHandler,
  ListActiveEmployeesHandler,
  ListUsersHandler,
} from './identity.queries';
import { LoginThrottle } from './login-throttle';
import { PasswordResetThrottle } from './password-reset-throttle';
import { InvitationThrottle } from './invitation-throttle';
import {
  AcceptInvitationHandler,
  GetInvitationPageHandler,
  InvitationMail,
  ResendInvitationHandler,
} from './invitation.handlers';
import { MailLogoController, OrganizationController } from './organization.controller';
import { GetMailLogoHandler, MailLogoThrottle } from './mail-logo';
import { ProfileController } from './profile.controller';
import { UsersController } from './users.controller';
import { SessionsModule } from './sessions.module';

@Module({
  imports: [SessionsModule],
  controllers: [AccountController, UsersController, OrganizationController, MailLogoController, ProfileController],
  providers: [
    { provide: APP_GUARD, useClass: AuthGuard },
    // Every route's commands sent with X-Command-Id are executed at most once (docs/offline.md).
    { provide: APP_INTERCEPTOR, useClass: CommandReceiptsInterceptor },
    { provide: LoginThrottle, inject: [REDIS], useFactory: (redis) => new LoginThrottle(redis) },
    { provide: PasswordResetThrottle, inject: [REDIS], useFactory: (redis) => new PasswordResetThrottle(redis) },
    { provide: InvitationThrottle, inject: [REDIS], useFactory: (redis) => new InvitationThrottle(redis) },
    { provide: MailLogoThrottle, inject: [REDIS], useFactory: (redis) => new MailLogoThrottle(redis) },
    GetMailLogoHandler,
    InvitationMail,
    ResendInvitationHandler,
    AcceptInvitationHandler,
    GetInvitationPageHandler,
    SignInHandler,
    SignOutHandler,
    ChangeOwnPasswordHandler,
    RequestPasswordResetHandler,
    ResetPasswordHandler,
    CreateOrganizationHandler,
    UpdateOrganizationSettingsHandler,
    SetOrganizationLogoHandler,
    SetOrganizationHolidaysHandler,
    CreateUserHandler,
    UpdateUserHandler,
    DeleteUserHandler,
    UpdateProfileHandler,
    SetProfilePictureHandler,
    GetSessionHandler,
    ListUsersHandler,
    ListActiveEmployeesHandler,
    GetOrganizationSettingsHandler,
    GetOrganizationHolidaysHandler,
    GetProfileHandler,
  ],
})
export class IdentityModule {}
