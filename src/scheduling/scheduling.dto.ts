import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsIn, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { ValidationError } from '../core/errors';
import { Text } from '../core/http/dto-fields';
import { FREQUENCIES, parseRecurrenceDays, RecurrenceRule } from './recurrence';
import type { JobFields } from './scheduling.events';

/** Request shapes of scheduling (spec §7 Jobs). Shapes only: the rules are the deciders'. */

const Id = (label: string) => applyDecorators(IsOptional(), IsString({ message: `${label} must be an id` }), MaxLength(64, { message: `${label} must be an id` }));

export class JobModelDto {
  @ApiPropertyOptional() @IsOptional() @Text('Job name is required', 200, 'Job name') name?: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Text('Notes must be text', 4000, 'Notes') notes?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Text('Job number must be text', 50, 'Job number') number?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Text('Job type must be text', 100, 'Job type') type?: string | null;
  @ApiPropertyOptional({ example: '2026-06-01T13:00:00Z' }) @IsOptional() @Text('The start must be a date and time', 40, 'The start') startDateTime?: string;
  @ApiPropertyOptional({ example: '2026-06-01T13:30:00Z' }) @IsOptional() @Text('The end must be a date and time', 40, 'The end') endDateTime?: string;
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray({ message: 'Assigned employees must be a list of user ids' })
  @ArrayMaxSize(100, { message: 'A job can have at most 100 assigned employees' })
  @IsString({ each: true, message: 'Assigned employees must be a list of user ids' })
  userIds?: string[];
  @ApiPropertyOptional({ nullable: true }) @Id('The lead employee') leadUserId?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'null: Internal' }) @Id('The customer') customerId?: string | null;
  @ApiPropertyOptional({ nullable: true, example: '#2F9E44' }) @IsOptional() @Text('Colour must be a hex colour such as #0D1B41', 7, 'Colour') colorOption?: string | null;
  @ApiPropertyOptional({ description: 'Company Admin only; needs a lead' }) @IsOptional() @IsBoolean({ message: 'hideFromScheduleView must be true or false' }) hideFromScheduleView?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean({ message: 'availabilityOnly must be true or false' }) availabilityOnly?: boolean;
}

export class RecurrenceModelDto {
  @ApiPropertyOptional({ description: 'Ignored: the job model\'s start is the first occurrence' }) @IsOptional() @IsString() @MaxLength(40) startingDateTime?: string;
  @ApiPropertyOptional({ enum: ['Never', ...FREQUENCIES], default: 'One-Time' })
  @IsOptional()
  @IsIn(['Never', ...FREQUENCIES], { message: 'Repeat must be Never, Daily, Weekly or Monthly' })
  recurringFrequency?: string;
  @ApiPropertyOptional({ example: 'monday,thursday', description: 'Weekly: comma-separated lowercase weekday names' })
  @IsOptional()
  @Transform(({ value }) => (Array.isArray(value) ? value.join(',') : value))
  @Text('Repeat days must be weekday names such as monday,thursday', 100, 'Repeat days')
  recurrenceDays?: string;
  @ApiPropertyOptional({ nullable: true, example: '2026-12-31' }) @IsOptional() @Text('The end date must be a date (YYYY-MM-DD)', 40, 'The end date') expireDate?: string | null;
  @ApiPropertyOptional({ default: 1, description: 'Weekly: repeat every N weeks' })
  @IsOptional()
  @Transform(({ value }) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value))
  weeklyRecurrence?: number;
}

export class CreateJobDto {
  @ApiProperty({ type: JobModelDto }) @IsDefined({ message: 'The job (jobModel) is required' }) @ValidateNested() @Type(() => JobModelDto) jobModel!: JobModelDto;
  @ApiPropertyOptional({ type: RecurrenceModelDto }) @IsOptional() @ValidateNested() @Type(() => RecurrenceModelDto) recurrenceModel?: RecurrenceModelDto;
}

