import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsObject,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { ValidationError } from '../core/errors';
import { Nullable, OptionalNotNull, Text } from '../core/http/dto-fields';
import { FREQUENCIES, parseRecurrenceDays, RecurrenceRule } from './recurrence';
import type { JobFields } from './scheduling.events';

/** Request shapes of scheduling (spec §7 Jobs). Shapes only: the rules are the deciders'. */

/** An id that may be null (none). */
const Id = (label: string) =>
  applyDecorators(
    Nullable(),
    IsString({ message: `${label} must be an id` }),
    MaxLength(64, { message: `${label} must be an id` }),
  );

const RECURRENCE_MESSAGE =
  'The repeat rule (recurrenceModel) must be an object with recurringFrequency and its details';

export class JobModelDto {
  @ApiPropertyOptional() @OptionalNotNull() @Text('Job name is required', 200, 'Job name') name?: string;
  @ApiPropertyOptional({ nullable: true }) @Nullable() @Text('Notes must be text', 4000, 'Notes') notes?: string | null;
  @ApiPropertyOptional({ nullable: true }) @Nullable() @Text('Job number must be text', 50, 'Job number') number?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @Nullable() @Text('Job type must be text', 100, 'Job type') type?:
    string | null;
  @ApiPropertyOptional({ example: '2026-06-01T13:00:00Z' })
  @OptionalNotNull()
  @Text('The start must be a date and time', 40, 'The start')
  startDateTime?: string;
  @ApiPropertyOptional({ example: '2026-06-01T13:30:00Z' })
  @OptionalNotNull()
  @Text('The end must be a date and time', 40, 'The end')
  endDateTime?: string;
  @ApiPropertyOptional({ type: [String], description: 'An empty list: nobody' })
  @OptionalNotNull()
  // Decorators register bottom-up, and the first to fail is the message: the list check comes first.
  @IsString({ each: true, message: 'Assigned employees must be a list of user ids' })
  @ArrayMaxSize(100, { message: 'A job can have at most 100 assigned employees' })
  @IsArray({ message: 'Assigned employees must be a list of user ids' })
  userIds?: string[];
  @ApiPropertyOptional({ nullable: true }) @Id('The lead employee') leadUserId?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'null: Internal' }) @Id('The customer') customerId?:
    string | null;
  @ApiPropertyOptional({ nullable: true, example: '#2F9E44' })
  @Nullable()
  @Text('Colour must be a hex colour such as #0D1B41', 7, 'Colour')
  colorOption?: string | null;
  @ApiPropertyOptional({ description: 'Company Admin only; needs a lead' })
  @OptionalNotNull()
  @IsBoolean({ message: 'hideFromScheduleView must be true or false' })
  hideFromScheduleView?: boolean;
  @ApiPropertyOptional()
  @OptionalNotNull()
  @IsBoolean({ message: 'availabilityOnly must be true or false' })
  availabilityOnly?: boolean;
}

export class RecurrenceModelDto {
  @ApiPropertyOptional({ nullable: true, description: "Ignored: the job model's start is the first occurrence" })
  @Nullable()
  @Text('The starting date must be a date and time', 40, 'The starting date')
  startingDateTime?: string | null;
  @ApiPropertyOptional({ enum: ['Never', ...FREQUENCIES], default: 'One-Time' })
  @OptionalNotNull()
  @IsIn(['Never', ...FREQUENCIES], { message: 'Repeat must be Never, Daily, Weekly or Monthly' })
  recurringFrequency?: string;
  @ApiPropertyOptional({ example: 'monday,thursday', description: 'Weekly: comma-separated lowercase weekday names' })
  @OptionalNotNull()
  @Transform(({ value }) => (Array.isArray(value) ? value.join(',') : value))
  @Text('Repeat days must be weekday names such as monday,thursday', 100, 'Repeat days')
  recurrenceDays?: string;
  @ApiPropertyOptional({ nullable: true, example: '2026-12-31', description: 'null: no end' })
  @Nullable()
  @Text('The end date must be a date (YYYY-MM-DD)', 40, 'The end date')
  expireDate?: string | null;
  @ApiPropertyOptional({ default: 1, nullable: true, description: 'Weekly: repeat every N weeks; null or absent: 1' })
  @Nullable()
  // Read as a number only when short (at most 52 weeks): a longer text is refused (NaN) without being parsed.
  @Transform(({ value }) =>
    value === '' || value === null
      ? undefined
      : typeof value === 'string'
        ? value.length <= 10
          ? Number(value)
          : Number.NaN
        : value,
  )
  weeklyRecurrence?: number;
}

