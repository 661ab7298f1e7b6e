import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ROLES, Role } from './roles';

/** Request and response shapes of identity's routes. Shapes only: the rules are the deciders'. */

const toBoolean = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : value === true || value === 'true' || value === 'on' || value === '1');

export class LoginDto {
  @ApiProperty({ description: 'The e-mail address' }) @IsOptional() @IsString({ message: 'Email is required' }) @MaxLength(254) username!: string;
  @ApiProperty() @IsOptional() @IsString({ message: 'Password is required' }) @MaxLength(1024) password!: string;
  @ApiPropertyOptional() @IsOptional() @Transform(toBoolean) @IsBoolean() RememberMe?: boolean;
  @ApiPropertyOptional({ description: 'Same-site path to go to after signing in' }) @IsOptional() @IsString() @MaxLength(2000) RedirectUrl?: string;
}

export class ChangePasswordDto {
  @ApiProperty() @IsString({ message: 'Current password is required' }) @MaxLength(1024) currentPassword!: string;
  @ApiProperty() @IsString({ message: 'New password is required' }) @MaxLength(1024) newPassword!: string;
  @ApiProperty() @IsString({ message: 'Confirm the new password' }) @MaxLength(1024) confirmPassword!: string;
}

export class ForgotPasswordDto {
  @ApiProperty() @IsString({ message: 'Email is required' }) @MaxLength(254) email!: string;
}

export class ResetPasswordDto {
  @ApiProperty({ description: 'The token from the e-mailed link' }) @IsString({ message: 'This reset link is not valid' }) @MaxLength(200) token!: string;
  @ApiProperty() @IsString({ message: 'New password is required' }) @MaxLength(1024) password!: string;
  @ApiProperty() @IsString({ message: 'Confirm the new password' }) @MaxLength(1024) confirmPassword!: string;
}

export class UserInputDto {
  @ApiPropertyOptional() @IsOptional() @IsString({ message: 'First name is required' }) @MaxLength(100) firstName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString({ message: 'Last name is required' }) @MaxLength(100) lastName?: string;
  @ApiPropertyOptional() @IsOptional() @IsString({ message: 'Email is required' }) @MaxLength(254) email?: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(50) employeeId?: string | null;
  @ApiPropertyOptional({ nullable: true, example: '(555) 123-4567' }) @IsOptional() @IsString() @MaxLength(30) phoneNumber?: string | null;
  @ApiPropertyOptional({ example: '#0D1B41' }) @IsOptional() @IsString() @MaxLength(7) colorCode?: string;
  @ApiPropertyOptional({ enum: ROLES, isArray: true, description: 'One role' })
  @IsOptional()
  @Transform(({ value }) => (Array.isArray(value) ? value[0] : value))
  @IsIn(ROLES as unknown as string[], { message: 'Role must be Associate, Company Admin or Customer Manager' })
  roles?: Role;
  @ApiPropertyOptional({ enum: ROLES }) @IsOptional() @IsIn(ROLES as unknown as string[], { message: 'Role must be Associate, Company Admin or Customer Manager' }) role?: Role;
}

export class CreateUserDto extends UserInputDto {
  @ApiProperty({ description: 'Write only; at least 8 characters' }) @IsOptional() @IsString({ message: 'Password is required' }) @MaxLength(1024) password!: string;
}

export class UpdateUserDto extends UserInputDto {
  @ApiPropertyOptional() @IsOptional() @Transform(toBoolean) @IsBoolean({ message: 'Active must be true or false' }) active?: boolean;
}

export class PagedQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) filter?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'] }) @IsOptional() @IsIn(['asc', 'desc', 'ascending', 'descending'], { message: 'sortDir must be asc or desc' }) sortDir?: string;
  @ApiPropertyOptional({ default: 1 }) @IsOptional() @Transform(({ value }) => Number(value)) @IsInt({ message: 'currentPage must be a whole number' }) @Min(1, { message: 'currentPage must be 1 or more' }) currentPage?: number;
  @ApiPropertyOptional({ default: 50 }) @IsOptional() @Transform(({ value }) => Number(value)) @IsInt({ message: 'pageSize must be a whole number' }) @Min(1, { message: 'pageSize must be 1 or more' }) @Max(1000, { message: 'pageSize must be at most 1000' }) pageSize?: number;
}

export class UsersPagedQueryDto extends PagedQueryDto {
  @ApiPropertyOptional() @IsOptional() @Transform(toBoolean) @IsBoolean() hideInactive?: boolean;
}

export class OrganizationSettingsDto {
  @ApiPropertyOptional() @IsOptional() @IsString({ message: 'Organization name is required' }) @MaxLength(200) name?: string;
  @ApiPropertyOptional({ example: 'America/New_York' }) @IsOptional() @IsString({ message: 'Time zone is required' }) @MaxLength(64) timeZone?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'pickUpJobsEnabled must be true or false' }) pickUpJobsEnabled?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'automatedRatingEmailsEnabled must be true or false' }) automatedRatingEmailsEnabled?: boolean;
}

export class ProfileDto {
  @ApiProperty() @IsOptional() @IsString({ message: 'First name is required' }) @MaxLength(100) firstName?: string;
  @ApiProperty() @IsOptional() @IsString({ message: 'Last name is required' }) @MaxLength(100) lastName?: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() @MaxLength(30) phone?: string | null;
}

export class FileUploadDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'PNG, JPEG, GIF or WebP; 2.5 MB at most' }) File!: unknown;
}