export class ChangeJobDto extends JobModelDto {
  @ApiPropertyOptional({ type: RecurrenceModelDto, description: 'Only with scope=series' }) @IsOptional() @ValidateNested() @Type(() => RecurrenceModelDto) recurrenceModel?: RecurrenceModelDto;
}

export class CalendarChangeDto {
  @ApiProperty() @Text('Each change needs the id of a job', 64, 'The id') id!: string;
  @ApiPropertyOptional() @IsOptional() @Text('The start must be a date and time', 40, 'The start') startDateTime?: string;
  @ApiPropertyOptional() @IsOptional() @Text('The end must be a date and time', 40, 'The end') endDateTime?: string;
  @ApiPropertyOptional({ type: [String], description: 'TimelineDay: the row it was dropped on' })
  @IsOptional()
  @IsArray({ message: 'Assigned employees must be a list of user ids' })
  @IsString({ each: true, message: 'Assigned employees must be a list of user ids' })
  userIds?: string[];
}

/** Batched calendar edits (drag, resize, delete): each applies to that occurrence only. */
export class CalendarBatchDto {
  @ApiPropertyOptional({ type: [CalendarChangeDto] }) @IsOptional() @IsArray() @ArrayMaxSize(200) @ValidateNested({ each: true }) @Type(() => CalendarChangeDto) changed?: CalendarChangeDto[];
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @IsArray() @ArrayMaxSize(200) @Transform(({ value }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'object' && v ? v.id : v)) : value)) @IsString({ each: true }) deleted?: string[];
}

export class CalendarRangeDto {
  @ApiPropertyOptional({ description: 'MM/DD/YYYY (a day in the organization\'s time zone) or an ISO instant' }) @IsOptional() @Text('StartDate must be a date (MM/DD/YYYY)', 40, 'StartDate') StartDate?: string;
  @ApiPropertyOptional({ description: 'MM/DD/YYYY (inclusive) or an ISO instant (exclusive)' }) @IsOptional() @Text('EndDate must be a date (MM/DD/YYYY)', 40, 'EndDate') EndDate?: string;
  @ApiPropertyOptional() @IsOptional() @Transform(({ value }) => value === true || value === 'true') @IsBoolean() showRequestableJobs?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) availabilityUserId?: string;
}

/** The job model as fields; absent ones stay undefined (a patch), or take defaults when creating. */
export function toFields(model: JobModelDto): Partial<JobFields> {
  const out: Partial<JobFields> = {
    name: model.name, notes: model.notes, number: model.number, type: model.type, userIds: model.userIds, leadUserId: model.leadUserId,
    customerId: model.customerId, colorOption: model.colorOption, hideFromScheduleView: model.hideFromScheduleView,
    availabilityOnly: model.availabilityOnly, start: model.startDateTime, end: model.endDateTime,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

export function newJobFields(model: JobModelDto): JobFields {
  if (!model.startDateTime) throw new ValidationError('The start must be a date and time');
  if (!model.endDateTime) throw new ValidationError('The end must be a date and time');
  return {
    name: '', notes: null, number: null, type: null, userIds: [], leadUserId: null, customerId: null, colorOption: null,
    hideFromScheduleView: false, availabilityOnly: false, start: model.startDateTime, end: model.endDateTime,
    ...toFields(model),
  } as JobFields;
}

/** Never / One-Time → null (a one-time job). */
export function toRule(model: RecurrenceModelDto | undefined): RecurrenceRule | null {
  const frequency = model?.recurringFrequency ?? 'One-Time';
  if (frequency === 'Never' || frequency === 'One-Time') return null;
  const { days, unknown } = parseRecurrenceDays(model?.recurrenceDays);
  if (unknown.length) throw new ValidationError(`"${unknown[0]}" is not a day of the week (use monday … sunday)`);
  const expire = model?.expireDate ? String(model.expireDate).slice(0, 10) : null;
  return {
    frequency: frequency as RecurrenceRule['frequency'],
    days: frequency === 'Weekly' ? days : [],
    weeklyRecurrence: frequency === 'Weekly' ? (model?.weeklyRecurrence ?? 1) : 1,
    expireDate: expire,
  };
}