export class CreateJobDto {
  @ApiProperty({ type: JobModelDto })
  @ValidateNested()
  @Type(() => JobModelDto)
  @IsObject({ message: "The job (jobModel) must be an object with the job's fields" })
  @IsDefined({ message: 'The job (jobModel) is required' })
  jobModel!: JobModelDto;
  @ApiPropertyOptional({ type: RecurrenceModelDto, nullable: true, description: 'null or absent: a one-time job' })
  @Nullable()
  @ValidateNested()
  @Type(() => RecurrenceModelDto)
  @IsObject({ message: RECURRENCE_MESSAGE })
  recurrenceModel?: RecurrenceModelDto | null;
}

export class ChangeJobDto extends JobModelDto {
  @ApiPropertyOptional({
    type: RecurrenceModelDto,
    nullable: true,
    description: 'Only with scope=series; null or absent: the rule stays',
  })
  @Nullable()
  @ValidateNested()
  @Type(() => RecurrenceModelDto)
  @IsObject({ message: RECURRENCE_MESSAGE })
  recurrenceModel?: RecurrenceModelDto | null;
}

export class CalendarChangeDto {
  @ApiProperty() @Text('Each change needs the id of a job', 64, 'The id') id!: string;
  @ApiPropertyOptional()
  @OptionalNotNull()
  @Text('The start must be a date and time', 40, 'The start')
  startDateTime?: string;
  @ApiPropertyOptional()
  @OptionalNotNull()
  @Text('The end must be a date and time', 40, 'The end')
  endDateTime?: string;
  @ApiPropertyOptional({ type: [String], description: 'TimelineDay: the row it was dropped on' })
  @OptionalNotNull()
  @IsArray({ message: 'Assigned employees must be a list of user ids' })
  @IsString({ each: true, message: 'Assigned employees must be a list of user ids' })
  userIds?: string[];
  @ApiPropertyOptional({ nullable: true, description: 'TimelineDay: the person of the row it was dropped on leads it' })
  @Id('The lead employee')
  leadUserId?: string | null;
}

/** Batched calendar edits (drag, resize, delete): each applies to that occurrence only. */
export class CalendarBatchDto {
  @ApiPropertyOptional({ type: [CalendarChangeDto], nullable: true, description: 'null or absent: none' })
  @ValidateNested({ each: true })
  @Type(() => CalendarChangeDto)
  @IsObject({ each: true, message: 'Each change must be an object with the id of a job' })
  @ArrayMaxSize(200, { message: 'Send at most 200 changes at once' })
  @IsArray({ message: 'changed must be a list of changes' })
  @Nullable()
  changed?: CalendarChangeDto[] | null;
  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    description: 'Ids of jobs (or { id } objects); null or absent: none',
  })
  @IsString({ each: true, message: 'deleted must be a list of job ids' })
  @Transform(({ value }) => (Array.isArray(value) ? value.map((v) => (typeof v === 'object' && v ? v.id : v)) : value))
  @ArrayMaxSize(200, { message: 'Delete at most 200 jobs at once' })
  @IsArray({ message: 'deleted must be a list of job ids' })
  @Nullable()
  deleted?: string[] | null;
}

/** The job model as fields; absent ones stay undefined (a patch), or take defaults when creating. */
export function toFields(model: JobModelDto): Partial<JobFields> {
  const out: Partial<JobFields> = {
    name: model.name,
    notes: model.notes,
    number: model.number,
    type: model.type,
    userIds: model.userIds,
    leadUserId: model.leadUserId,
    customerId: model.customerId,
    colorOption: model.colorOption,
    hideFromScheduleView: model.hideFromScheduleView,
    availabilityOnly: model.availabilityOnly,
    start: model.startDateTime,
    end: model.endDateTime,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

export function newJobFields(model: JobModelDto): JobFields {
  if (!model.startDateTime) throw new ValidationError('The start must be a date and time');
  if (!model.endDateTime) throw new ValidationError('The end must be a date and time');
  return {
    name: '',
    notes: null,
    number: null,
    type: null,
    userIds: [],
    leadUserId: null,
    customerId: null,
    colorOption: null,
    hideFromScheduleView: false,
    availabilityOnly: false,
    start: model.startDateTime,
    end: model.endDateTime,
    ...toFields(model),
  } as JobFields;
}

/** Never / One-Time, or no rule at all → null (a one-time job). */
export function toRule(model: RecurrenceModelDto | null | undefined): RecurrenceRule | null {
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
