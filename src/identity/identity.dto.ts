import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import { Nullable, OptionalNotNull, Text, toBoolean } from '../core/http/dto-fields';
import { PageQueryDto } from '../core/http/page-query.dto';
import { ROLES, Role } from '../shared/session';
import { OVERTIME_RULES, PAY_PERIOD_FREQUENCIES, OvertimeRule, PayPeriodFrequency } from '../shared/payroll';
import {
  VISIT_REMINDER_DAYS_MAX,
  VISIT_REMINDER_HOURS_MAX,
  VISIT_REMINDER_MODES,
  VisitReminderMode,
} from '../shared/notices';
import { LATE_GRACE_PROBLEM, OFFLINE_CLOCK_LIMIT_PROBLEM } from './organization.decider';

/** Request and response shapes of identity's routes. Shapes only: the rules are the deciders'. */

export class LoginDto {
  @ApiProperty({ description: 'The e-mail address' })
  @OptionalNotNull()
  @Text('Email is required', 254, 'Email')
  username!: string;
  @ApiProperty() @OptionalNotNull() @Text('Password is required', 1024, 'Password') password!: string;
  @ApiPropertyOptional({
    nullable: true,
    description: 'The organization to sign in to, when the address and password open accounts in several',
  })
  @Nullable()
  @Text('The organization must be text', 36, 'The organization')
  organizationId?: string | null;
  @ApiPropertyOptional()
  @OptionalNotNull()
  @Transform(toBoolean)
  @IsBoolean({ message: 'RememberMe must be true or false' })
  RememberMe?: boolean;
  @ApiPropertyOptional({
    nullable: true,
    description: 'Same-site path to go to after signing in; null or absent: the home page',
  })
  @Nullable()
  @Text('The return URL must be text', 2000, 'The return URL')
  RedirectUrl?: string | null;
}

export class ChangePasswordDto {
  @ApiProperty() @Text('Current password is required', 1024, 'The password') currentPassword!: string;
  @ApiProperty() @Text('New password is required', 1024, 'The password') newPassword!: string;
  @ApiProperty() @Text('Confirm the new password', 1024, 'The password') confirmPassword!: string;
}

export class ForgotPasswordDto {
  @ApiProperty() @Text('Email is required', 254, 'Email') email!: string;
}

export class ResetPasswordDto {
  @ApiProperty({ description: 'The token from the e-mailed link' })
  @Text('This reset link is not valid', 200, 'The reset link')
  token!: string;
  @ApiProperty() @Text('New password is required', 1024, 'Password') password!: string;
  @ApiProperty() @Text('Confirm the new password', 1024, 'The password') confirmPassword!: string;
}

export class UserInputDto {
  @ApiPropertyOptional() @OptionalNotNull() @Text('First name is required', 100, 'First name') firstName?: string;
  @ApiPropertyOptional() @OptionalNotNull() @Text('Last name is required', 100, 'Last name') lastName?: string;
  @ApiPropertyOptional() @OptionalNotNull() @Text('Email is required', 254, 'Email') email?: string;
  @ApiPropertyOptional({ nullable: true, description: 'null or blank clears it' })
  @Nullable()
  @Text('Employee ID must be text', 50, 'Employee ID')
  employeeId?: string | null;
  @ApiPropertyOptional({ nullable: true, example: '(555) 123-4567', description: 'null or blank clears it' })
  @Nullable()
  @Text('Phone number must be text', 30, 'Phone number')
  phoneNumber?: string | null;
  @ApiPropertyOptional({ example: '#0D1B41' })
  @OptionalNotNull()
  @Text('Colour must be a hex colour such as #0D1B41', 7, 'Colour')
  colorCode?: string;
  @ApiPropertyOptional({ enum: ROLES, isArray: true, description: 'One role' })
  @OptionalNotNull()
  @Transform(({ value }) => (Array.isArray(value) ? value[0] : value))
  @IsIn(ROLES as unknown as string[], { message: 'Role must be Associate, Company Admin or Customer Manager' })
  roles?: Role;
  @ApiPropertyOptional({ enum: ROLES })
  @OptionalNotNull()
  @IsIn(ROLES as unknown as string[], { message: 'Role must be Associate, Company Admin or Customer Manager' })
  role?: Role;
}

export class CreateUserDto extends UserInputDto {
  @ApiPropertyOptional({ description: 'Write only; at least 8 characters. Required unless invite is true.' })
  @OptionalNotNull()
  @Text('Password is required', 1024, 'Password')
  password?: string;
  @ApiPropertyOptional({
    description: 'true: no password; the user is e-mailed a single-use link (valid 7 days) to choose their own',
  })
  @OptionalNotNull()
  @Transform(toBoolean)
  @IsBoolean({ message: 'Invite must be true or false' })
  invite?: boolean;
}

export class AcceptInvitationDto {
  @ApiProperty({ description: "The invitation link's token" })
  @Text('This invitation link is incomplete', 200, 'The token')
  token!: string;
  @ApiProperty() @Text('New password is required', 1024, 'Password') password!: string;
  @ApiProperty() @Text('Confirm the new password', 1024, 'The password') confirmPassword!: string;
}

export class UpdateUserDto extends UserInputDto {
  @ApiPropertyOptional({ nullable: true, description: 'null or absent: unchanged' })
  @Nullable()
  @Transform(toBoolean)
  @IsBoolean({ message: 'Active must be true or false' })
  active?: boolean | null;
}

/** A table's search and sort, with its paging. A query string has no null, so @IsOptional() here only means absent. */
export class PagedQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @Text('The search must be text', 200, 'The search') filter?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] })
  @IsOptional()
  @IsIn(['asc', 'desc', 'ascending', 'descending'], { message: 'sortDir must be asc or desc' })
  sortDir?: string;
}

export class UsersPagedQueryDto extends PagedQueryDto {
  @ApiPropertyOptional()
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'hideInactive must be true or false' })
  hideInactive?: boolean;
}

const REMINDER_TIME_PROBLEM = 'The reminder time must be a time of day (HH:MM)';
const REMINDER_WINDOW_PROBLEM = 'The sending window must be two times of day (HH:MM)';

export class OrganizationSettingsDto {
  @ApiPropertyOptional()
  @OptionalNotNull()
  @Text('Organization name is required', 200, 'Organization name')
  name?: string;
  @ApiPropertyOptional({ example: 'America/New_York' })
  @OptionalNotNull()
  @Text('Time zone is required', 64, 'Time zone')
  timeZone?: string;
  @ApiPropertyOptional()
  @OptionalNotNull()
  @IsBoolean({ message: 'pickUpJobsEnabled must be true or false' })
  pickUpJobsEnabled?: boolean;
  @ApiPropertyOptional()
  @OptionalNotNull()
  @IsBoolean({ message: 'automatedRatingEmailsEnabled must be true or false' })
  automatedRatingEmailsEnabled?: boolean;
  @ApiPropertyOptional({
    description:
      "Minutes after a job's start with nobody of its crew on the clock before Home marks it late (0–240, default 10)",
  })
  @OptionalNotNull()
  @IsInt({ message: LATE_GRACE_PROBLEM })
  lateGraceMinutes?: number;
  @ApiPropertyOptional({
    description:
      "Hours: a time sent from a phone that was offline, starting more than this many hours before it reached us or in the future, goes to a manager's review (1–72, default 12)",
  })
  @OptionalNotNull()
  @IsInt({ message: OFFLINE_CLOCK_LIMIT_PROBLEM })
  offlineClockLimitHours?: number;
  @ApiPropertyOptional({ enum: PAY_PERIOD_FREQUENCIES, description: 'How often people are paid (default weekly)' })
  @OptionalNotNull()
  @IsIn(PAY_PERIOD_FREQUENCIES, { message: 'The pay period must be weekly, biweekly, semimonthly or monthly' })
  payPeriodFrequency?: PayPeriodFrequency;
  @ApiPropertyOptional({ example: '2026-01-04', description: 'A first day of a two-week pay period (biweekly)' })
  @OptionalNotNull()
  @Text('The first day of a two-week pay period is required', 10, 'The first day of a two-week pay period')
  payPeriodAnchorDate?: string;
  @ApiPropertyOptional({ description: "The week's first day: 0 Sunday … 6 Saturday (default 0)" })
  @OptionalNotNull()
  @IsInt({ message: "The week's first day must be 0 (Sunday) to 6 (Saturday)" })
  weekStartsOn?: number;
  @ApiPropertyOptional({ enum: OVERTIME_RULES, description: 'none, weekly40 (over 40 hours a week) or california' })
  @OptionalNotNull()
  @IsIn(OVERTIME_RULES, { message: 'The overtime rule must be none, weekly40 or california' })
  overtimeRule?: OvertimeRule;
  @ApiPropertyOptional({ description: 'Associates submit their timesheet before a manager approves it' })
  @OptionalNotNull()
  @IsBoolean({ message: 'Timesheet submission must be true or false' })
  timesheetSubmission?: boolean;
  // Visit reminders (issue #31 item 2): the types here; the decider checks them together (visitReminderSettingsProblem).
  @ApiPropertyOptional({
    enum: VISIT_REMINDER_MODES,
    description: 'Reminder e-mails to customers before a visit: off (default), hoursBefore or daysBefore',
  })
  @OptionalNotNull()
  @IsIn(VISIT_REMINDER_MODES, { message: 'Visit reminders must be off, hoursBefore or daysBefore' })
  visitReminders?: VisitReminderMode;
  @ApiPropertyOptional({
    description: `hoursBefore: how many hours before the visit (1–${VISIT_REMINDER_HOURS_MAX}, default 24)`,
  })
  @OptionalNotNull()
  @IsInt({ message: `Send reminders 1 to ${VISIT_REMINDER_HOURS_MAX} hours before a visit` })
  visitReminderHours?: number;
  @ApiPropertyOptional({
    description: `daysBefore: how many days before the visit's day (1–${VISIT_REMINDER_DAYS_MAX}, default 1)`,
  })
  @OptionalNotNull()
  @IsInt({ message: `Send reminders 1 to ${VISIT_REMINDER_DAYS_MAX} days before a visit` })
  visitReminderDays?: number;
  @ApiPropertyOptional({
    example: '09:00',
    description: "daysBefore: the time of day it is sent, HH:MM in the organization's zone, inside the window",
  })
  @OptionalNotNull()
  @IsString({ message: REMINDER_TIME_PROBLEM })
  @MaxLength(5, { message: REMINDER_TIME_PROBLEM })
  visitReminderTime?: string;
  @ApiPropertyOptional({ example: '08:00', description: 'Reminders are sent from this time of day (HH:MM)' })
  @OptionalNotNull()
  @IsString({ message: REMINDER_WINDOW_PROBLEM })
  @MaxLength(5, { message: REMINDER_WINDOW_PROBLEM })
  visitReminderWindowStart?: string;
  @ApiPropertyOptional({
    example: '20:00',
    description:
      'Reminders are sent until this time of day (HH:MM, 24:00 the end of the day), an hour or more after the start',
  })
  @OptionalNotNull()
  @IsString({ message: REMINDER_WINDOW_PROBLEM })
  @MaxLength(5, { message: REMINDER_WINDOW_PROBLEM })
  visitReminderWindowEnd?: string;
}

/** PUT /api/organization/settings/holidays: the whole list; its items are checked by the decider. */
export class HolidaysDto {
  @ApiProperty({ example: [{ date: '2026-11-26', name: 'Thanksgiving' }] })
  @ArrayMaxSize(200, { message: 'Enter at most 200 holidays' })
  @IsArray({ message: 'Holidays must be a list of dates' })
  holidays!: { date: string; name?: string | null }[];
}

export class ProfileDto {
  @ApiProperty() @OptionalNotNull() @Text('First name is required', 100, 'First name') firstName?: string;
  @ApiProperty() @OptionalNotNull() @Text('Last name is required', 100, 'Last name') lastName?: string;
  @ApiPropertyOptional({ nullable: true, description: 'null or blank clears it' })
  @Nullable()
  @Text('Phone number must be text', 30, 'Phone number')
  phone?: string | null;
  // Tomorrow's jobs by e-mail (issue #31 item 3): the types here; the decider checks them (crewDaySettingsProblem).
  @ApiPropertyOptional({
    description:
      "Tomorrow's jobs by e-mail: every day, the next day's jobs (none sent when it has none). Default false. A PATCH with only this and crewDayEmailHour needs no names.",
  })
  @OptionalNotNull()
  @IsBoolean({ message: "Tomorrow's jobs by e-mail must be on or off" })
  crewDayEmail?: boolean;
  @ApiPropertyOptional({
    minimum: 0,
    maximum: 23,
    description: "The hour the e-mail goes, 0–23 in the organization's time zone (default 18)",
  })
  @OptionalNotNull()
  @IsInt({ message: 'Choose an hour from 0 to 23 for the e-mail' })
  crewDayEmailHour?: number;
}

export class FileUploadDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'PNG, JPEG, GIF or WebP; 2.5 MB at most' })
  File!: unknown;
}
